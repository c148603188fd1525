/// A posted speed limit as the road sign shows it: `value` in `unit` (`km/h` or `mph`), or
/// `unlimited` (OSM `maxspeed=none`, OSRM/Mapbox `{"none": true}`, e.g. German motorways).
///
/// Waygate's one speed-limit type: the road graph keeps the tagged limits of its edges in it,
/// routes carry it in steps and annotations, and the wire's MATCH roads show it.
public struct SpeedLimit: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The number on the sign; infinite for `unlimited`.
    public var value: Double
    /// `km/h` or `mph`.
    public var unit: String

    /// A limit of `value` `unit`.
    public init(value: Double, unit: String = "km/h") {
        self.value = value
        self.unit = unit
    }

    /// A limit of `value` km/h.
    public static func kilometersPerHour(_ value: Int) -> SpeedLimit { SpeedLimit(value: Double(value), unit: "km/h") }

    /// A limit of `value` mph.
    public static func milesPerHour(_ value: Int) -> SpeedLimit { SpeedLimit(value: Double(value), unit: "mph") }

    /// A road with no limit: `value` is infinite, so it is not encodable with a default `JSONEncoder`.
    public static let unlimited = SpeedLimit(value: .infinity)

    /// Whether this is `unlimited`.
    public var isUnlimited: Bool { value.isInfinite }

    /// Whether the sign is in miles per hour.
    public var isImperial: Bool { unit == "mph" }

    /// The limit in m/s (infinite for `unlimited`).
    public var metersPerSecond: MetersPerSecond { isImperial ? value * 0.44704 : value / 3.6 }

    /// The limit in km/h, nil when unlimited.
    public var kilometersPerHour: Double? {
        guard !isUnlimited else { return nil }
        return isImperial ? value * 1.609344 : value
    }

    /// A short human-readable form, for logs and error messages: `50 km/h`, `30 mph`, `none`.
    public var description: String {
        guard !isUnlimited else { return "none" }
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return "\(number) \(unit)"
    }
}
