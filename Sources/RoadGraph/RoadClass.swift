/// The functional class of a road, from OSM `highway=*` (or `route=ferry`).
public enum RoadClass: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case motorway, motorwayLink, trunk, trunkLink, primary, primaryLink, secondary, secondaryLink
    case tertiary, tertiaryLink, unclassified, residential, livingStreet, service, track, road
    case pedestrian, footway, path, cycleway, bridleway, steps, ferry

    /// The OSM `highway=*` value (or `ferry`) this class was read from.
    public var osmValue: String {
        switch self {
        case .motorwayLink: "motorway_link"
        case .trunkLink: "trunk_link"
        case .primaryLink: "primary_link"
        case .secondaryLink: "secondary_link"
        case .tertiaryLink: "tertiary_link"
        case .livingStreet: "living_street"
        default: "\(self)"
        }
    }

    /// The class for an OSM `highway=*` value, nil when the value is not a road class Waygate knows.
    public init?(osmValue: String) {
        guard let match = RoadClass.allCases.first(where: { $0.osmValue == osmValue && $0 != .ferry }) else { return nil }
        self = match
    }

    /// Whether this is a slip road / ramp (`*_link`), which guidance announces as on/off ramps.
    public var isLink: Bool {
        switch self {
        case .motorwayLink, .trunkLink, .primaryLink, .secondaryLink, .tertiaryLink: true
        default: false
        }
    }

    /// Whether `avoid=motorway` excludes this class (motorways and their ramps).
    public var isMotorway: Bool { self == .motorway || self == .motorwayLink }

    /// Importance from 0 (motorway) upwards, for guidance ("does the road continue on a bigger road?").
    public var rank: Int { Int(rawValue) / 2 }

    public var description: String { osmValue }
}
