/// Placeholder: the Servers module is being written (see README.md module map).
public enum ServersModule {}
