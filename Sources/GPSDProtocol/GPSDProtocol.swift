/// Placeholder: the GPSDProtocol module is being written (see README.md module map).
public enum GPSDProtocolModule {}
