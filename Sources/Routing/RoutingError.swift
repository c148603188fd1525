import Geodesy

/// Errors of route planning, each naming the input that caused it.
public enum RoutingError: Error, Equatable, CustomStringConvertible {
    /// No path connects two consecutive waypoints for the profile and avoid options.
    case noRoute(from: Coordinate, to: Coordinate)
    /// No usable road lies within the snapping radius of the waypoint.
    case pointOffNetwork(Coordinate)
    /// The profile name is not `car`, `bike` or `foot`.
    case unknownProfile(String)
    /// The avoid option is not `toll`, `ferry` or `motorway`.
    case unknownAvoidOption(String)
    /// A route needs at least two waypoints.
    case tooFewWaypoints(Int)
    /// Bytes given as a serialized contraction hierarchy are not one (the reason names what is wrong).
    case badHierarchy(String)
    /// Bytes given as a planner's stored tables are not (the reason names what is wrong).
    case badTables(String)

    /// A short human-readable form, for logs and error messages.
    public var description: String {
        switch self {
        case .noRoute(let from, let to): "no route from \(from) to \(to)"
        case .pointOffNetwork(let c): "no road near \(c)"
        case .unknownProfile(let name): "unknown profile '\(name)' (expected car, bike or foot)"
        case .unknownAvoidOption(let name): "unknown avoid option '\(name)' (expected toll, ferry or motorway)"
        case .tooFewWaypoints(let n): "a route needs at least 2 waypoints, got \(n)"
        case .badHierarchy(let reason): "bad contraction hierarchy data: \(reason)"
        case .badTables(let reason): "bad routing tables data: \(reason)"
        }
    }
}
