/// The functional class of a road, from OSM `highway=*` (or `route=ferry`).
public enum RoadClass: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// Roads for motor vehicles: `highway=motorway` … `tertiary_link`, in decreasing importance.
    case motorway, motorwayLink, trunk, trunkLink, primary, primaryLink, secondary, secondaryLink
    /// Minor roads: `tertiary` … `road` (unknown class).
    case tertiary, tertiaryLink, unclassified, residential, livingStreet, service, track, road
    /// Ways for people and bikes, and ferry crossings (`route=ferry`).
    case pedestrian, footway, path, cycleway, bridleway, steps, ferry
    /// Public transport platforms (`highway=platform`, `railway=platform`, `public_transport=platform`),
    /// which OSRM's bike and foot profiles use.
    case platform
    /// A `highway=*` value without a class of its own (`construction`, `corridor`…): OSRM's foot
    /// and bike profiles use it where an access tag lets them (cars never do in Waygate).
    case otherHighway

    /// The OSM `highway=*` value (or `ferry`) this class was read from.
    public var osmValue: String { Self.osmValues[Int(rawValue)] }

    private static let osmValues = [
        "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link",
        "tertiary", "tertiary_link", "unclassified", "residential", "living_street", "service", "track", "road",
        "pedestrian", "footway", "path", "cycleway", "bridleway", "steps", "ferry", "platform", "other",
    ]
    private static let byOSMValue: [String: RoadClass] = Dictionary(
        uniqueKeysWithValues: allCases.filter { $0 != .ferry && $0 != .otherHighway }.map { ($0.osmValue, $0) })

    /// The class for an OSM `highway=*` value, nil when the value is not a road class Waygate knows.
    public init?(osmValue: String) {
        guard let match = Self.byOSMValue[osmValue] else { return nil }
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

    /// A short human-readable form, for logs and error messages.
    public var description: String { osmValue }
}
