/// Placeholder: the WireProtocol module is being written (see README.md module map).
public enum WireProtocolModule {}
