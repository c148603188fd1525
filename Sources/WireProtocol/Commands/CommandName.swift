/// The `cmd` names a client may send.
public enum CommandName: String, Sendable, Hashable, Codable, CaseIterable {
    case subscribe, unsubscribe, status, route
    case selectRoute = "select_route"
    case start, stop, camera, simulate
}
