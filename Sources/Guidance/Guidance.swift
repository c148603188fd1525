/// Placeholder: the Guidance module is being written (see README.md module map).
public enum GuidanceModule {}
