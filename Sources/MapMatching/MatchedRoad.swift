import Geodesy
import RoadGraph

/// The road a location is matched to: the OSM way's attributes and the exact directed edge.
public struct MatchedRoad: Sendable, Hashable {
    /// The OSM way id.
    public var wayID: Int64
    /// Street name, nil when untagged.
    public var name: String?
    /// Road number (`ref`), nil when untagged.
    public var ref: String?
    /// Functional road class.
    public var roadClass: RoadClass
    /// Whether the way is one-way for cars.
    public var isOneway: Bool
    /// The speed limit: tagged `maxspeed` or the regional default for the class.
    public var speedLimit: PostedSpeedLimit
    /// The directed edge matched.
    public var edge: EdgeID
    /// Position along `edge` in its direction of travel, 0…1 by length.
    public var fraction: Double

    /// A matched road from its parts.
    public init(
        wayID: Int64, name: String?, ref: String?, roadClass: RoadClass, isOneway: Bool, speedLimit: PostedSpeedLimit,
        edge: EdgeID, fraction: Double
    ) {
        self.wayID = wayID
        self.name = name
        self.ref = ref
        self.roadClass = roadClass
        self.isOneway = isOneway
        self.speedLimit = speedLimit
        self.edge = edge
        self.fraction = fraction
    }
}

/// A speed limit together with where it came from, so clients can show a defaulted limit differently.
public struct PostedSpeedLimit: Sendable, Hashable {
    /// Where a limit came from.
    public enum Source: Sendable, Hashable {
        /// The way's `maxspeed` tag.
        case tagged
        /// The statutory default of a region (ISO country code or "generic") for the road class.
        case regionalDefault(region: String)
    }

    /// The limit, in its own unit (km/h, mph or none).
    public var limit: SpeedLimit
    /// Tagged or defaulted.
    public var source: Source

    /// A limit with its source.
    public init(limit: SpeedLimit, source: Source) {
        self.limit = limit
        self.source = source
    }
}
