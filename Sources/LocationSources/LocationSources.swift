/// Placeholder: the LocationSources module is being written (see README.md module map).
public enum LocationSourcesModule {}
