import JSON
import Timekeeping

/// The fields of a `route` command: plan routes through `waypoints`.
public struct RouteRequest: Sendable, Hashable {
    /// Travel mode for costing.
    public enum Profile: String, Sendable, Hashable, CaseIterable {
        /// By car (the default).
        case car
        /// By bicycle.
        case bike
        /// On foot.
        case foot
    }

    /// Road kinds a route may be asked to avoid.
    public enum Avoid: String, Sendable, Hashable, CaseIterable {
        /// Toll roads.
        case toll
        /// Ferries.
        case ferry
        /// Motorways.
        case motorway
    }

    /// Units for instruction text.
    public enum Units: String, Sendable, Hashable, CaseIterable {
        /// Metres and kilometres.
        case metric
        /// Feet and miles.
        case imperial
    }

    /// Waypoints as `[lon, lat]` pairs (GeoJSON order); a single point is the destination and
    /// the origin is the current position.
    public var waypoints: [[Double]]
    /// The most waypoints a request may hold, as Mapbox's Directions API takes: each leg is a
    /// search, and 3,000 points made a 127 MB reply after a minute's planning.
    public static let maximumWaypoints = 25
    /// Travel mode (default `car`).
    public var profile: Profile
    /// Whether alternatives are wanted.
    public var alternatives: Bool
    /// Road kinds to avoid.
    public var avoid: [Avoid]
    /// Units for instruction text, when asked.
    public var units: Units?
    /// Language of instruction text (BCP 47, e.g. `en`), when asked.
    public var language: String?
    /// Planned departure, when given.
    public var departureTime: WireTime?

    /// A route request.
    public init(waypoints: [[Double]], profile: Profile = .car, alternatives: Bool = false, avoid: [Avoid] = [],
                units: Units? = nil, language: String? = nil, departureTime: WireTime? = nil) {
        self.waypoints = waypoints
        self.profile = profile
        self.alternatives = alternatives
        self.avoid = avoid
        self.units = units
        self.language = language
        self.departureTime = departureTime
    }

    init(reading r: FieldReader) throws(WireProtocolError) {
        let items = try r.require("waypoints", r.array)
        guard !items.isEmpty else { throw r.fail("waypoints", "must hold at least one [lon, lat] pair") }
        guard items.count <= Self.maximumWaypoints else {
            throw r.fail("waypoints", "holds \(items.count) points; at most \(Self.maximumWaypoints) are planned")
        }
        var waypoints: [[Double]] = []
        for (index, item) in items.enumerated() {
            guard case .array(let pair) = item, pair.count == 2, let lon = pair[0].doubleValue, let lat = pair[1].doubleValue else {
                throw r.fail("waypoints[\(index)]", "must be a [lon, lat] pair of numbers")
            }
            guard (-180...180).contains(lon), (-90...90).contains(lat) else {
                throw r.fail("waypoints[\(index)]", "is out of range: lon must be in -180…180 and lat in -90…90, got [\(lon), \(lat)]")
            }
            waypoints.append([lon, lat])
        }
        var departure: WireTime?
        if let text = try r.string("departure_time") {
            guard let time = Timestamp(iso8601: text) else { throw r.fail("departure_time", "must be an ISO 8601 time, got \"\(text)\"") }
            departure = WireTime(time)
        }
        self.init(
            waypoints: waypoints, profile: try r.choice("profile", as: Profile.self) ?? .car,
            alternatives: try r.bool("alternatives") ?? false, avoid: try r.choices("avoid", as: Avoid.self) ?? [],
            units: try r.choice("units", as: Units.self), language: try r.string("language"), departureTime: departure)
    }

    var fields: [String: JSONValue] {
        var f: [String: JSONValue] = [
            "waypoints": .array(waypoints.map { .array($0.map(JSONValue.number)) }),
            "profile": .string(profile.rawValue),
            "alternatives": .bool(alternatives),
        ]
        if !avoid.isEmpty { f["avoid"] = .array(avoid.map { .string($0.rawValue) }) }
        if let units { f["units"] = .string(units.rawValue) }
        if let language { f["language"] = .string(language) }
        if let departureTime { f["departure_time"] = .string(departureTime.description) }
        return f
    }
}
