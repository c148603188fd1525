import Geodesy
import RoadGraph

/// Parsing of OSM `maxspeed` values: "50", "50 mph", "none", "walk", and national implicit limits
/// such as "IT:urban", "FI:rural", "DE:motorway", "GB:nsl_single" (values from the OSM wiki's
/// "Default speed limits" table for the countries Waygate ships maps of, plus neighbours).
enum MaxSpeed {
    /// Implicit limits by zone for a country code; km/h unless `imperialCountries` contains the code.
    private static let nationalLimits: [String: [String: Int]] = [
        "IT": ["urban": 50, "rural": 90, "trunk": 110, "motorway": 130],
        "FI": ["urban": 50, "rural": 80, "trunk": 100, "motorway": 120],
        "DE": ["urban": 50, "rural": 100, "trunk": 130, "living_street": 7, "bicycle_road": 30],
        "FR": ["urban": 50, "rural": 80, "trunk": 110, "motorway": 130],
        "AT": ["urban": 50, "rural": 100, "trunk": 100, "motorway": 130],
        "CH": ["urban": 50, "rural": 80, "trunk": 100, "motorway": 120],
        "SE": ["urban": 50, "rural": 70, "motorway": 110],
        "NO": ["urban": 50, "rural": 80, "motorway": 90],
        "EE": ["urban": 50, "rural": 90, "motorway": 110],
        "ES": ["urban": 50, "rural": 90, "motorway": 120],
        "NL": ["urban": 50, "rural": 80, "motorway": 100],
        "GB": ["urban": 30, "nsl_single": 60, "nsl_dual": 70, "motorway": 70],
        "US": ["urban": 25, "rural": 55],
    ]
    private static let imperialCountries: Set<String> = ["GB", "UK", "US"]

    /// The limit a `maxspeed` value states, nil when the value is not understood.
    static func parse(_ raw: String) -> SpeedLimit? {
        let value = raw.split(separator: ";").first.map { $0.trimmingSpaces } ?? ""
        switch value {
        case "none", "signals": return value == "none" ? .unlimited : nil
        case "walk": return .kilometersPerHour(7)
        default: break
        }
        if let colon = value.firstIndex(of: ":") {
            var country = String(value[..<colon]).uppercased()
            let zone = String(value[value.index(after: colon)...]).lowercased()
            if country == "UK" { country = "GB" }
            if zone == "motorway", country == "DE" { return .unlimited }
            if zone.hasPrefix("zone"), let n = Int(zone.filter(\.isNumber)), (1...1_000).contains(n) { return .kilometersPerHour(n) }
            guard let limit = nationalLimits[country]?[zone] ?? (zone == "living_street" ? 20 : nil) else { return nil }
            return imperialCountries.contains(country) ? .milesPerHour(limit) : .kilometersPerHour(limit)
        }
        let digits = value.prefix { $0.isNumber || $0 == "." }
        // Above 1,000 is no road's limit (and 1e400 digits would not fit an Int): not understood.
        guard let number = Double(digits), number > 0, number <= 1_000 else { return nil }
        let unit = value.dropFirst(digits.count).trimmingSpaces.lowercased()
        switch unit {
        case "": return .kilometersPerHour(Int(number.rounded()))
        case "mph": return .milesPerHour(Int(number.rounded()))
        case "km/h", "kmh", "kph": return .kilometersPerHour(Int(number.rounded()))
        case "knots": return .kilometersPerHour(Int((number * 1.852).rounded()))
        default: return nil
        }
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
