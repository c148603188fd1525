/// Placeholder: the Gateway module is being written (see README.md module map).
public enum GatewayModule {}
