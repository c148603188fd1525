public import LocationSources
public import Navigation
public import Positioning

/// A snapshot of the gateway for the `status` command.
public struct GatewayStatus: Sendable {
    /// One source's state and counters.
    public struct Source: Sendable {
        /// The source.
        public var id: SourceID
        /// Its counters and device state.
        public var statistics: SourceStatistics
    }

    /// Every source, in the order they were configured.
    public var sources: [Source]
    /// Fixes the gateway has handled, from all sources.
    public var fixes: Int
    /// The last fix handled, if any.
    public var lastFix: Fix?
    /// Free drive or active guidance.
    public var mode: NavigationMode
    /// The route being followed, in active guidance.
    public var routeID: String?
    /// Whether a map is loaded (matching and routing available).
    public var hasMap: Bool
    /// Simulation mode, whether the simulator drives, and its speed multiplier.
    public var simulation: Gateway.SimulationState
}
