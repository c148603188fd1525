import Geodesy
import RoadGraph

/// The road ahead as the electronic horizon's most probable path (expansion level 0): follow the
/// current edge, then at each node take the continuation a driver most likely takes — same name or
/// ref first, then the more important class, then the straightest — without U-turns, forbidden
/// turns or edges the profile may not use.
public struct MostProbablePath: Sendable {
    /// The road network.
    public let graph: RoadGraph
    /// The profile whose access and turn restrictions apply.
    public let profile: TravelProfile
    /// Speed limits for untagged ways.
    public let speedLimitDefaults: SpeedLimitDefaults

    /// A horizon builder over `graph` for `profile` (edge bearings come from the graph's stored shape bearings).
    public init(graph: RoadGraph, profile: TravelProfile, speedLimitDefaults: SpeedLimitDefaults) {
        self.graph = graph
        self.profile = profile
        self.speedLimitDefaults = speedLimitDefaults
    }

    /// The stretches ahead of a vehicle `fraction` along `edge`, covering up to `length` metres
    /// (less at a dead end); consecutive edges of one way are merged into one stretch.
    public func ahead(from edge: EdgeID, fraction: Double, length: Meters) -> [HorizonStretch] {
        var stretches: [HorizonStretch] = []
        var current = edge
        var remaining = length
        var along = (1 - min(max(fraction, 0), 1)) * Double(graph[edge].length)
        var visited: [EdgeID] = []
        while remaining > 0 {
            let e = graph[current]
            let used = min(along, remaining)
            if let lastIndex = stretches.indices.last, stretches[lastIndex].wayID == e.wayID {
                stretches[lastIndex].length += used
                stretches[lastIndex].edges.append(current)
            } else {
                stretches.append(
                    HorizonStretch(
                        wayID: e.wayID, name: graph.name(of: current), ref: graph.ref(of: current), roadClass: e.roadClass, length: used,
                        speedLimit: graph.postedSpeedLimit(of: current, defaults: speedLimitDefaults), edges: [current]))
            }
            remaining -= used
            visited.append(current)
            guard remaining > 0, let next = continuation(after: current), !visited.contains(next) else { break }
            current = next
            along = Double(graph[next].length)
        }
        return stretches
    }

    /// The most probable edge after `edge` at its end node, nil at a dead end.
    public func continuation(after edge: EdgeID) -> EdgeID? {
        let e = graph[edge]
        let arrivalBearing = graph.finalBearing(of: edge)
        var best: (edge: EdgeID, score: (Int, Int, Double))?
        for i in graph.outgoingRange(from: e.to) {
            let next = EdgeID(Int32(i))
            let n = graph[next]
            guard n.shape != e.shape, n.durations[profile].isFinite,
                graph.isTurnAllowed(from: edge, to: next, profile: profile)
            else { continue }
            let sameRoad = (e.name >= 0 && n.name == e.name) || (e.ref >= 0 && n.ref == e.ref) || n.wayID == e.wayID
            let score = (sameRoad ? 0 : 1, n.roadClass.rank, Bearing.difference(arrivalBearing, graph.initialBearing(of: next)))
            if best == nil || score < best!.score { best = (next, score) }
        }
        return best?.edge
    }
}
