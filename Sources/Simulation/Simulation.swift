/// Placeholder: the Simulation module is being written (see README.md module map).
public enum SimulationModule {}
