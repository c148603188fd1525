import Geodesy
import RoadGraph

/// One stretch of the road ahead: consecutive edges of the same OSM way on the most probable path.
public struct HorizonStretch: Sendable, Hashable {
    /// The OSM way id.
    public var wayID: Int64
    /// Street name, nil when untagged.
    public var name: String?
    /// Road number (`ref`), nil when untagged.
    public var ref: String?
    /// Functional road class.
    public var roadClass: RoadClass
    /// Metres of this stretch within the horizon (the first one starts at the vehicle).
    public var length: Meters
    /// The speed limit on the stretch.
    public var speedLimit: PostedSpeedLimit
    /// The directed edges of the stretch, in driving order (a slice of the horizon's edges: a
    /// horizon's stretches share one buffer).
    public var edges: ArraySlice<EdgeID>

    /// A stretch from its parts.
    public init(
        wayID: Int64, name: String?, ref: String?, roadClass: RoadClass, length: Meters, speedLimit: PostedSpeedLimit,
        edges: ArraySlice<EdgeID>
    ) {
        self.wayID = wayID
        self.name = name
        self.ref = ref
        self.roadClass = roadClass
        self.length = length
        self.speedLimit = speedLimit
        self.edges = edges
    }
}
