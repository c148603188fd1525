/// Placeholder: the OSMImport module is being written (see README.md module map).
public enum OSMImportModule {}
