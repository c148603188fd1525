import Geodesy

/// A node passed by a `RoadPath`, with every road meeting there, so guidance can tell a turn from
/// a fork, a ramp or a roundabout exit.
public struct PathIntersection: Hashable, Sendable {
    /// One road at the intersection, seen from the intersection.
    public struct Road: Hashable, Sendable {
        /// The edge leaving the intersection along this road, or the arriving edge when the road is one-way towards it.
        public var edge: EdgeID
        /// Bearing of the road leaving the intersection, degrees clockwise from north.
        public var bearing: Degrees
        /// Whether the path's profile may leave the intersection onto this road (access, oneway and turn restrictions).
        public var canEnter: Bool
        /// Whether this is the road the path arrived on.
        public var isIncoming: Bool
        /// Whether this is the road the path leaves on.
        public var isOutgoing: Bool
        /// Road class.
        public var roadClass: RoadClass
        /// Street name, if tagged.
        public var name: String?
        /// Road number, if tagged.
        public var ref: String?
        /// Oneway, roundabout, toll… flags of the edge.
        public var flags: EdgeFlags
    }

    /// The graph node.
    public var node: NodeID
    /// Its position.
    public var location: Coordinate
    /// Index of the node in `RoadPath.geometry`.
    public var geometryIndex: Int
    /// Direction of travel arriving at the node, degrees clockwise from north.
    public var incomingBearing: Degrees
    /// Direction of travel leaving the node, degrees clockwise from north.
    public var outgoingBearing: Degrees
    /// All roads at the node, sorted clockwise by bearing from north (the incoming one included).
    public var roads: [Road]
    /// Seconds the planner charged for turning here (included in `RoadPath.duration`), 0 when none.
    public var turnDuration: Seconds = 0

    /// The signed turn angle: positive to the right, negative to the left, in (-180, 180].
    public var turnAngle: Degrees { Bearing.turn(from: incomingBearing, to: outgoingBearing) }
}
