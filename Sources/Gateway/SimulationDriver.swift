import Geodesy
import Simulation

/// The gateway's simulation state: the mode controller, and while simulating the route simulator
/// paced on the gateway's clock. Owned and mutated by the `Gateway` actor only.
struct SimulationDriver: Sendable {
    /// Decides real vs simulated.
    var controller: SimulationModeController
    /// Simulated seconds per real second (> 0).
    var speedMultiplier: Double
    /// The simulator driving the active route and its pacing (`speedMultiplier` × the gateway's
    /// clock, bounded catch-up), while simulating.
    var drive: PacedDrive<RouteSimulator>?
    /// The route id the simulator drives.
    var routeID: String?
    /// The active route's geometry, for projecting real fixes (keyed by route id).
    var routeLine: (id: String, line: Polyline)?
    /// The loop pacing the simulator and the patience timer; nil while the mode is `never`.
    var loop: Task<Void, Never>?

    init(mode: SimulationModeController.Mode, speedMultiplier: Double) {
        controller = SimulationModeController(mode: mode)
        self.speedMultiplier = speedMultiplier
    }
}
