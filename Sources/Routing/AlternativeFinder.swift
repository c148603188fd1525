import RoadGraph

/// Chooses alternatives among candidate paths (`choose`, for the via-node candidates of a
/// hierarchy), or finds them by the penalty method where no hierarchy applies: after each search the
/// roads used get slower (× 1.5) and the search is repeated. A candidate is kept when it shares at most 65 % of its length with
/// every route kept so far, takes at most 1.4 × the best route's time, and never visits a node twice.
struct AlternativeFinder {
    let costing: EdgeCosting
    let maximumCount: Int

    /// Largest fraction of an alternative's length that may lie on an already chosen route.
    static let maximumSharing = 0.65
    /// Largest ratio of an alternative's travel time to the best one's.
    static let maximumStretch = 1.4
    /// Factor applied to the cost of every road of a found route before searching again.
    static let penaltyFactor: Float = 1.5

    /// Up to `maximumCount` alternatives to `best` between the same snapped points, best first.
    func alternatives(to best: PathSearch.Result, from sources: [EdgeSnap], to targets: [EdgeSnap]) -> [PathSearch.Result] {
        var penalties: [Int32: Float] = [:]
        var chosen = [shapes(of: best)]
        let bestCost = realCost(best)
        var found: [PathSearch.Result] = []
        var last = best
        for _ in 0..<(3 * maximumCount + 2) where found.count < maximumCount {
            penalize(last, &penalties)
            guard let candidate = PathSearch(costing: costing.penalized(by: penalties)).run(from: sources, to: targets) else { break }
            last = candidate
            guard realCost(candidate) <= Self.maximumStretch * bestCost, !hasLoop(candidate) else { continue }
            guard chosen.allSatisfy({ sharedFraction(candidate, with: $0) <= Self.maximumSharing }) else { continue }
            chosen.append(shapes(of: candidate))
            found.append(candidate)
        }
        return found.sorted { realCost($0) < realCost($1) }
    }

    /// Up to `maximumCount` of `candidates` (cheapest first, e.g. the via-node paths of a hierarchy)
    /// that pass the same checks as penalty alternatives, in order of travel time. Candidates are
    /// taken one by one and no more once `maximumCount` are kept, so a lazy sequence unpacks only
    /// what is looked at; the sharing and loop checks come first, the travel time (a pass over
    /// every turn) only for a candidate that passes them, and over the edges it starts with like
    /// `best` taken from the best route's running cost.
    func choose(from candidates: some Sequence<PathSearch.Result>, best: PathSearch.Result) -> [PathSearch.Result] {
        var chosen = [shapes(of: best)], found: [(route: PathSearch.Result, cost: Double)] = []
        var bestTotals: [Double]?, limit = 0.0
        var remaining = candidates.makeIterator()
        while found.count < maximumCount, let candidate = remaining.next() {
            guard chosen.allSatisfy({ sharedFraction(candidate, with: $0) <= Self.maximumSharing }), !hasLoop(candidate) else { continue }
            if bestTotals == nil {
                let totals = runningCost(best)
                bestTotals = totals
                limit = Self.maximumStretch * (totals.last ?? 0)
            }
            let cost = realCost(candidate, sharingStartWith: best, totals: bestTotals ?? [])
            guard cost <= limit else { continue }
            chosen.append(shapes(of: candidate))
            found.append((candidate, cost))
        }
        return found.sorted { $0.cost < $1.cost }.map(\.route)
    }

    /// Travel time in seconds without penalties, turn costs included.
    func realCost(_ r: PathSearch.Result) -> Double { runningCost(r).last ?? 0 }

    /// `realCost` after each edge of `r` (its last element is the whole cost); each edge loaded once.
    private func runningCost(_ r: PathSearch.Result, from start: Int = 0, total: Double = 0, into totals: [Double] = []) -> [Double] {
        var totals = totals, total = total
        totals.reserveCapacity(r.edges.count)
        var previous = start > 0 ? costing.graph.edges[r.edges[start - 1].index] : nil
        for i in start..<r.edges.count {
            let index = r.edges[i].index, edge = costing.graph.edges[index]
            let from = i == 0 ? r.startFraction : 0
            let to = i == r.edges.count - 1 ? r.endFraction : 1
            total += costing.cost(index, loaded: edge, from: from, to: to, passingEnd: i < r.edges.count - 1)
            if let previous { total += costing.turnCost(from: r.edges[i - 1].index, loaded: previous, to: index, loaded: edge) ?? 0 }
            totals.append(total)
            previous = edge
        }
        return totals
    }

    /// `realCost(candidate)`, the same sums in the same order, taking the running cost of `best`
    /// (`totals`) over the edges the two start with alike (same start, every edge whole).
    private func realCost(_ candidate: PathSearch.Result, sharingStartWith best: PathSearch.Result, totals: [Double]) -> Double {
        var shared = 0
        if candidate.startFraction == best.startFraction {
            let whole = min(candidate.edges.count, best.edges.count) - 1
            while shared < whole, candidate.edges[shared] == best.edges[shared] { shared += 1 }
        }
        guard shared > 0 else { return realCost(candidate) }
        return runningCost(candidate, from: shared, total: totals[shared - 1]).last ?? totals[shared - 1]
    }

    /// The roads (shapes, either direction) a path uses: made once per chosen route (a table of
    /// flags keyed by shape, looked up for every edge of every candidate: no SipHash per edge).
    private func shapes(of r: PathSearch.Result) -> SearchLabels<Bool> {
        var shapes = SearchLabels<Bool>(capacity: r.edges.count)
        for e in r.edges { shapes[costing.graph.edges[e.index].shape] = true }
        return shapes
    }

    /// Fraction of `candidate`'s length on roads (in either direction) of a chosen route's `shapes`.
    private func sharedFraction(_ candidate: PathSearch.Result, with shapes: SearchLabels<Bool>) -> Double {
        let graph = costing.graph
        var shared = 0.0, total = 0.0
        for e in candidate.edges {
            let edge = graph.edges[e.index]
            let length = Double(edge.length)
            total += length
            if shapes[edge.shape] != nil { shared += length }
        }
        return total > 0 ? shared / total : 1
    }

    /// Whether the path passes some node twice.
    private func hasLoop(_ r: PathSearch.Result) -> Bool {
        var seen = SearchLabels<Bool>(capacity: r.edges.count)
        for e in r.edges.dropLast() {
            let node = costing.graph.edges[e.index].to.rawValue
            if seen[node] != nil { return true }
            seen[node] = true
        }
        return false
    }

    /// Multiplies the cost of every edge on the roads of `r` (both directions) by `penaltyFactor`.
    private func penalize(_ r: PathSearch.Result, _ penalties: inout [Int32: Float]) {
        let graph = costing.graph
        for e in r.edges {
            penalties[e.rawValue, default: 1] *= Self.penaltyFactor
            if let twin = graph.twin(of: e) { penalties[twin.rawValue, default: 1] *= Self.penaltyFactor }
        }
    }
}
