/// Placeholder: the RouteFormats module is being written (see README.md module map).
public enum RouteFormatsModule {}
