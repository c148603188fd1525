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
    /// The road ahead, nearest first: the most probable path, or the route in active guidance.
    public var horizon: [HorizonRoad]?
    /// `"route"` when `horizon` is the active route's road ahead (active guidance, the vehicle on
    /// the route); omitted when it is the most probable path. An extension of PROTOCOL.md.
    public var horizonPath: String?
    /// `true` when the fix jumped somewhere no road path could explain and matching restarted
    /// there (an extension of PROTOCOL.md; omitted otherwise).
    public var teleport: Bool?

    /// A MATCH event.
    public init(lat: Double, lon: Double, bearing: Double, confidence: Double, offroad: Bool, road: Road? = nil, horizon: [HorizonRoad]? = nil,
                horizonPath: String? = nil, teleport: Bool = false) {
        self.teleport = teleport ? true : nil
        self.horizonPath = horizonPath
        self.lat = lat
        self.lon = lon
        self.bearing = bearing
        self.confidence = confidence
        self.offroad = offroad
        self.road = road
        self.horizon = horizon
    }

    enum CodingKeys: String, CodingKey {
        case lat, lon, bearing, confidence, offroad, road, horizon, horizonPath = "horizon_path", teleport
    }
}

extension MatchMessage {
    /// Written in place, roads included (`WireObjectWriter.inPlace`): a MATCH is published at
    /// every fix, and its horizon is most of it (a dozen roads in a city); member by member a
    /// horizon road cost ~3,000 instructions.
    public func writeMembers(to object: inout WireObjectWriter) {
        var room = 240 + (road?.maximumCount ?? 0) + JSONWriter.InPlace.maximumCount(of: horizonPath)
        for road in horizon ?? [] { room += road.maximumCount }
        object.inPlace(reserving: room) { run in
            run.member("bearing", bearing)
            run.member("confidence", confidence)
            if let horizon {
                run.beginArray("horizon")
                for road in horizon {
                    run.beginObject()
                    road.write(to: &run)
                    run.endObject()
                }
                run.endArray()
            }
            run.member("horizon_path", horizonPath)
            run.member("lat", lat)
            run.member("lon", lon)
            run.member("offroad", offroad)
            if let road {
                run.beginObject("road")
                road.write(to: &run)
                run.endObject()
            }
            run.member("teleport", teleport)
        }
    }
}

extension MatchMessage.Road {
    /// The most bytes `write(to:)` takes, with the member's key and braces.
    var maximumCount: Int {
        160 + JSONWriter.InPlace.maximumCount(of: roadClass) + JSONWriter.InPlace.maximumCount(of: name)
            + JSONWriter.InPlace.maximumCount(of: ref) + JSONWriter.InPlace.maximumCount(of: speedLimit?.unit)
    }

    /// The road's members.
    func write(to run: inout WireObjectWriter.InPlaceRun) {
        run.member("class", roadClass)
        run.member("name", name)
        run.member("oneway", oneway)
        run.member("ref", ref)
        run.member("speed_limit", speedLimit)
        run.member("way_id", Int(wayID))
    }
}

extension MatchMessage.HorizonRoad {
    /// The most bytes `write(to:)` takes, with its braces and comma.
    var maximumCount: Int {
        170 + JSONWriter.InPlace.maximumCount(of: roadClass) + JSONWriter.InPlace.maximumCount(of: name)
            + JSONWriter.InPlace.maximumCount(of: speedLimit?.unit)
    }

    /// The road's members.
    func write(to run: inout WireObjectWriter.InPlaceRun) {
        run.member("class", roadClass)
        run.member("length", length)
        run.member("name", name)
        run.member("speed_limit", speedLimit)
        run.member("way_id", Int(wayID))
    }
}
