/// Placeholder: the RoadGraph module is being written (see README.md module map).
public enum RoadGraphModule {}
