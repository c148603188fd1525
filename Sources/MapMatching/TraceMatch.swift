import Geodesy
import RoadGraph

/// The result of matching a whole trace: one entry per input fix, and the driven path split into
/// segments wherever the trace could not be followed (jumps, stretches far from any road).
public struct TraceMatch: Sendable, Hashable {
    /// The matched position of each input fix, in input order; nil for a fix that could not be matched.
    public var points: [MatchedPoint?]
    /// The driven path, one segment per unbroken run of matched fixes.
    public var segments: [MatchedPath]

    /// A trace match from its parts.
    public init(points: [MatchedPoint?], segments: [MatchedPath]) {
        self.points = points
        self.segments = segments
    }
}

/// Where one fix of a trace was matched.
public struct MatchedPoint: Sendable, Hashable {
    /// The point on the road.
    public var coordinate: Coordinate
    /// Direction of the matched edge at that point, degrees clockwise from north.
    public var bearing: Degrees
    /// Metres from the fix to `coordinate`.
    public var distance: Meters
    /// The directed edge.
    public var edge: EdgeID
    /// Position along `edge`, 0…1 by length.
    public var fraction: Double
    /// The OSM way id.
    public var wayID: Int64
    /// Street name, nil when untagged.
    public var name: String?
    /// Index into `TraceMatch.segments` of the segment this point belongs to.
    public var segment: Int

    /// A matched point from its parts.
    public init(
        coordinate: Coordinate, bearing: Degrees, distance: Meters, edge: EdgeID, fraction: Double, wayID: Int64, name: String?,
        segment: Int
    ) {
        self.coordinate = coordinate
        self.bearing = bearing
        self.distance = distance
        self.edge = edge
        self.fraction = fraction
        self.wayID = wayID
        self.name = name
        self.segment = segment
    }
}

/// A connected stretch of the matched path.
public struct MatchedPath: Sendable, Hashable {
    /// The directed edges driven, in order; consecutive edges meet at a node.
    public var edges: [EdgeID]
    /// The OSM ways driven, in order, consecutive repeats removed.
    public var wayIDs: [Int64]
    /// The line driven, from the first matched point to the last.
    public var geometry: [Coordinate]
    /// Indexes of the first and last input fix matched in this segment.
    public var fixes: ClosedRange<Int>

    /// A path from its parts.
    public init(edges: [EdgeID], wayIDs: [Int64], geometry: [Coordinate], fixes: ClosedRange<Int>) {
        self.edges = edges
        self.wayIDs = wayIDs
        self.geometry = geometry
        self.fixes = fixes
    }
}
