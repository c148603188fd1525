import Geodesy
import RoadGraph

/// Statutory speed limits by road class for one country, used when a way has no `maxspeed` tag.
/// The class is only a proxy for "built-up area or not", so these are best guesses and every
/// published limit says whether it was tagged or defaulted.
public struct SpeedLimitDefaults: Sendable, Hashable {
    /// ISO 3166-1 alpha-2 code of the country, or "generic".
    public var region: String
    /// The limit for each class, km/h; classes absent from the table get `otherwise`.
    public var byClass: [RoadClass: Int]
    /// The limit for classes not in `byClass`, km/h.
    public var otherwise: Int

    /// A table for `region` from per-class limits in km/h.
    public init(region: String, byClass: [RoadClass: Int], otherwise: Int) {
        self.region = region
        self.byClass = byClass
        self.otherwise = otherwise
    }

    /// The default limit of a road class.
    public func limit(for roadClass: RoadClass) -> SpeedLimit {
        .kilometersPerHour(byClass[roadClass] ?? otherwise)
    }

    /// Finland: 50 km/h in built-up areas, 80 km/h outside, 120 km/h on motorways, 20 on `pihakatu`.
    public static let finland = SpeedLimitDefaults(
        region: "FI",
        byClass: [.motorway: 120, .motorwayLink: 80, .trunk: 80, .trunkLink: 60, .livingStreet: 20, .service: 30],
        otherwise: 50)
    /// Italy: 50 km/h urban, 90 extra-urban, 110 on main extra-urban roads, 130 on autostrade.
    public static let italy = SpeedLimitDefaults(
        region: "IT",
        byClass: [.motorway: 130, .motorwayLink: 80, .trunk: 110, .trunkLink: 70, .livingStreet: 30, .service: 30],
        otherwise: 50)
    /// A class-based guess for countries without a table: urban 50 km/h, motorways 110.
    public static let generic = SpeedLimitDefaults(
        region: "generic",
        byClass: [.motorway: 110, .motorwayLink: 70, .trunk: 90, .trunkLink: 60, .livingStreet: 20, .service: 30],
        otherwise: 50)

    /// The table of the country around `coordinate` (by rough bounding box), `generic` elsewhere.
    public static func forLocation(_ coordinate: Coordinate) -> SpeedLimitDefaults {
        let (lat, lon) = (coordinate.latitude, coordinate.longitude)
        if (59.5...70.1).contains(lat) && (19.0...31.6).contains(lon) { return .finland }
        if (36.6...47.1).contains(lat) && (6.6...18.6).contains(lon) { return .italy }
        return .generic
    }
}
