/// Placeholder: the Routing module is being written (see README.md module map).
public enum RoutingModule {}
