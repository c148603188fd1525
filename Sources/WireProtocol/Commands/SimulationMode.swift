/// When the simulator drives instead of the real receiver.
public enum SimulationMode: String, Sendable, Hashable, CaseIterable {
    /// Always simulate along the route.
    case always
    /// Simulate only while the real fix is poor or missing.
    case onPoorGPS = "on_poor_gps"
    /// Never simulate.
    case never
}
