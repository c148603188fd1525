import RoadGraph

/// Whether a node closes the road to cars — a bollard, a block, a chain, a raised kerb, or an
/// access tag such as `motor_vehicle=no` — decided as OSRM's car profile does: cars may only turn
/// around there. Gates are not barriers (they cost time: `TrafficControl`), nor are toll booths,
/// cattle grids, entrances, lowered kerbs or rising bollards.
enum CarBarrier {
    /// The node tags that matter, for readers that skip all other node tags.
    static let keys: Set<String> = ["barrier", "bollard", "kerb", "highway", "motorcar", "motor_vehicle", "vehicle", "access"]

    /// Access values on a node that stop cars (OSRM car `access_tag_blacklist` minus the restricted ones).
    private static let closingAccess: Set<String> = [
        "no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus", "bus", "foot", "emergency_vehicle",
        "restricted", "military", "official",
    ]

    /// Barriers cars pass (OSRM car `barrier_whitelist`, plus gates, which cost time instead).
    private static let passable: Set<String> = [
        "cattle_grid", "border_control", "toll_booth", "sally_port", "no", "entrance", "height_restrictor", "arch", "gate", "lift_gate",
    ]

    /// The access value for cars on a node (most specific key first), nil when untagged.
    static func access(_ tags: [String: String]) -> String? {
        ["motorcar", "motor_vehicle", "vehicle", "access"].lazy.compactMap { tags[$0] }.first
    }

    /// Whether cars cannot pass a node with these tags.
    static func blocks(_ tags: [String: String]) -> Bool {
        if let access = access(tags) { return closingAccess.contains(access) }
        guard let barrier = tags["barrier"], !passable.contains(barrier) else { return false }
        if tags["bollard"] == "rising" { return false }
        if barrier == "kerb", ["lowered", "flush"].contains(tags["kerb"] ?? "") || tags["highway"] == "crossing" { return false }
        return true
    }
}

/// Which profiles cannot pass a node: cars by `CarBarrier`; bikes and walkers as OSRM's
/// bicycle.lua and foot.lua `process_node` decide: a banned access value on the node (bikes:
/// `bicycle`, `vehicle`, `access`, not on a crossing; walkers: `foot`, `access`), else
/// `barrier=yes`, `wall` or `fence` (not an audible virtual fence; for walkers not a rising bollard).
enum NodeBarrier {
    /// The node tags that matter beyond the car's, for readers that skip all other node tags.
    static let keys: Set<String> = CarBarrier.keys.union(["bicycle", "foot", "sensory"])

    private static let closing: Set<String> = ["yes", "wall", "fence"]

    /// The profiles that cannot pass a node with these tags.
    static func profiles(_ tags: [String: String]) -> ProfileSet {
        var blocked: ProfileSet = CarBarrier.blocks(tags) ? .car : []
        let barrier = tags["barrier"].flatMap { closing.contains($0) ? $0 : nil }
        let audibleFence = barrier == "fence" && ["audible", "audio"].contains(tags["sensory"] ?? "")
        if let access = TagPolicy.bikeAccessKeys.lazy.compactMap({ tags[$0] }).first {
            if TagPolicy.bikeDeniedAccess.contains(access), tags["highway"] != "crossing" { blocked.insert(.bike) }
        } else if barrier != nil, !audibleFence {
            blocked.insert(.bike)
        }
        if let access = ["foot", "access"].lazy.compactMap({ tags[$0] }).first {
            if TagPolicy.footDeniedAccess.contains(access) { blocked.insert(.foot) }
        } else if barrier != nil, !audibleFence, tags["bollard"] != "rising" {
            blocked.insert(.foot)
        }
        return blocked
    }
}
