/// REROUTE: a new route is being sought, found or not found.
public struct RerouteMessage: WireMessage {
    public static let messageClass = "REROUTE"

    /// Why a new route is sought.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The user left the route.
        case offRoute = "off_route"
        /// A faster route appeared.
        case fasterRoute = "faster_route"
    }

    /// How far the reroute got.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// Searching.
        case started
        /// A new route is active (`route_id`).
        case succeeded
        /// No route was found; guidance continues on the old one.
        case failed
    }

    /// Why.
    public var reason: Reason
    /// How far.
    public var state: State
    /// The new route's id, once there is one.
    public var routeID: String?

    /// A REROUTE event.
    public init(reason: Reason, state: State, routeID: String? = nil) {
        self.reason = reason
        self.state = state
        self.routeID = routeID
    }

    enum CodingKeys: String, CodingKey {
        case reason, state, routeID = "route_id"
    }
}

extension RerouteMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("reason", reason)
        object.member("route_id", routeID)
        object.member("state", state)
    }
}
