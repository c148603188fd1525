/// Why the Navigation module refused an input.
public enum NavigationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The route has no legs, or a leg has no steps.
    case routeHasNoSteps(legIndex: Int?)
    /// The route's steps together hold fewer than two distinct coordinates.
    case routeHasNoGeometry
    /// A coordinate of the route is not a valid WGS84 position.
    case invalidCoordinate(legIndex: Int, stepIndex: Int)

    /// One line naming the bad input.
    public var description: String {
        switch self {
        case .routeHasNoSteps(let leg?): "route leg \(leg) has no steps"
        case .routeHasNoSteps(nil): "route has no legs"
        case .routeHasNoGeometry: "route geometry has fewer than two distinct points"
        case .invalidCoordinate(let leg, let step): "route leg \(leg) step \(step) has an invalid coordinate"
        }
    }
}
