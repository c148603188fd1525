/// Placeholder: the SystemIO module is being written (see README.md module map).
public enum SystemIOModule {}
