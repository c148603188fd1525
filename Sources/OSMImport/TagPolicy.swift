import RoadGraph

/// Which OSM ways one travel profile may use, in which directions and how fast — the role of
/// OSRM's `car.lua` / `bicycle.lua` / `foot.lua`. Speeds follow OSRM's defaults: cars drive at
/// 80 % of a tagged `maxspeed`, else at a per-class default; bikes ride at 15 km/h, people walk at 5 km/h.
public struct TagPolicy: Sendable {
    /// How a profile may use one way.
    public struct WayAccess: Hashable, Sendable {
        /// Allowed along the way's node order.
        public var forward: Bool
        /// Allowed against the way's node order.
        public var backward: Bool
        /// Travel speed in km/h (for ferries without `duration`, the assumed crossing speed).
        public var speed: Double

        /// An access rule from its parts.
        public init(forward: Bool, backward: Bool, speed: Double) {
            self.forward = forward
            self.backward = backward
            self.speed = speed
        }
    }

    /// The profile this policy is for.
    public let profile: TravelProfile

    /// The policy of `profile`.
    public init(profile: TravelProfile) { self.profile = profile }

    /// The access keys from most to least specific (OSM access hierarchy).
    private var accessKeys: [String] {
        switch profile {
        case .car: ["motorcar", "motor_vehicle", "vehicle", "access"]
        case .bike: ["bicycle", "vehicle", "access"]
        case .foot: ["foot", "access"]
        }
    }

    private static let deniedAccess: Set<String> = [
        "no", "private", "agricultural", "forestry", "emergency", "psv", "customers", "delivery", "use_sidepath", "dismount",
        "discouraged",
    ]

    /// Car speeds in km/h per road class when `maxspeed` is missing (OSRM car.lua `speeds`).
    static func defaultCarSpeed(_ roadClass: RoadClass) -> Double {
        switch roadClass {
        case .motorway: 90
        case .motorwayLink: 45
        case .trunk: 85
        case .trunkLink: 40
        case .primary: 65
        case .primaryLink: 30
        case .secondary: 55
        case .secondaryLink: 25
        case .tertiary: 40
        case .tertiaryLink: 20
        case .unclassified, .residential, .road: 25
        case .livingStreet: 10
        case .service: 15
        case .ferry: 5
        default: 0
        }
    }

    /// Whether the profile may use a way of this class at all, unless explicitly allowed by an access tag.
    private func isUsableByDefault(_ roadClass: RoadClass) -> Bool {
        switch (profile, roadClass) {
        case (.car, _): Self.defaultCarSpeed(roadClass) > 0
        case (.bike, .motorway), (.bike, .motorwayLink), (.bike, .steps), (.bike, .bridleway): false
        case (.bike, _): true
        case (.foot, .motorway), (.foot, .motorwayLink), (.foot, .trunk), (.foot, .trunkLink), (.foot, .cycleway): false
        case (.foot, _): true
        }
    }

    /// The access rule for `tags`, nil when this profile may not use the way in either direction.
    public func access(for tags: [String: String]) -> WayAccess? {
        guard let attributes = WayAttributes(tags: tags) else { return nil }
        return access(for: tags, attributes: attributes)
    }

    /// The access rule given already parsed attributes.
    func access(for tags: [String: String], attributes: WayAttributes) -> WayAccess? {
        let roadClass = attributes.roadClass
        let explicit = accessKeys.lazy.compactMap { tags[$0] }.first
        if let explicit, Self.deniedAccess.contains(explicit) { return nil }
        if explicit == nil || explicit == "destination" {
            guard isUsableByDefault(roadClass) else { return nil }
            if profile == .car, tags["area"] == "yes" { return nil }
        }
        if profile == .car, tags["service"] == "emergency_access" { return nil }
        let (forward, backward) = directions(tags, attributes)
        guard forward || backward else { return nil }
        return WayAccess(forward: forward, backward: backward, speed: speed(tags, attributes))
    }

    /// Allowed directions from `oneway`, `oneway:bicycle` and the implied oneway of motorways and roundabouts.
    private func directions(_ tags: [String: String], _ attributes: WayAttributes) -> (Bool, Bool) {
        if profile == .foot {
            switch tags["oneway:foot"] {
            case "yes", "1", "true": return (true, false)
            case "-1": return (false, true)
            default: return (true, true)
            }
        }
        var oneway = tags["oneway"]
        if profile == .bike {
            if let bikeOneway = tags["oneway:bicycle"] {
                oneway = bikeOneway
            } else if (tags["cycleway"] ?? "").hasPrefix("opposite") || (tags["cycleway:left"] ?? "").hasPrefix("opposite") {
                oneway = "no"
            }
        }
        switch oneway {
        case "yes", "1", "true": return (true, false)
        case "-1", "reverse": return (false, true)
        case "reversible", "alternating": return (false, false)
        case "no", "0", "false": return (true, true)
        default:
            let implied = attributes.flags.contains(.roundabout) || attributes.roadClass == .motorway
                || (profile == .car && attributes.roadClass == .motorwayLink)
            return (true, !implied)
        }
    }

    /// Travel speed in km/h.
    private func speed(_ tags: [String: String], _ attributes: WayAttributes) -> Double {
        let roadClass = attributes.roadClass
        switch profile {
        case .car:
            if roadClass == .ferry { return 5 }
            if roadClass == .service, ["alley", "parking", "parking_aisle", "driveway", "drive-through"].contains(tags["service"] ?? "") {
                return 5
            }
            let base = Self.defaultCarSpeed(roadClass)
            switch attributes.speedLimit {
            case .unlimited: return max(base, 130 * 0.8)
            case let limit?: return max(5, (limit.kilometersPerHour ?? base) * 0.8)
            case nil: return base
            }
        case .bike:
            switch roadClass {
            case .ferry: return 5
            case .footway, .pedestrian: return tags["bicycle"] == "yes" || tags["bicycle"] == "designated" ? 12 : 6
            case .track, .path: return 12
            default: return min(15, attributes.speedLimit?.kilometersPerHour ?? 15)
            }
        case .foot:
            return roadClass == .steps ? 2 : 5
        }
    }
}
