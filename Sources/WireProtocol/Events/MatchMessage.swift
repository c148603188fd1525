public import Geodesy
import JSON

/// MATCH: in free drive, the fix snapped to the most probable road, with the road ahead.
public struct MatchMessage: WireMessage {
    public static let messageClass = "MATCH"

    /// The road the position is matched to.
    public struct Road: Sendable, Hashable, Codable {
        /// OpenStreetMap way id.
        public var wayID: Int64
        /// Street name.
        public var name: String?
        /// Road number, e.g. `E18`.
        public var ref: String?
        /// OSM highway class, e.g. `primary`.
        public var roadClass: String
        /// Whether traffic flows one way only.
        public var oneway: Bool
        /// Posted speed limit, when tagged.
        public var speedLimit: SpeedLimit?

        /// A matched road.
        public init(wayID: Int64, name: String? = nil, ref: String? = nil, roadClass: String, oneway: Bool, speedLimit: SpeedLimit? = nil) {
            self.wayID = wayID
            self.name = name
            self.ref = ref
            self.roadClass = roadClass
            self.oneway = oneway
            self.speedLimit = speedLimit
        }

        enum CodingKeys: String, CodingKey {
            case wayID = "way_id", name, ref, roadClass = "class", oneway, speedLimit = "speed_limit"
        }
    }

    /// One road of the most probable path ahead.
    public struct HorizonRoad: Sendable, Hashable, Codable {
        /// OpenStreetMap way id.
        public var wayID: Int64
        /// Street name.
        public var name: String?
        /// OSM highway class.
        public var roadClass: String
        /// Length of this piece ahead, metres.
        public var length: Double
        /// Posted speed limit, when tagged.
        public var speedLimit: SpeedLimit?

        /// A road ahead.
        public init(wayID: Int64, name: String? = nil, roadClass: String, length: Double, speedLimit: SpeedLimit? = nil) {
            self.wayID = wayID
            self.name = name
            self.roadClass = roadClass
            self.length = length
            self.speedLimit = speedLimit
        }

        enum CodingKeys: String, CodingKey {
            case wayID = "way_id", name, roadClass = "class", length, speedLimit = "speed_limit"
        }
    }

    /// Snapped latitude, degrees.
    public var lat: Double
    /// Snapped longitude, degrees.
    public var lon: Double
    /// Direction of travel along the road, degrees from true north.
    public var bearing: Double
    /// How sure the matcher is, 0…1.
    public var confidence: Double
    /// Whether the position is off any road.
    public var offroad: Bool
    /// The matched road (omitted when off-road).
    public var road: Road?
    /// The most probable path ahead, nearest first.
    public var horizon: [HorizonRoad]?
    /// `true` when the fix jumped somewhere no road path could explain and matching restarted
    /// there (an extension of PROTOCOL.md; omitted otherwise).
    public var teleport: Bool?

    /// A MATCH event.
    public init(lat: Double, lon: Double, bearing: Double, confidence: Double, offroad: Bool, road: Road? = nil, horizon: [HorizonRoad]? = nil,
                teleport: Bool = false) {
        self.teleport = teleport ? true : nil
        self.lat = lat
        self.lon = lon
        self.bearing = bearing
        self.confidence = confidence
        self.offroad = offroad
        self.road = road
        self.horizon = horizon
    }

    enum CodingKeys: String, CodingKey {
        case lat, lon, bearing, confidence, offroad, road, horizon, teleport
    }
}

extension MatchMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("bearing", bearing)
        object.member("confidence", confidence)
        object.member("horizon", horizon)
        object.member("lat", lat)
        object.member("lon", lon)
        object.member("offroad", offroad)
        object.member("road", road)
        object.member("teleport", teleport)
    }
}

extension MatchMessage.Road: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        let room = 200 + JSONWriter.InPlace.maximumCount(of: roadClass) + JSONWriter.InPlace.maximumCount(of: name)
            + JSONWriter.InPlace.maximumCount(of: ref) + JSONWriter.InPlace.maximumCount(of: speedLimit?.unit)
        object.json.inPlace(reserving: room) { road in
            road.member("class", roadClass)
            road.member("name", name)
            road.member("oneway", oneway)
            road.member("ref", ref)
            road.writeSpeedLimit(speedLimit)
            road.member("way_id", Int(wayID))
        }
    }
}

extension MatchMessage.HorizonRoad: WireObject {
    /// Written in place, in one reservation: a MATCH line's horizon is most of it (a dozen
    /// roads in a city), and member by member a road cost ~3,000 instructions.
    public func writeMembers(to object: inout WireObjectWriter) {
        let room = 200 + JSONWriter.InPlace.maximumCount(of: roadClass) + JSONWriter.InPlace.maximumCount(of: name)
            + JSONWriter.InPlace.maximumCount(of: speedLimit?.unit)
        object.json.inPlace(reserving: room) { road in
            road.member("class", roadClass)
            road.member("length", length)
            road.member("name", name)
            road.writeSpeedLimit(speedLimit)
            road.member("way_id", Int(wayID))
        }
    }
}

extension JSONWriter.InPlace {
    /// `"speed_limit":{"unit":…,"value":…}` (as `SpeedLimit`'s `WireObject` form), left out when
    /// nil (at most 65 bytes + `maximumCount(of: unit)`).
    mutating func writeSpeedLimit(_ limit: SpeedLimit?) {
        guard let limit else { return }
        beginObject("speed_limit")
        member("unit", limit.unit)
        member("value", limit.value)
        endObject()
    }
}
