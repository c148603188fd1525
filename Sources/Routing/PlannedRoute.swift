import Geodesy
import RoadGraph

/// One route found by `RoutePlanner`: a `RoadPath` per leg between consecutive waypoints.
public struct PlannedRoute: Hashable, Sendable {
    /// The legs in order; leg `i` runs from waypoint `i` to waypoint `i + 1`.
    public var legs: [RoadPath]
    /// Where each waypoint was snapped onto the road network.
    public var waypoints: [EdgeSnap]

    /// Total length in metres.
    public var distance: Meters { legs.reduce(0) { $0 + $1.distance } }
    /// Total travel time in seconds, turn costs included.
    public var duration: Seconds { legs.reduce(0) { $0 + $1.duration } }
    /// All edges of all legs in order.
    public var edges: [EdgeID] { legs.flatMap(\.edges) }
}
