#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geodesy
import RoadGraph

/// The cost model of one search: edge travel times for a profile with avoided kinds removed and
/// optional penalty factors (for alternatives), plus turn costs in the style of OSRM's car profile
/// (a sigmoid of the turn angle, cheaper to the right; 20 s for a U-turn at a dead end).
struct EdgeCosting {
    let graph: RoadGraph
    let tables: RoutingTables
    let profile: TravelProfile
    let avoid: Set<AvoidOption>
    /// Multiplier per edge (alternatives search), nil for none.
    var penalties: [Float]?

    /// Maximum turn cost in seconds (OSRM car `turn_penalty`).
    static let turnPenalty = 7.5
    /// Right-hand-traffic bias of turn costs (OSRM car `turn_bias`).
    static let turnBias = 1.075
    /// Cost of turning around at a dead end, in seconds.
    static let uTurnPenalty = 20.0

    /// Whether the profile may use `edge` under the avoid options.
    func isUsable(_ edge: Int) -> Bool {
        let e = graph.edges[edge]
        return e.durations[profile].isFinite && !avoid.contains(where: { $0.excludes(e) })
    }

    /// Seconds to travel all of `edge`, infinite when unusable.
    func cost(_ edge: Int) -> Double {
        guard isUsable(edge) else { return .infinity }
        let base = Double(graph.edges[edge].durations[profile])
        return penalties.map { base * Double($0[edge]) } ?? base
    }

    /// Seconds to turn from `from` onto `to` at their common node, nil when the turn is forbidden
    /// (turn restriction, or a U-turn where the road goes on).
    func turnCost(from: Int, to: Int) -> Double? {
        let node = graph.edges[from].to
        let isUTurn = graph.edges[to].to == graph.edges[from].from && graph.edges[to].shape == graph.edges[from].shape
        if isUTurn {
            guard tables.roadCounts[node.index] <= 1 else { return nil }
            return Self.uTurnPenalty
        }
        guard graph.isTurnAllowed(from: EdgeID(Int32(from)), to: EdgeID(Int32(to)), profile: profile) else { return nil }
        guard profile != .foot, tables.roadCounts[node.index] > 2 else { return 0 }
        let angle = Bearing.turn(from: Double(tables.finalBearings[from]), to: Double(tables.initialBearings[to]))
        let bias = Self.turnBias
        let exponent = angle >= 0 ? (13 / bias) * angle / 180 - 6.5 * bias : (13 * bias) * -angle / 180 - 6.5 / bias
        return Self.turnPenalty / (1 + exp(-exponent))
    }

    /// A lower bound in seconds on the time from `node` to `target` (straight line at the top speed).
    func bound(from node: NodeID, to target: Coordinate) -> Double {
        graph.nodes[node.index].distance(to: target) / tables.maxSpeeds[profile.index]
    }
}
