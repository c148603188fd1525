/// The `cmd` names a client may send.
public enum CommandName: String, Sendable, Hashable, Codable, CaseIterable {
    /// `subscribe`: add channels.
    case subscribe
    /// `unsubscribe`: remove channels.
    case unsubscribe
    /// `status`: report the gateway's state.
    case status
    /// `route`: plan routes.
    case route
    /// `select_route`: make an alternative the primary.
    case selectRoute = "select_route"
    /// `start`: begin active guidance.
    case start
    /// `stop`: back to free drive.
    case stop
    /// `camera`: ask for a camera state.
    case camera
    /// `simulate`: change simulation at run time.
    case simulate
    /// `driver_alerts`: switch speech and desktop notifications on or off.
    case driverAlerts = "driver_alerts"
}
