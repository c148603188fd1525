public import Geodesy
public import RouteModel
public import Timekeeping

/// Computes a new route for guidance (the Mapbox `RoutingProvider` idea). Navigation never plans
/// routes itself: the Gateway implements this with Waygate's `RoutePlanner`.
public protocol RouteProvider: Sendable {
    /// A route from `request.origin` (leaving along `request.heading` when given) through
    /// `request.waypoints` in order, made with `request.options`; throws when there is none.
    func route(for request: RerouteRequest) async throws -> Route
}

/// Why a route is being replaced; raw values are the wire spellings.
public enum RerouteReason: String, Sendable, Hashable {
    /// The vehicle left the route.
    case offRoute = "off_route"
    /// A periodic check looks for a faster route.
    case fasterRoute = "faster_route"
}

/// What to ask a `RouteProvider` for when rerouting.
public struct RerouteRequest: Sendable, Hashable {
    /// Identifies the request; the answer is handed back with it so stale answers are ignored.
    public var id: Int
    /// Why.
    public var reason: RerouteReason
    /// Where the new route starts: the vehicle's raw position.
    public var origin: Coordinate
    /// The vehicle's course, degrees, when moving fast enough to trust it (Mapbox sends it with a
    /// 90° tolerance so the new route does not start with a U-turn).
    public var heading: Degrees?
    /// The waypoints not reached yet, the final destination last.
    public var waypoints: [Waypoint]
    /// The options of the route being replaced (profile, units, language, avoid).
    public var options: RouteOptions
    /// Fix time of the request.
    public var time: Timestamp?

    /// A request from its parts.
    public init(id: Int, reason: RerouteReason, origin: Coordinate, heading: Degrees?, waypoints: [Waypoint],
                options: RouteOptions, time: Timestamp?) {
        self.id = id
        self.reason = reason
        self.origin = origin
        self.heading = heading
        self.waypoints = waypoints
        self.options = options
        self.time = time
    }
}
