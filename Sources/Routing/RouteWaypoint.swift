import Geodesy

/// A point a route must pass, optionally with the direction the traveller is heading there.
public struct RouteWaypoint: Hashable, Sendable {
    /// The position.
    public var coordinate: Coordinate
    /// Direction of travel in degrees clockwise from north; only roads leaving in that direction are snapped to.
    public var heading: Degrees?
    /// Allowed difference in degrees between `heading` and a road's direction.
    public var headingTolerance: Degrees

    /// A waypoint at `coordinate`, optionally with a heading (± `headingTolerance` degrees).
    public init(_ coordinate: Coordinate, heading: Degrees? = nil, headingTolerance: Degrees = 45) {
        self.coordinate = coordinate
        self.heading = heading
        self.headingTolerance = headingTolerance
    }
}
