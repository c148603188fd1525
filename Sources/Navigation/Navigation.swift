/// Placeholder: the Navigation module is being written (see README.md module map).
public enum NavigationModule {}
