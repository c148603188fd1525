import RoadGraph

/// The walker's rules, as OSRM 26.10's `foot.lua`: 5 km/h on every class walkers use (steps
/// included), other classes (cycleway, trunk, bridleway…, and `highway` values without a class
/// such as `construction`, which foot.lua does not avoid) only where a `foot` or `access` value
/// that is not a ban allows it, slower on gravel, mud and sand; only `oneway:foot` is a oneway.
extension TagPolicy {
    /// Walking speed in km/h (`walking_speed`).
    static let walkingSpeed = 5.0

    /// Highest walking speed in km/h per `surface` (`surface_speeds`).
    static let footSurfaceSpeeds: [String: Double] = [
        "fine_gravel": walkingSpeed * 0.75, "gravel": walkingSpeed * 0.75, "pebblestone": walkingSpeed * 0.75,
        "mud": walkingSpeed * 0.5, "sand": walkingSpeed * 0.5,
    ]

    /// Access values that close a way to walkers (`access_tag_blacklist`).
    static let footDeniedAccess: Set<String> = ["no", "agricultural", "forestry", "private", "delivery", "use_sidepath"]
    /// Access values that open a way to walkers (`access_tag_whitelist`).
    private static let footAllowedAccess: Set<String> = ["yes", "foot", "permissive", "designated"]

    /// Whether walkers use a class without an access tag allowing them (`speeds.highway`).
    static func isWalkedByDefault(_ roadClass: RoadClass) -> Bool {
        switch roadClass {
        case .primary, .primaryLink, .secondary, .secondaryLink, .tertiary, .tertiaryLink, .unclassified, .residential, .livingStreet,
            .service, .track, .path, .steps, .pedestrian, .footway, .ferry:
            true
        default: false
        }
    }

    /// The walker's access rule (`WayHandlers.access`, `handle_sidewalk_separate`, `WayHandlers.oneway`
    /// with `oneway_handling = 'specific'`, `WayHandlers.speed`, `WayHandlers.surface`). Not mirrored:
    /// parking areas and piers without a `highway` tag, which Waygate does not import, and the
    /// speeds of escalators (`conveying`).
    func footAccess(_ tags: [String: String], _ attributes: WayAttributes) -> WayAccess? {
        if Self.isBlockedForBikesAndWalkers(tags) { return nil }
        let raw = DirectionalTags.values(tags, ["foot", "access"])
        let values = [raw.forward, raw.backward].map {
            $0.map { Self.resolvedAccess($0, allowed: Self.footAllowedAccess, denied: Self.footDeniedAccess) }
        }
        // A platform is walked by its `highway` or `railway` tag (`speeds`), not `public_transport` alone.
        let byDefault = attributes.roadClass == .platform
            ? tags["highway"] == "platform" || tags["railway"] == "platform" : Self.isWalkedByDefault(attributes.roadClass)
        // A direction is walked when its value is no ban and, on classes walkers do not use by
        // default or along a road whose sidewalks are ways of their own, when there is a value at all.
        let separateSidewalk = ["sidewalk", "sidewalk:both", "sidewalk:left", "sidewalk:right"].contains { tags[$0] == "separate" }
        var open = values.map { value in
            guard let value else { return byDefault && !separateSidewalk }
            return !Self.footDeniedAccess.contains(value)
        }
        switch tags["oneway:foot"] {
        case "yes", "1", "true": open[1] = false
        case "-1": open[0] = false
        default: break
        }
        guard open[0] || open[1] else { return nil }
        let speed = min(Self.walkingSpeed, tags["surface"].flatMap { Self.footSurfaceSpeeds[$0] } ?? Self.walkingSpeed)
        return WayAccess(forward: open[0], backward: open[1], speed: speed)
    }
}
