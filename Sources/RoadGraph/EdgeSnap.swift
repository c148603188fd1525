import Geodesy

/// Where a coordinate falls on a directed edge: the closest point, its distance and position along.
public struct EdgeSnap: Hashable, Sendable {
    /// The edge snapped to.
    public var edge: EdgeID
    /// The closest point on the edge.
    public var coordinate: Coordinate
    /// Distance in metres from the query point to `coordinate`.
    public var distance: Meters
    /// Position of `coordinate` along the edge in its direction of travel, 0 at its start and 1 at its end (by length).
    public var fraction: Double
    /// The direction of travel of the edge at `coordinate`, degrees clockwise from north.
    public var bearing: Degrees

    /// A snap result from its parts.
    public init(edge: EdgeID, coordinate: Coordinate, distance: Meters, fraction: Double, bearing: Degrees) {
        self.edge = edge
        self.coordinate = coordinate
        self.distance = distance
        self.fraction = fraction
        self.bearing = bearing
    }
}
