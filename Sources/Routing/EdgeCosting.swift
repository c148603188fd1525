#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geodesy
import RoadGraph

/// The cost model of one search, in the style of OSRM's profiles. A search minimises weight;
/// a route reports duration. Edge weight is the travel time divided by the road's car preference
/// (narrow, service and side roads weigh more than they take); car turns cost a sigmoid of the angle,
/// cheaper to the right, plus a wait for crossing oncoming traffic on left turns, and 20 s for a
/// U-turn at a dead end or a barrier (the only way on from one); entering a destination-only road from a through road weighs an hour.
/// Bike turns cost the squared angle (`bicycle.lua`), U-turns 20 s more; walkers turn for free
/// but for 2 s to turn around (`foot.lua`). Bikes and walkers weigh what they take. Every profile
/// may only turn around at a barrier it cannot pass (`EdgeFlags.barrierAhead(for:)`).
struct EdgeCosting {
    let graph: RoadGraph
    let tables: RoutingTables
    let profile: TravelProfile
    /// The nodes a search runs over: the edges and the via-way restrictions' copies of them.
    let nodes: SearchNodes
    private(set) var avoid: Set<AvoidOption>
    /// Factors on the weight of the roads of routes already found (alternatives search); empty otherwise.
    private var penalties: [Int32: Double] = [:]

    /// Maximum turn cost in seconds (OSRM car `turn_penalty`).
    static let turnPenalty = 7.5
    /// Right-hand-traffic bias of turn costs (OSRM car `turn_bias`).
    static let turnBias = 1.075
    /// Extra seconds at most for a left turn across oncoming traffic (OSRM car `oncoming_turn_penalty`).
    static let oncomingTurnPenalty = 2.0
    /// The version of the cost model: bump it whenever a change here (or in what the costs read)
    /// changes any edge or turn weight, so hierarchies stored under the old one are rebuilt.
    static let modelVersion: UInt32 = 6
    /// Cost of turning around at a dead end on top of the turn itself, in seconds (OSRM `u_turn_penalty`).
    static let uTurnPenalty = 20.0
    /// Cost of a walker turning around at a dead end, in seconds (OSRM foot `u_turn_penalty`).
    static let footUTurnPenalty = 2.0
    /// Weight of entering a destination-only road from a road open to through traffic (OSRM `max_turn_weight`).
    static let restrictedEntryWeight = 3276.7

    /// The costing of `profile` on `graph` without the kinds of road in `avoid` (costs nothing per
    /// map edge: each edge's weight is worked out from the edge when a search looks at it).
    init(graph: RoadGraph, tables: RoutingTables, profile: TravelProfile, avoid: Set<AvoidOption>) {
        self.graph = graph
        self.tables = tables
        self.profile = profile
        self.nodes = SearchNodes(graph: graph, profile: profile)
        self.avoid = avoid
    }

    /// This costing without the kinds of road in `avoid` as well (shares the per-edge weights).
    func avoiding(_ avoid: Set<AvoidOption>) -> EdgeCosting {
        var copy = self
        copy.avoid.formUnion(avoid)
        return copy
    }

    /// This costing with the cost of each edge in `penalties` multiplied by its factor (alternatives search).
    func penalized(by penalties: [Int32: Float]) -> EdgeCosting {
        var copy = self
        for (edge, factor) in penalties { copy.penalties[edge, default: 1] *= Double(factor) }
        return copy
    }

    /// Whether the profile may use `edge` under the avoid options.
    func isUsable(_ edge: Int) -> Bool { cost(edge).isFinite }

    /// Weight of travelling all of `edge` (penalties included), infinite when unusable.
    @inline(__always) func cost(_ edge: Int) -> Double { cost(edge, loaded: graph.edges[edge]) }

    /// `cost(_:)` of `edge` already loaded as `e`.
    @inline(__always) func cost(_ edge: Int, loaded e: RoadEdge) -> Double {
        let d = e.durations[profile]
        guard d.isFinite else { return .infinity }
        // Travel time without avoid options or penalties, divided by the car preference for cars.
        let base = profile == .car ? Double(d) * 100 / Double(max(1, e.carPreference)) : Double(d)
        if avoid.isEmpty && penalties.isEmpty { return base }
        if !avoid.isEmpty, avoid.contains(where: { $0.excludes(e) }) { return .infinity }
        return penalties.isEmpty ? base : base * (penalties[Int32(edge)] ?? 1)
    }

    /// Weight of travelling `edge` from `from` to `to` (fractions of its length), in the share
    /// `RoadEdge.travelShare` gives the route's duration: a car's wait at the edge's traffic
    /// controls counts only when it drives to the end and on. Every search prices its first and
    /// last edges so.
    func cost(_ edge: Int, from: Double, to: Double, passingEnd: Bool) -> Double {
        cost(edge, loaded: graph.edges[edge], from: from, to: to, passingEnd: passingEnd)
    }

    /// `cost(_:from:to:passingEnd:)` of `edge` already loaded as `e`.
    func cost(_ edge: Int, loaded e: RoadEdge, from: Double, to: Double, passingEnd: Bool) -> Double {
        let whole = cost(edge, loaded: e)
        return whole.isFinite ? whole * e.travelShare(profile: profile, from: from, to: to, passingEnd: passingEnd) : whole
    }

    /// Weight of a search's source at `fraction` of `edge`: from there to the end and on.
    func sourceCost(_ edge: Int, at fraction: Double) -> Double { cost(edge, from: fraction, to: 1, passingEnd: true) }

    /// Weight of a search's target at `fraction` of `edge`: from its start to there.
    func targetCost(_ edge: Int, at fraction: Double) -> Double { cost(edge, from: 0, to: fraction, passingEnd: false) }

    /// Weight of turning from `from` onto `to` at their common node, nil when the turn is forbidden
    /// (turn restriction, or a U-turn where the road goes on).
    func turnCost(from: Int, to: Int) -> Double? {
        turnCost(from: from, loaded: graph.edges[from], to: to, loaded: graph.edges[to])
    }

    /// `turnCost(from:to:)` of two edges already loaded as `f` and `t`.
    func turnCost(from: Int, loaded f: RoadEdge, to: Int, loaded t: RoadEdge) -> Double? {
        guard let duration = turnDuration(from: from, loaded: f, to: to, loaded: t) else { return nil }
        let flags = (f.flags, t.flags)
        let entersRestricted = profile == .car && !flags.0.contains(.restrictedAccess) && flags.1.contains(.restrictedAccess)
        return entersRestricted ? Self.restrictedEntryWeight : duration
    }

    /// Seconds spent turning from `from` onto `to` at their common node, nil when the turn is forbidden.
    func turnDuration(from: Int, to: Int) -> Double? {
        // Each edge decoded once (this runs for every turn a search or a route takes).
        turnDuration(from: from, loaded: graph.edges[from], to: to, loaded: graph.edges[to])
    }

    /// `turnDuration(from:to:)` of two edges already loaded as `f` and `t`.
    func turnDuration(from: Int, loaded f: RoadEdge, to: Int, loaded t: RoadEdge) -> Double? {
        let roads = tables.roadCounts[profile.index][f.to.index]
        let isUTurn = t.to == f.from && t.shape == f.shape
        let barrier = f.flags.contains(.barrierAhead(for: profile))
        if isUTurn {
            guard roads <= 1 || barrier else { return nil }
            return switch profile {
            case .car: Self.angleCost(180) + Self.uTurnPenalty
            case .bike: TravelProfile.bikeAngleCost(180) + Self.uTurnPenalty
            case .foot: Self.footUTurnPenalty
            }
        }
        if barrier { return nil }
        if graph.startsRestriction(EdgeID(Int32(from))) {
            guard graph.isTurnAllowed(from: EdgeID(Int32(from)), to: EdgeID(Int32(to)), profile: profile) else { return nil }
        }
        // A bike pays for every turn (bicycle.lua charges each one; where roads just go on, the
        // angle and so the cost is about 0) but where OSRM's compressor leaves no node, a car only
        // at junctions.
        if profile == .bike && f.flags.contains(.bikeGoesOn) { return 0 }
        guard profile == .bike || (profile == .car && roads > 2) else { return 0 }
        // Bearings rounded to Float as the costs were first defined (the turn weights stay bit for bit the same).
        let final = Double(Float(graph.finalBearing(of: f))), initial = Double(Float(graph.initialBearing(of: t)))
        let angle = Bearing.turn(from: final, to: initial)
        if profile == .bike { return TravelProfile.bikeAngleCost(angle) }
        let roundabout = f.flags.contains(.roundabout) || t.flags.contains(.roundabout)
        let crossesOncoming = profile == .car && angle < 0 && !roundabout
        return Self.angleCost(angle) + (crossesOncoming ? Self.oncomingCost(angle) : 0)
    }

    /// The sigmoid turn cost of OSRM's car profile for a turn of `angle` degrees (positive to the right).
    static func angleCost(_ angle: Double) -> Double {
        let bias = turnBias
        let exponent = angle >= 0 ? (13 / bias) * angle / 180 - 6.5 * bias : (13 * bias) * -angle / 180 - 6.5 / bias
        return turnPenalty / (1 + exp(-exponent))
    }

    /// The wait for a gap in oncoming traffic on a turn of `angle` degrees across it, tapering for shallow turns.
    static func oncomingCost(_ angle: Double) -> Double {
        oncomingTurnPenalty / (1 + exp(-(13 * abs(angle) / 180 - 3.25)))
    }

    /// A lower bound in seconds on the time from `node` to `target` (straight line on the planner's plane at the top speed).
    func bound(from node: NodeID, to target: PlanarPoint) -> Double {
        let p = tables.planarNode(node, in: graph)
        let dx = p.x - target.x, dy = p.y - target.y
        return (dx * dx + dy * dy).squareRoot() * RoutingTables.planarShrink / tables.maxSpeeds[profile.index]
    }
}
