import Geodesy

/// A path through the road graph for one route leg, with everything guidance needs to describe it:
/// the edges in order with their attributes, the geometry from the snapped start to the snapped end,
/// and at every node passed the bearings and attributes of all roads meeting there.
///
///     start ──seg 0──▶ (intersection 0) ──seg 1──▶ (intersection 1) ──seg 2──▶ end
///
/// `intersections[i]` joins `segments[i]` and `segments[i + 1]`.
public struct RoadPath: Hashable, Sendable {
    /// One edge of the path, possibly only partly travelled (the first and the last).
    public struct Segment: Hashable, Sendable {
        /// The directed edge.
        public var edge: EdgeID
        /// Where travel on the edge starts, as a fraction of its length (0 except on the first segment).
        public var startFraction: Double
        /// Where travel on the edge ends, as a fraction of its length (1 except on the last segment).
        public var endFraction: Double
        /// Metres travelled on the edge.
        public var distance: Meters
        /// Seconds spent on the edge for the path's profile.
        public var duration: Seconds
        /// Street name, if tagged.
        public var name: String?
        /// Road number (`ref`), if tagged.
        public var ref: String?
        /// Signposted destination (`destination` / `destination:ref`), if tagged.
        public var destination: String?
        /// Road class.
        public var roadClass: RoadClass
        /// Tagged speed limit, if any.
        public var speedLimit: SpeedLimit?
        /// Oneway, toll, ferry, tunnel, bridge and roundabout flags.
        public var flags: EdgeFlags
        /// The OSM way the edge belongs to.
        public var wayID: Int64
        /// Indexes into `RoadPath.geometry` of the segment's first and last point.
        public var geometryRange: ClosedRange<Int>
    }

    /// The profile the path was planned for.
    public var profile: TravelProfile
    /// The edges travelled, in order.
    public var segments: [Segment]
    /// The nodes passed between consecutive segments.
    public var intersections: [PathIntersection]
    /// The line from the snapped start to the snapped end.
    public var geometry: [Coordinate]
    /// Total length in metres.
    public var distance: Meters
    /// Total travel time in seconds for `profile`.
    public var duration: Seconds
    /// Direction of travel at the start, degrees clockwise from north.
    public var departureBearing: Degrees
    /// Direction of travel on arrival, degrees clockwise from north.
    public var arrivalBearing: Degrees

    /// The edges in order.
    public var edges: [EdgeID] { segments.map(\.edge) }
    /// The snapped start point.
    public var start: Coordinate? { geometry.first }
    /// The snapped end point.
    public var end: Coordinate? { geometry.last }
    /// Fraction along the first edge where the path starts.
    public var startFraction: Double { segments.first?.startFraction ?? 0 }
    /// Fraction along the last edge where the path ends.
    public var endFraction: Double { segments.last?.endFraction ?? 0 }
}
