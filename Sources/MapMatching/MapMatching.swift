/// Placeholder: the MapMatching module is being written (see README.md module map).
public enum MapMatchingModule {}
