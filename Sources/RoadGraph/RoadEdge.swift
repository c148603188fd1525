public import Geodesy

/// One directed edge of the road graph: a stretch of one OSM way between two graph nodes,
/// travelled in one direction. Its geometry is a shape shared with the opposite edge.
public struct RoadEdge: Hashable, Sendable {
    /// The node the edge starts at.
    public var from: NodeID
    /// The node the edge ends at.
    public var to: NodeID
    /// Index of the shape (polyline) in the graph's shape table; read backwards when `flags` has `.reversedShape`.
    public var shape: Int32
    /// Length in metres.
    public var length: Float
    /// The OSM way this edge was cut from.
    public var wayID: Int64
    /// Index of the street name in the string table, -1 when unnamed.
    public var name: Int32
    /// Index of the road number (`ref`) in the string table, -1 when none.
    public var ref: Int32
    /// Index of the signposted destination (`destination`, `destination:ref`) in the string table, -1 when none.
    public var destination: Int32
    /// The functional road class.
    public var roadClass: RoadClass
    /// The tagged `maxspeed`, nil when untagged (whole km/h or mph, as the graph file stores it).
    public var speedLimit: SpeedLimit? {
        get { SpeedLimit.unpack(packedSpeedLimit) }
        set { packedSpeedLimit = SpeedLimit.pack(newValue) }
    }
    /// `speedLimit` packed (`SpeedLimit.pack`), so an edge holds plain numbers only and copies
    /// and loads from a mapped file without building a `SpeedLimit`.
    @usableFromInline var packedSpeedLimit: UInt16
    /// The speed assumed for cars when nothing else is known, from the road class, in km/h.
    public var defaultSpeed: UInt8
    /// Boolean attributes.
    public var flags: EdgeFlags
    /// Travel time in seconds for each profile (indexed by `TravelProfile.index`); infinite when the profile may not use the edge.
    public var durations: ProfileDurations
    /// How readily car routes use the edge, in percent of its speed (100 = as fast as it is; 50 = a
    /// narrow or parking-aisle road weighs twice its travel time when choosing a route).
    public var carPreference: UInt8
    /// Whole seconds a car waits at the traffic controls along the edge (signals, stop and give-way
    /// signs, gates), part of `durations.car`; a traveller who does not drive the edge to its end
    /// does not wait there (`travelShare`).
    public var carControlDelay: UInt8

    /// An edge from all its attributes.
    public init(
        from: NodeID, to: NodeID, shape: Int32, length: Float, wayID: Int64, name: Int32 = -1, ref: Int32 = -1,
        destination: Int32 = -1, roadClass: RoadClass, speedLimit: SpeedLimit? = nil, defaultSpeed: UInt8,
        flags: EdgeFlags = [], durations: ProfileDurations, carPreference: UInt8 = 100, carControlDelay: UInt8 = 0
    ) {
        self.init(
            from: from, to: to, shape: shape, length: length, wayID: wayID, name: name, ref: ref, destination: destination,
            roadClass: roadClass, packedSpeedLimit: SpeedLimit.pack(speedLimit), defaultSpeed: defaultSpeed, flags: flags,
            durations: durations, carPreference: carPreference, carControlDelay: carControlDelay)
    }

    /// The share of the whole edge's travel time `profile` spends along it from `from` to `to`
    /// (fractions of its length): the time pro rata, and a car's wait at its traffic controls
    /// (`carControlDelay`) only when it drives the edge to its end and on (`passingEnd`), as OSRM
    /// charges an obstacle to the turn through its node. A route starting partway along, or ending
    /// at or before a gate, does not wait there. Route durations and search weights both use it.
    public func travelShare(profile: TravelProfile, from: Double, to: Double, passingEnd: Bool) -> Double {
        let whole = durations[profile]
        guard profile == .car, carControlDelay > 0, whole.isFinite, whole > 0, from > 0 || to < 1 || !passingEnd else {
            return to - from
        }
        let wait = min(1, Double(carControlDelay) / Double(whole))
        return (1 - wait) * (to - from) + (to >= 1 && passingEnd ? wait : 0)
    }

    /// The profiles that may travel this edge.
    public var access: ProfileSet {
        var set: ProfileSet = []
        for p in TravelProfile.allCases where durations[p].isFinite { set.insert(ProfileSet(p)) }
        return set
    }
}

/// Travel time of an edge for each profile, in seconds; `.infinity` means "not allowed".
public struct ProfileDurations: Hashable, Sendable {
    /// Seconds for cars.
    public var car: Float
    /// Seconds for bicycles.
    public var bike: Float
    /// Seconds on foot.
    public var foot: Float

    /// Durations for the three profiles, in seconds.
    public init(car: Float, bike: Float, foot: Float) {
        self.car = car
        self.bike = bike
        self.foot = foot
    }

    /// The duration for `profile`, in seconds.
    public subscript(profile: TravelProfile) -> Float {
        get {
            switch profile {
            case .car: car
            case .bike: bike
            case .foot: foot
            }
        }
        set {
            switch profile {
            case .car: car = newValue
            case .bike: bike = newValue
            case .foot: foot = newValue
            }
        }
    }

    /// Forbidden for every profile.
    public static let forbidden = ProfileDurations(car: .infinity, bike: .infinity, foot: .infinity)
}
