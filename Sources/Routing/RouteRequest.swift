/// What to plan: waypoints in order, the profile, options to avoid, and how many alternatives.
public struct RouteRequest: Hashable, Sendable {
    /// Origin, vias and destination in order (at least two).
    public var waypoints: [RouteWaypoint]
    /// Profile name: `car`, `bike` or `foot`.
    public var profile: String
    /// Road kinds to avoid.
    public var avoid: Set<AvoidOption>
    /// Maximum number of alternatives besides the best route (0…2); only single-leg routes get alternatives.
    public var alternatives: Int
    /// How far in metres a waypoint may lie from the nearest usable road.
    public var snapRadius: Double

    /// A request; see the properties for the meaning of each parameter.
    public init(
        waypoints: [RouteWaypoint], profile: String = "car", avoid: Set<AvoidOption> = [], alternatives: Int = 0,
        snapRadius: Double = 300
    ) {
        self.waypoints = waypoints
        self.profile = profile
        self.avoid = avoid
        self.alternatives = alternatives
        self.snapRadius = snapRadius
    }
}
