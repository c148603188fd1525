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

    /// A road with no limit: `value` is infinite (encoded as `{"none":true}`).
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

    private enum CodingKeys: String, CodingKey { case value, unit, none }

    /// `{"value":50,"unit":"km/h"}`, or `{"none":true}` for `unlimited` (as OSRM's `maxspeed`
    /// annotation writes it: a JSON number cannot be infinite).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decodeIfPresent(Bool.self, forKey: .none) == true {
            self = .unlimited
        } else {
            self.init(value: try container.decode(Double.self, forKey: .value), unit: try container.decode(String.self, forKey: .unit))
        }
    }

    /// Writes the form `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if isUnlimited {
            try container.encode(true, forKey: .none)
        } else {
            try container.encode(value, forKey: .value)
            try container.encode(unit, forKey: .unit)
        }
    }

    /// A short human-readable form, for logs and error messages: `50 km/h`, `30 mph`, `none`.
    public var description: String {
        guard !isUnlimited else { return "none" }
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return "\(number) \(unit)"
    }
}
