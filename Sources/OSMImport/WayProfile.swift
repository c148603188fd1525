import Geodesy
import RoadGraph

/// What the graph builder needs of a routable way once its tags are read: its attributes and how
/// each profile may use it. Many ways share one (every unnamed residential street of a town), so
/// the importer keeps each distinct profile once instead of every way's tags.
struct WayProfile: Hashable, Sendable {
    /// Road class (`highway=*`, or `.ferry`).
    var roadClass: RoadClass
    /// Street name, road number and signposted destination (see `WayAttributes`).
    var name: String?, ref: String?, destination: String?
    /// Tagged limits along and against the node order.
    var speedLimit: SpeedLimit?, backwardSpeedLimit: SpeedLimit?
    /// Roundabout, toll, ferry, tunnel and bridge flags.
    var flags: EdgeFlags
    /// Ferry crossing time for the whole way in seconds, nil when untagged.
    var ferryDuration: Double?
    /// How each profile that may use the way does (profiles that may not are absent).
    var access: [TravelProfile: TagPolicy.WayAccess]

    /// The profile of a way with `tags` under `policies`, nil when no policy may use it.
    init?(tags: [String: String], policies: [TagPolicy]) {
        guard let attributes = WayAttributes(tags: tags) else { return nil }
        var access: [TravelProfile: TagPolicy.WayAccess] = [:]
        for policy in policies { access[policy.profile] = policy.access(for: tags, attributes: attributes) }
        guard !access.isEmpty else { return nil }
        roadClass = attributes.roadClass
        name = attributes.name
        ref = attributes.ref
        destination = attributes.destination
        speedLimit = attributes.speedLimit
        backwardSpeedLimit = attributes.backwardSpeedLimit
        flags = attributes.flags
        ferryDuration = attributes.ferryDuration
        self.access = access
    }

    /// Whether the importer looks at a way with `tags` at all (a `highway` or `route=ferry` tag, or a platform).
    static func isHighway(_ tags: [String: String]) -> Bool {
        tags["highway"] != nil || tags["route"] == "ferry" || WayAttributes.isTransportPlatform(tags)
    }
}
