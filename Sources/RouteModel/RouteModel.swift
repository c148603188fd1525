/// Placeholder: the RouteModel module is being written (see README.md module map).
public enum RouteModelModule {}
