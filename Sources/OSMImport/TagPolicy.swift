import Geodesy
import RoadGraph

/// Which OSM ways one travel profile may use, in which directions and how fast — the role of
/// OSRM's `car.lua` / `bicycle.lua` / `foot.lua`. Speeds follow OSRM's defaults: cars drive at
/// 80 % of a tagged `maxspeed:advisory` or `maxspeed`, else at a per-class default, never faster
/// than the surface allows; bikes ride at 15 km/h on most classes and push at 4 km/h where they
/// may not ride (`TagPolicy+Bike.swift`), people walk at 5 km/h (`TagPolicy+Foot.swift`); both
/// slow down on loose surfaces. Car ways also get a preference (OSRM's "routability" rate) and a
/// flag for destination-only access.
public struct TagPolicy: Sendable {
    /// How a profile may use one way.
    public struct WayAccess: Hashable, Sendable {
        /// Allowed along the way's node order.
        public var forward: Bool
        /// Allowed against the way's node order.
        public var backward: Bool
        /// Travel speed in km/h along the node order (for ferries without `duration`, the assumed crossing speed).
        public var speed: Double
        /// Travel speed in km/h against the node order (differs from `speed` with `maxspeed:backward` and the like).
        public var backwardSpeed: Double
        /// How readily a route should use the way, as a share of its speed (1 = as fast as it is;
        /// 0.5 = a narrow or parking-aisle road costs twice its travel time when choosing a route).
        public var preference: Double
        /// Access only to reach a destination on it (`destination`, `residents`, `permit`): no through traffic.
        public var isRestricted: Bool

        /// An access rule from its parts.
        public init(
            forward: Bool, backward: Bool, speed: Double, backwardSpeed: Double? = nil, preference: Double = 1, isRestricted: Bool = false
        ) {
            self.forward = forward
            self.backward = backward
            self.speed = speed
            self.backwardSpeed = backwardSpeed ?? speed
            self.preference = preference
            self.isRestricted = isRestricted
        }
    }

    /// The profile this policy is for.
    public let profile: TravelProfile

    /// The policy of `profile`.
    public init(profile: TravelProfile) { self.profile = profile }

    /// The car's access keys from most to least specific (OSM access hierarchy).
    private static let carAccessKeys = ["motorcar", "motor_vehicle", "vehicle", "access"]

    /// Access values that close a way to cars (with `carDeniedAccess`).
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

    /// The access rule for `tags`, nil when this profile may not use the way in either direction.
    public func access(for tags: [String: String]) -> WayAccess? {
        guard let attributes = WayAttributes(tags: tags) else { return nil }
        return access(for: tags, attributes: attributes)
    }

    /// The access rule given already parsed attributes.
    func access(for tags: [String: String], attributes: WayAttributes) -> WayAccess? {
        switch profile {
        case .car: carAccess(tags, attributes)
        case .bike: bikeAccess(tags, attributes)
        case .foot: footAccess(tags, attributes)
        }
    }

    /// The car's access rule (OSRM car `WayHandlers.access` and `WayHandlers.speed`): the access
    /// value of each direction (`motorcar:forward` before `motorcar`, then `motor_vehicle`, `vehicle`,
    /// `access`) decides it; a way of a class cars do not use by default (a track, a path) is open
    /// at 10 km/h in a direction whose value allows cars (`yes`, `permissive`, `designated`, …).
    private func carAccess(_ tags: [String: String], _ attributes: WayAttributes) -> WayAccess? {
        let roadClass = attributes.roadClass
        if tags["area"] == "yes" || roadClass == .steps || roadClass == .platform || roadClass == .otherHighway { return nil }
        if tags["service"] == "emergency_access" || Self.isClosedToCars(tags) { return nil }
        if tags["impassable"] == "yes" || tags["status"] == "impassable" { return nil }
        let values = DirectionalTags.values(tags, Self.carAccessKeys)
        let access = (forward: values.forward.map(Self.resolvedCarAccess), backward: values.backward.map(Self.resolvedCarAccess))
        let byDefault = Self.defaultCarSpeed(roadClass) > 0
        // On the classes of `restricted_highway_whitelist` a restricted value (private, delivery,
        // destination…) opens the way to cars that need to reach somewhere on it, as OSRM's
        // `WayHandlers.access` does; elsewhere the blacklist closes it. A private service road is
        // the exception (car.lua's `service_access_tag_blacklist`: OSRM never starts a route on
        // one, and Waygate, which has no such rule for its snaps, keeps it closed).
        let whitelisted = Self.restrictedHighways.contains(roadClass)
        func isRestricted(_ value: String) -> Bool {
            whitelisted && Self.carRestrictedAccess.contains(value) && !(roadClass == .service && value == "private")
        }
        /// Whether cars may use the way in a direction whose access value is `value`.
        func allows(_ value: String?) -> Bool {
            guard let value else { return byDefault }
            if isRestricted(value) { return true }
            if Self.deniedAccess.contains(value) || Self.carDeniedAccess.contains(value) { return false }
            return byDefault || !Self.restrictedAccess.contains(value) || value == "unknown"
        }
        let open = (forward: allows(access.forward), backward: allows(access.backward))
        guard open.forward || open.backward else { return nil }
        let (oneway, reverse) = directions(tags, attributes)
        let forward = oneway && open.forward, backward = reverse && open.backward
        guard forward || backward else { return nil }
        return WayAccess(
            forward: forward, backward: backward, speed: speed(tags, attributes, forward: true),
            backwardSpeed: speed(tags, attributes, forward: false),
            preference: Self.carPreference(tags, isBidirectional: forward && backward),
            isRestricted: [access.forward, access.backward].contains { $0.map(isRestricted) ?? false })
    }

    /// Access values that close a way to cars beyond `deniedAccess` (OSRM car `access_tag_blacklist`).
    private static let carDeniedAccess: Set<String> = [
        "taxi", "share_taxi", "minibus", "bus", "foot", "emergency_vehicle", "restricted", "military", "official",
    ]

    /// Access values that let cars in (OSRM car `access_tag_whitelist`).
    private static let carAllowedAccess: Set<String> = ["yes", "motorcar", "motor_vehicle", "vehicle", "permissive", "designated", "hov"]

    /// One value of a multi-value access tag ("yes;destination"): the most permissive one (OSRM `resolve_access`).
    private static func resolvedCarAccess(_ raw: String) -> String {
        guard raw.contains(";") else { return raw }
        func rank(_ value: String) -> Int {
            if carAllowedAccess.contains(value) { return 3 }
            if restrictedAccess.contains(value) || ["private", "delivery", "customers"].contains(value) { return 2 }
            if deniedAccess.contains(value) || carDeniedAccess.contains(value) { return 1 }
            return 0
        }
        let parts = raw.split(separator: ";").map { $0.trimmingSpaces }
        return parts.max { rank($0) < rank($1) } ?? raw
    }

    /// Whether a way is under construction (`construction=*` other than `no`, `widening`, `minor`) or
    /// too low, narrow, light or short for a car of 2 m × 1.9 m × 4.8 m and 2 t (OSRM car `blocked_ways`
    /// and its `handle_height` / `handle_width` / `handle_length` / `handle_weight`).
    static func isClosedToCars(_ tags: [String: String]) -> Bool {
        if let construction = tags["construction"], !["no", "widening", "minor"].contains(construction) { return true }
        func below(_ key: String, _ size: Double) -> Bool { tags[key].flatMap(Self.meters).map { $0 > 0 && $0 < size } ?? false }
        return below("maxheight", 2.0) || below("maxwidth", 1.91) || below("maxlength", 4.8) || below("maxweight", 2.0)
    }

    /// Access values that close a track or a path to cars unless its class is driven by default.
    private static let restrictedAccess: Set<String> = ["destination", "residents", "permit", "unknown"]

    /// Access values that let cars in only to reach somewhere on the road (OSRM car
    /// `restricted_access_tag_list`), on the classes of `restrictedHighways`.
    private static let carRestrictedAccess: Set<String> = ["private", "delivery", "destination", "customers", "permit", "residents", "unknown"]

    /// The classes whose restricted access values open them to cars as restricted roads (OSRM car
    /// `restricted_highway_whitelist`).
    private static let restrictedHighways: Set<RoadClass> = [
        .motorway, .motorwayLink, .trunk, .trunkLink, .primary, .primaryLink, .secondary, .secondaryLink,
        .tertiary, .tertiaryLink, .residential, .livingStreet, .unclassified, .service,
    ]

    /// Parking aisles, driveways and the like are avoided for through routes (OSRM car `service_penalties`).
    private static let servicePreference: [String: Double] = [
        "alley": 0.5, "parking": 0.5, "parking_aisle": 0.5, "driveway": 0.5, "drive-through": 0.5, "drive-thru": 0.5,
    ]

    /// The car preference of a way from its service kind, width, lanes, lane markings, alternating
    /// oneway and `side_road` tags: the lowest factor that applies (OSRM car `WayHandlers.penalties`).
    static func carPreference(_ tags: [String: String], isBidirectional: Bool) -> Double {
        var factors = [tags["service"].flatMap { servicePreference[$0] } ?? 1]
        if isBidirectional {
            if tags["lane_markings"] == "no" { factors.append(0.75) }
            if let width = tags["width"].flatMap(Self.meters) {
                factors.append(width <= 3 ? 0.5 : width < 4 ? 0.6 : width < 5 ? 0.75 : width < 6 ? 0.8 : 1)
            }
            if let lanes = tags["lanes"].flatMap({ Int($0.prefix { $0.isNumber }) }), lanes <= 1 { factors.append(0.5) }
        }
        if carOneway(tags) == "alternating" { factors.append(0.4) }
        if ["yes", "rotary"].contains(tags["side_road"] ?? "") { factors.append(0.8) }
        return factors.min() ?? 1
    }

    /// Metres from a `width` value ("3", "3.5", "3.5 m"), nil when not understood.
    private static func meters(_ raw: String) -> Double? {
        let number = raw.trimmingPrefix(while: \.isWhitespace).prefix { $0.isNumber || $0 == "." }
        return Double(number)
    }

    /// Highest car speed in km/h on a surface, track grade or smoothness (OSRM car `surface_speeds`,
    /// `tracktype_speeds`, `smoothness_speeds`), nil when unrestricted.
    static func surfaceCap(_ tags: [String: String]) -> Double? {
        let surface: [String: Double] = [
            "cement": 80, "compacted": 80, "fine_gravel": 80, "paving_stones": 60, "metal": 60, "bricks": 60, "grass": 40, "wood": 40,
            "sett": 40, "grass_paver": 40, "gravel": 40, "unpaved": 40, "ground": 40, "dirt": 40, "pebblestone": 40, "tartan": 40,
            "cobblestone": 30, "clay": 30, "earth": 20, "stone": 20, "rocky": 20, "sand": 20, "laterite": 15, "mud": 10, "ice": 20,
            "snow": 30,
        ]
        let tracktype: [String: Double] = ["grade1": 60, "grade2": 40, "grade3": 30, "grade4": 25, "grade5": 20]
        let smoothness: [String: Double] = ["intermediate": 80, "bad": 40, "very_bad": 20, "horrible": 10, "very_horrible": 5]
        return [tags["surface"].flatMap { surface[$0] }, tags["tracktype"].flatMap { tracktype[$0] }, tags["smoothness"].flatMap { smoothness[$0] }]
            .compactMap { $0 }.min()
    }

    /// The oneway keys read for cars before `oneway`, most specific first (OSRM car.lua's
    /// `restrictions` as `oneway:` prefixes: a street one-way for motor vehicles only).
    private static let carOnewayKeys = ["oneway:motorcar", "oneway:motor_vehicle", "oneway:vehicle"]

    /// The car's `oneway` value: the most specific of `carOnewayKeys`, else `oneway`.
    private static func carOneway(_ tags: [String: String]) -> String? {
        carOnewayKeys.lazy.compactMap { tags[$0] }.first ?? tags["oneway"]
    }

    /// The car's allowed directions from `oneway` (or a more specific `oneway:motor_vehicle` and
    /// the like), as OSRM's `WayHandlers.oneway` reads it: `-1` against the node order; `yes`, `1`,
    /// `true` along it; motorways and roundabouts implied one-way unless the value is `no` (not
    /// their links, and not `0` or `false`); any other value two-way (`alternating` too, slowed by
    /// its preference). `reversible` closes the way (car.lua's `avoid` list).
    private func directions(_ tags: [String: String], _ attributes: WayAttributes) -> (Bool, Bool) {
        let value = Self.carOneway(tags)
        switch value {
        case "yes", "1", "true": return (true, false)
        case "-1": return (false, true)
        case "reversible": return (false, false)
        default:
            let implied = attributes.flags.contains(.roundabout) || attributes.roadClass == .motorway
            return (true, !implied || value == "no")
        }
    }

    /// The car's speed in km/h along (`forward`) or against the way's node order.
    private func speed(_ tags: [String: String], _ attributes: WayAttributes, forward: Bool) -> Double {
        let roadClass = attributes.roadClass
        if roadClass == .ferry { return 5 }
        // Classes without a car speed are driven at OSRM's `default_speed` where access tags open them.
        let base = Self.defaultCarSpeed(roadClass) > 0 ? Self.defaultCarSpeed(roadClass) : 10
        let tagged = forward
            ? attributes.advisorySpeed.forward ?? attributes.speedLimit : attributes.advisorySpeed.backward ?? attributes.backwardSpeedLimit
        let limited = switch tagged {
        case .unlimited: max(base, 140 * 0.8)
        // As OSRM: 80 % of any limit above 0 (a 5 km/h limit is driven at 4), else the class's.
        case let limit?: limit.kilometersPerHour.flatMap { $0 > 0 ? $0 * 0.8 : nil } ?? base
        case nil: base
        }
        return min(limited, Self.surfaceCap(tags) ?? limited)
    }
}
