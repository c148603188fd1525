import Geodesy
import RoadGraph

/// The bike's rules, as OSRM 26.10's `bicycle.lua` (`handle_bicycle_tags` and the handlers it runs):
/// a speed per road class, 15 km/h on a cycleway lane or track, pushing at walking speed (4 km/h)
/// where riding is not allowed but walking is, then `maxspeed` and the surface as upper limits.
extension TagPolicy {
    /// Walking speed of a cyclist pushing the bike, in km/h (`walking_speed`).
    static let bikePushingSpeed = 4.0

    /// Riding speed in km/h per road class (`bicycle_speeds`); nil for classes ridden only where
    /// an access tag allows bikes (footway, pedestrian, steps, trunk, bridleway…).
    static func bikeClassSpeed(_ roadClass: RoadClass) -> Double? {
        switch roadClass {
        case .cycleway, .primary, .primaryLink, .secondary, .secondaryLink, .tertiary, .tertiaryLink, .residential, .unclassified,
            .livingStreet, .service:
            15
        case .track: 12
        case .path: 13
        default: nil
        }
    }

    /// Pushing speed in km/h on classes for walkers (`pedestrian_speeds`).
    private static func bikeWalkwaySpeed(_ roadClass: RoadClass) -> Double? {
        switch roadClass {
        case .footway, .pedestrian: bikePushingSpeed
        case .steps: 2
        default: nil
        }
    }

    /// Highest bike speed in km/h per `surface` (`surface_speeds`).
    static let bikeSurfaceSpeeds: [String: Double] = [
        "asphalt": 15, "chipseal": 15, "concrete": 15, "concrete_lanes": 15, "wood": 10, "metal": 10, "cobblestone:flattened": 10,
        "paving_stones": 10, "compacted": 10, "cobblestone": 7, "unpaved": 6, "fine_gravel": 10, "gravel": 6, "pebblestone": 6,
        "grass_paver": 6, "ground": 10, "dirt": 8, "earth": 6, "laterite": 5, "grass": 6, "mud": 3, "sand": 3, "woodchips": 3, "sett": 9,
    ]

    static let bikeAccessKeys = ["bicycle", "vehicle", "access"]
    /// Access values that close a way to bikes (`access_tag_blacklist`).
    static let bikeDeniedAccess: Set<String> = ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"]
    /// Access values that open a way of any class to bikes (`access_tag_whitelist`).
    private static let bikeAllowedAccess: Set<String> = ["yes", "permissive", "designated"]
    /// `cycleway=*` values of a lane or track along the traffic (`cycleway_tags`).
    private static let cyclewayAlong: Set<String> = ["track", "lane", "share_busway", "sharrow", "shared", "shared_lane"]
    /// `cycleway=*` values of a lane or track against a oneway (`opposite_cycleway_tags`).
    private static let cyclewayOpposite: Set<String> = ["opposite", "opposite_lane", "opposite_track"]

    /// One direction of a way for a bike while the rules are applied: closed (`open` false) or
    /// ridden, pushed or ferried at `speed` (nil: no speed yet, OSRM's -1).
    private struct BikeDirection {
        var open = true
        var speed: Double?
        /// Whether this direction still lacks a way to travel (closed, or no speed).
        var isUnset: Bool { !open || speed == nil }
    }

    /// The bike's access rule. Not mirrored: `bicycle.lua` ranks routes by duration here (its
    /// `cyclability` weight is commented out), so safety penalties do not apply; nor do its
    /// railway, parking and pier ways, which Waygate does not import.
    func bikeAccess(_ tags: [String: String], _ attributes: WayAttributes) -> WayAccess? {
        if Self.isBlockedForBikesAndWalkers(tags) { return nil }
        // `avoid.construction`: bicycle.lua (unlike foot.lua) closes `highway=construction` too.
        if tags["highway"] == "construction" { return nil }
        if let construction = tags["construction"], !["no", "widening", "minor"].contains(construction) { return nil }
        let resolve = { (value: String?) in value.map { Self.resolvedAccess($0, allowed: Self.bikeAllowedAccess, denied: Self.bikeDeniedAccess) } }
        let access = resolve(Self.bikeAccessKeys.lazy.compactMap { tags[$0] }.first)
        let values = DirectionalTags.values(tags, Self.bikeAccessKeys)
        let directional = (forward: resolve(values.forward), backward: resolve(values.backward))
        let denied = { (value: String?) in value.map(Self.bikeDeniedAccess.contains) ?? false }
        if denied(access) || (denied(directional.forward) && denied(directional.backward)) { return nil }
        if Self.hasSeparateCycleway(tags), !["yes", "permissive", "designated", "destination"].contains(tags["bicycle"] ?? "") { return nil }

        // speed_handler
        let roadClass = attributes.roadClass
        var forward = BikeDirection(), backward = BikeDirection()
        var allowsPushing = true
        if roadClass == .ferry {
            (forward.speed, backward.speed, allowsPushing) = (5, 5, false)
        } else if tags["bridge"] == "movable" {
            (forward.speed, backward.speed) = (5, 5)
        } else if WayAttributes.isTransportPlatform(tags) {
            (forward.speed, backward.speed) = (Self.bikePushingSpeed, Self.bikePushingSpeed)  // `platform_speeds`
        } else if let speed = Self.bikeClassSpeed(roadClass) ?? access.flatMap({ Self.bikeAllowedAccess.contains($0) ? 15 : nil }) {
            (forward.speed, backward.speed) = (speed, speed)
        } else {
            allowsPushing = false
        }

        // oneway_handler: `oneway:bicycle` first, then `oneway`, then roundabouts and motorways.
        let impliedOneway = attributes.flags.contains(.roundabout) || roadClass == .motorway
        var isReverse = false
        switch Self.onewayValue(tags["oneway:bicycle"]) ?? Self.onewayValue(tags["oneway"]) {
        case "yes": backward.open = false
        case "-1": (forward.open, isReverse) = (false, true)
        case "no": break
        default: if impliedOneway { backward.open = false }
        }

        // cycleway_handler: a lane or track is ridden at the cycleway speed in its direction.
        let lanes = Self.cyclewayDirections(tags, isTwoWay: forward.open && backward.open && !impliedOneway, isReverse: isReverse)
        if lanes.forward { (forward.open, forward.speed) = (true, 15) }
        if lanes.backward { (backward.open, backward.speed) = (true, 15) }

        // bike_push_handler: walk the bike where riding is not allowed but walking is.
        if forward.isUnset || backward.isUnset, tags["foot"] != "no" {
            let push = Self.pushingSpeeds(tags, roadClass, allowsPushing: allowsPushing, impliedOneway: impliedOneway)
            if forward.isUnset, let speed = push.forward { (forward.open, forward.speed) = (true, speed) }
            if backward.isUnset, let speed = push.backward { (backward.open, backward.speed) = (true, speed) }
        }
        if tags["bicycle"] == "dismount" {
            forward = BikeDirection(open: true, speed: Self.bikePushingSpeed)
            backward = BikeDirection(open: true, speed: Self.bikePushingSpeed)
        }

        // maxspeed, per-direction access, surface.
        let limits = (forward: Self.numericSpeed(tags["maxspeed:forward"]), backward: Self.numericSpeed(tags["maxspeed:backward"]))
        let limit = Self.numericSpeed(tags["maxspeed"])
        let surface = tags["surface"].flatMap { Self.bikeSurfaceSpeeds[$0] }
        func finished(_ direction: BikeDirection, limit directionLimit: Double?, access: String?) -> Double? {
            guard direction.open, !denied(access), var speed = direction.speed else { return nil }
            if let cap = directionLimit ?? limit { speed = min(speed, cap) }
            if let surface { speed = min(speed, surface) }
            return speed > 0 ? speed : nil
        }
        let forwardSpeed = finished(forward, limit: limits.forward, access: directional.forward)
        let backwardSpeed = finished(backward, limit: limits.backward, access: directional.backward)
        guard forwardSpeed != nil || backwardSpeed != nil else { return nil }
        return WayAccess(
            forward: forwardSpeed != nil, backward: backwardSpeed != nil, speed: forwardSpeed ?? backwardSpeed ?? 0,
            backwardSpeed: backwardSpeed ?? forwardSpeed)
    }

    /// `yes`, `-1` or `no` for a oneway value OSRM's bike profile understands, nil for others.
    private static func onewayValue(_ raw: String?) -> String? {
        switch raw {
        case "yes", "1", "true": "yes"
        case "-1": "-1"
        case "no", "0", "false": "no"
        default: nil
        }
    }

    /// The directions with a cycle lane or track (`cycleway_handler`): on a two-way road,
    /// `cycleway` both ways, `cycleway:right` (or an opposite `cycleway:left`) forward, and the
    /// mirror backward; on a oneway, both ways with any opposite lane, else along it with a plain lane.
    private static func cyclewayDirections(_ tags: [String: String], isTwoWay: Bool, isReverse: Bool) -> (forward: Bool, backward: Bool) {
        let both = tags["cycleway"] ?? tags["cycleway:both"]
        let left = tags["cycleway:left"], right = tags["cycleway:right"]
        func along(_ value: String?) -> Bool { value.map(cyclewayAlong.contains) ?? false }
        func opposite(_ value: String?) -> Bool { value.map(cyclewayOpposite.contains) ?? false }
        if isTwoWay {
            return (along(both) || along(right) || opposite(left), along(both) || along(left) || opposite(right))
        }
        if opposite(both) || opposite(right) || opposite(left) { return (true, true) }
        if along(both) || along(right) || along(left) { return (!isReverse, isReverse) }
        return (false, false)
    }

    /// Pushing speeds along and against the way (`bike_push_handler`): on walkways their walking
    /// speed, else 4 km/h where `foot=yes` (`foot:forward` / `foot:backward` for one direction)
    /// or where the class allows pushing; never against an implied oneway.
    private static func pushingSpeeds(
        _ tags: [String: String], _ roadClass: RoadClass, allowsPushing: Bool, impliedOneway: Bool
    ) -> (forward: Double?, backward: Double?) {
        if let speed = bikeWalkwaySpeed(roadClass) { return (speed, speed) }
        let walking = bikePushingSpeed
        if tags["foot"] == "yes" { return (walking, impliedOneway ? nil : walking) }
        if tags["foot:forward"] == "yes" { return (walking, nil) }
        if tags["foot:backward"] == "yes" { return (nil, walking) }
        return allowsPushing ? (walking, impliedOneway ? nil : walking) : (nil, nil)
    }

    /// Whether the way's cycle track is mapped as a way of its own (`cycleway[:both|:left|:right]=separate`).
    private static func hasSeparateCycleway(_ tags: [String: String]) -> Bool {
        ["cycleway", "cycleway:both", "cycleway:left", "cycleway:right"].contains { tags[$0] == "separate" }
    }

    /// A numeric `maxspeed` in km/h ("30", "20 mph"), nil for zones, `none`, `walk` and the like
    /// (OSRM `Measure.get_max_speed`).
    static func numericSpeed(_ raw: String?) -> Double? {
        guard let raw, raw.first?.isNumber == true, let limit = MaxSpeed.parse(raw)?.kilometersPerHour, limit > 0 else { return nil }
        return limit
    }

    /// Ways closed to bikes and walkers whatever their access (`blocked_ways`: impassable, a
    /// `highway=proposed` with a `proposed` tag, `motorroad=yes`).
    static func isBlockedForBikesAndWalkers(_ tags: [String: String]) -> Bool {
        tags["impassable"] == "yes" || tags["status"] == "impassable" || tags["motorroad"] == "yes"
            || (tags["highway"] == "proposed" && tags["proposed"] != nil)
    }

    /// The most permissive of the values of a multi-value access tag ("no;designated"), OSRM's `resolve_access`.
    static func resolvedAccess(_ raw: String, allowed: Set<String>, denied: Set<String>) -> String {
        guard raw.contains(";") else { return raw }
        func rank(_ value: String) -> Int { allowed.contains(value) ? 3 : denied.contains(value) ? 1 : 0 }
        var best = raw, bestRank = -1
        for part in raw.split(separator: ";").map({ $0.trimmingSpaces }) where rank(part) > bestRank { (best, bestRank) = (part, rank(part)) }
        return best
    }
}
