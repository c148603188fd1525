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
    /// Seconds per edge for this profile and these avoid options, infinite when unusable
    /// (computed once per request so the search loop reads one array).
    private(set) var costs: [Double]

    /// Maximum turn cost in seconds (OSRM car `turn_penalty`).
    static let turnPenalty = 7.5
    /// Right-hand-traffic bias of turn costs (OSRM car `turn_bias`).
    static let turnBias = 1.075
    /// Cost of turning around at a dead end, in seconds.
    static let uTurnPenalty = 20.0

    /// The costing of `profile` on `graph` without the kinds of road in `avoid`.
    init(graph: RoadGraph, tables: RoutingTables, profile: TravelProfile, avoid: Set<AvoidOption>) {
        self.graph = graph
        self.tables = tables
        self.profile = profile
        self.avoid = avoid
        costs = graph.edges.map { e in
            let d = e.durations[profile]
            return d.isFinite && !avoid.contains(where: { $0.excludes(e) }) ? Double(d) : .infinity
        }
    }

    /// This costing with the cost of every edge multiplied by its factor in `penalties` (alternatives search).
    func penalized(by penalties: [Float]) -> EdgeCosting {
        var copy = self
        for i in copy.costs.indices where penalties[i] != 1 { copy.costs[i] *= Double(penalties[i]) }
        return copy
    }

    /// Whether the profile may use `edge` under the avoid options.
    func isUsable(_ edge: Int) -> Bool { costs[edge].isFinite }

    /// Seconds to travel all of `edge` (penalties included), infinite when unusable.
    @inline(__always) func cost(_ edge: Int) -> Double { costs[edge] }

    /// Seconds to turn from `from` onto `to` at their common node, nil when the turn is forbidden
    /// (turn restriction, or a U-turn where the road goes on).
    func turnCost(from: Int, to: Int) -> Double? {
        let node = graph.edges[from].to
        let isUTurn = graph.edges[to].to == graph.edges[from].from && graph.edges[to].shape == graph.edges[from].shape
        if isUTurn {
            guard tables.roadCounts[node.index] <= 1 else { return nil }
            return Self.uTurnPenalty
        }
        if tables.hasRestrictions[from] {
            guard graph.isTurnAllowed(from: EdgeID(Int32(from)), to: EdgeID(Int32(to)), profile: profile) else { return nil }
        }
        guard profile != .foot, tables.roadCounts[node.index] > 2 else { return 0 }
        let angle = Bearing.turn(from: Double(tables.finalBearings[from]), to: Double(tables.initialBearings[to]))
        let bias = Self.turnBias
        let exponent = angle >= 0 ? (13 / bias) * angle / 180 - 6.5 * bias : (13 * bias) * -angle / 180 - 6.5 / bias
        return Self.turnPenalty / (1 + exp(-exponent))
    }

    /// A lower bound in seconds on the time from `node` to `target` (straight line on the planner's plane at the top speed).
    func bound(from node: NodeID, to target: PlanarPoint) -> Double {
        let p = tables.planarNodes[node.index]
        let dx = p.x - target.x, dy = p.y - target.y
        return (dx * dx + dy * dy).squareRoot() * RoutingTables.planarShrink / tables.maxSpeeds[profile.index]
    }
}
