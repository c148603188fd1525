import Geodesy
import RoadGraph

/// The probability of moving between the candidates of two consecutive fixes: an exponential on
/// |network distance − great-circle distance| (Newson & Krumm), with the network distance found by
/// a bounded Dijkstra that respects oneways, turn restrictions and the profile.
///
/// Real traces need three allowances: a fix may fall slightly behind the previous one along the
/// road (1 Hz along-track jitter, a stop), the vehicle may turn around (charged `uTurnPenalty`),
/// and after a GPS gap the search reaches as far as the vehicle could have driven meanwhile.
public struct TransitionModel: Sendable {
    /// The road network.
    public let graph: RoadGraph
    /// Beta, tolerances, penalties and speed bounds.
    public let options: MatchingOptions
    private var search: NetworkSearch

    /// A model over `graph` with `options`.
    public init(graph: RoadGraph, options: MatchingOptions) {
        self.graph = graph
        self.options = options
        search = NetworkSearch(graph: graph, profile: options.profile, uTurnPenalty: options.uTurnPenalty, turnPenalty: options.turnPenalty)
    }

    /// Trades the network search's working arrays for `buffers` (a `MatchingWorkspace`'s).
    mutating func exchangeBuffers(with buffers: inout NetworkSearch.Buffers) {
        swap(&search.buffers, &buffers)
    }

    /// The shape of `edge` (an edge and its twin share one).
    func shape(of edge: EdgeID) -> Int32 { graph[edge].shape }

    /// How far the path search may reach between two fixes `greatCircle` metres and `elapsed`
    /// seconds apart, metres; nil when no vehicle could have covered that distance (a jump).
    public func searchBound(greatCircle: Meters, elapsed: Seconds) -> Meters? {
        let reachable = max(elapsed, 0) * options.maximumSpeed + 2 * options.maximumRadius
        guard greatCircle <= reachable else { return nil }
        return min(options.maximumSearchDistance, reachable, options.routeDistanceFactor * greatCircle + 100)
    }

    /// How far, in metres, a fix with GPS error `sigma` may fall behind the previous one along the road.
    public func backwardTolerance(sigma: Meters) -> Meters {
        max(options.backwardTolerance, options.backwardToleranceSigmas * sigma)
    }

    /// The transition costs from every previous candidate to every current one, row-major
    /// (`[i * current.count + j]`); infinity where no path exists within the bound.
    /// - Parameters:
    ///   - greatCircle: metres between the two fixes.
    ///   - elapsed: seconds between the two fixes.
    ///   - backwardTolerance: metres a fix may fall behind the previous one along the road.
    ///   - timed: whether `elapsed` was measured (both fixes carry a time) rather than assumed; only
    ///     then does a path faster than `speedFactor` × the profile's speeds pay for the excess.
    ///   - chargesTurns: whether paths pay `turnPenalty` for their turns. The turn charge stands in
    ///     for the course, so the matchers ask for it only when the fix has no usable course (with
    ///     one, the heading term tells a side street from the road driven, and a real turn it
    ///     confirms should cost nothing extra).
    public mutating func costs(
        from previous: [Candidate], to current: [Candidate], greatCircle: Meters, elapsed: Seconds, timed: Bool = true,
        backwardTolerance: Meters, chargesTurns: Bool = false
    ) -> [Double] {
        var costs = [Double](repeating: .infinity, count: previous.count * current.count)
        guard let bound = searchBound(greatCircle: greatCircle, elapsed: elapsed) else { return costs }
        var targets: [NodeID] = []
        targets.reserveCapacity(current.count)
        for c in current where !targets.contains(graph[c.edge].from) { targets.append(graph[c.edge].from) }
        for (i, a) in previous.enumerated() {
            var searched = false
            let ea = graph[a.edge]
            let durationA = Double(ea.durations[options.profile])
            for (j, b) in current.enumerated() {
                var distance = directDistance(from: a, to: b, tolerance: backwardTolerance)
                // The profile's time for the way driven (none for a step back or a U-turn).
                var time: Seconds = 0
                if let d = distance, a.edge == b.edge, d > 0 { time = d / Double(max(ea.length, 1)) * durationA }
                if distance == nil || a.edge != b.edge {
                    if !searched {
                        search.run(
                            from: a.edge, initial: (1 - a.snap.fraction) * Double(ea.length), initialTime: (1 - a.snap.fraction) * durationA,
                            bound: bound, targets: targets, chargesTurns: chargesTurns)
                        searched = true
                    }
                    if let viaNetwork = search.distance(to: b.edge, fraction: b.snap.fraction), viaNetwork < distance ?? .infinity {
                        distance = viaNetwork
                        let eb = graph[b.edge]
                        time = (search.time(at: eb.from) ?? 0) + b.snap.fraction * Double(eb.durations[options.profile])
                    }
                }
                if let distance, distance <= bound + options.uTurnPenalty {
                    var cost = abs(distance - greatCircle) / options.beta
                    let allowed = options.speedFactor * elapsed
                    if timed, options.speedFactor > 0, time > allowed, distance > 0 {
                        // The metres driven in the time beyond what the profile's speeds allow.
                        cost += (time - allowed) * (distance / time) / options.beta
                    }
                    costs[i * current.count + j] = cost
                }
            }
        }
        return costs
    }

    /// The edges driven from `a` to `b` (both included, consecutive edges connected), or `[a.edge]`
    /// when `b` is on the same edge or slightly behind; nil when no path exists within `bound` metres.
    /// `chargesTurns` as for `costs`.
    public mutating func route(
        from a: Candidate, to b: Candidate, bound: Meters, backwardTolerance: Meters, chargesTurns: Bool = false
    ) -> [EdgeID]? {
        if a.edge == b.edge && b.snap.fraction >= a.snap.fraction { return [a.edge] }
        let direct = directDistance(from: a, to: b, tolerance: backwardTolerance)
        let ea = graph[a.edge]
        search.run(
            from: a.edge, initial: (1 - a.snap.fraction) * Double(ea.length), bound: bound, targets: [graph[b.edge].from],
            chargesTurns: chargesTurns)
        let viaNetwork = search.distance(to: b.edge, fraction: b.snap.fraction)
        if let direct, direct <= viaNetwork ?? .infinity {
            return graph.twin(of: a.edge) == b.edge ? [a.edge, b.edge] : [a.edge]
        }
        guard viaNetwork != nil else { return nil }
        return [a.edge] + search.edges(to: graph[b.edge].from, source: a.edge) + [b.edge]
    }

    /// The distance between two candidates that needs no search: forward on one edge, a small step
    /// back (on the edge or onto the edge before it), or a U-turn onto the twin edge; nil otherwise.
    /// A step back is negative when `penalizesBackwardMotion`, so that its cost |d − great-circle|
    /// grows with the distance between the fixes: jitter at a stop stays cheap, but a chain can no
    /// longer drive backwards along the wrong carriageway of a dual road (nothing else tells them
    /// apart when fixes carry no course).
    func directDistance(from a: Candidate, to b: Candidate, tolerance: Meters) -> Meters? {
        let ea = graph[a.edge]
        let la = Double(ea.length)
        let sign: Double = options.penalizesBackwardMotion ? -1 : 1
        if a.edge == b.edge {
            let move = (b.snap.fraction - a.snap.fraction) * la
            guard move >= -tolerance else { return nil }
            return move >= 0 ? move : sign * -move
        }
        let eb = graph[b.edge]
        if eb.shape == ea.shape {
            return abs((1 - b.snap.fraction) - a.snap.fraction) * la + options.uTurnPenalty
        }
        if eb.to == ea.from {
            let back = a.snap.fraction * la + (1 - b.snap.fraction) * Double(eb.length)
            if back <= tolerance { return sign * back }
        }
        return nil
    }
}
