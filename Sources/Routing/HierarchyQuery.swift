import RoadGraph

/// A best-route query on a `ContractionHierarchy`: bidirectional Dijkstra over the upward arcs from
/// the snapped sources and targets, taking them exactly as `PathSearch.run(from:to:)` does, and
/// answering with the same cost. A source at fraction a of edge s starts at its `sourceCost` at the
/// end of s; a target at fraction b of edge t is seeded backward with its `targetCost` − cost(t)
/// (−(1 − b)·cost(t) on an edge without a wait), a constant offset per target. Labels live in small hash tables per query (`SearchLabels`; the search space
/// is a few hundred to a few thousand nodes), so one hierarchy serves concurrent queries.
struct HierarchyQuery {
    let hierarchy: ContractionHierarchy
    let costing: EdgeCosting

    /// A search label: distance in seconds, the node it came from (-1 for a seed) with the arc
    /// index used, and for a seed the fraction of the snap.
    private struct Label {
        var distance: Double
        var parent: Int32
        var arc: Int32
        var fraction: Double
    }

    /// The cheapest path from any of `sources` to any of `targets`, nil when none exists; the same
    /// cost as `PathSearch` (a target behind a source on the same edge, which needs a loop back to that
    /// edge, is left to `PathSearch`).
    func run(from sources: [EdgeSnap], to targets: [EdgeSnap]) -> PathSearch.Result? {
        for s in sources {
            for t in targets where t.edge == s.edge && t.fraction < s.fraction { return PathSearch(costing: costing).run(from: sources, to: targets) }
        }
        var search = seeded(from: sources, to: targets)
        advance(&search)
        var arcs: UnpackedArcs?
        return path(meeting: search.meeting, search, arcs: &arcs)
    }

    /// The best route (the one `run` finds, nil when there is none) and up to `finder.maximumCount`
    /// via-node alternatives to it, from one search: both directions go on past the best meeting
    /// until their keys pass `AlternativeFinder.maximumStretch` × the best cost; every node labelled by
    /// both is the top of a candidate path (cheapest first), unpacked only when `finder` looks at it
    /// and kept when it passes `finder`'s sharing, loop and stretch checks. A candidate lying on a path
    /// already unpacked adds nothing new and is skipped. Nil when the snaps need `PathSearch` (a target
    /// behind a source on one edge).
    func bestAndAlternatives(from sources: [EdgeSnap], to targets: [EdgeSnap], finder: AlternativeFinder)
        -> (best: PathSearch.Result?, alternatives: [PathSearch.Result])?
    {
        for s in sources {
            for t in targets where t.edge == s.edge && t.fraction < s.fraction { return nil }
        }
        var search = seeded(from: sources, to: targets)
        // First exactly as `run` (same steps, so the same meeting), then on to the stretch limit.
        advance(&search)
        // The shortcuts unpacked for the best path are kept for the candidates, which mostly share them.
        var arcs: UnpackedArcs? = UnpackedArcs()
        guard let best = path(meeting: search.meeting, search, arcs: &arcs) else { return (nil, []) }
        let limit = AlternativeFinder.maximumStretch * best.cost + 1e-9
        advance(&search, through: limit)
        var candidates: [(cost: Double, node: Int32)] = []
        search.forward.forEach { node, up in
            if let down = search.backward[node], up.distance + down.distance <= limit { candidates.append((up.distance + down.distance, node)) }
        }
        candidates.sort { ($0.cost, $0.node) < ($1.cost, $1.node) }
        let searched = search
        var covered = SearchLabels<Bool>(capacity: 4 * best.edges.count)
        for edge in best.edges { covered[edge.rawValue] = true }
        var next = 0, unpacked = 0
        let paths = AnyIterator<PathSearch.Result> {
            while next < candidates.count, unpacked < Self.maximumCandidates {
                let node = candidates[next].node
                next += 1
                guard covered[node] == nil else { continue }
                unpacked += 1
                guard let path = path(meeting: node, searched, arcs: &arcs) else { continue }
                for edge in path.edges { covered[edge.rawValue] = true }
                return path
            }
            return nil
        }
        return (best, finder.choose(from: paths, best: best))
    }

    /// Via-node candidates unpacked at most per alternatives query.
    static let maximumCandidates = 48

    /// Both directions of one query: labels, heaps, the best meeting so far.
    private struct Search {
        var forward = SearchLabels<Label>(), backward = SearchLabels<Label>()
        var forwardHeap = MinHeap(), backwardHeap = MinHeap()
        var lowestBackwardSeed = 0.0
        var best = Double.infinity
        var meeting: Int32 = -1
    }

    /// A search seeded with the snaps: a source at its `sourceCost`, a target at its `targetCost`
    /// less the whole edge's cost (which the search adds on reaching the edge).
    private func seeded(from sources: [EdgeSnap], to targets: [EdgeSnap]) -> Search {
        var search = Search()
        for s in sources where costing.isUsable(s.edge.index) {
            let label = Label(distance: costing.sourceCost(s.edge.index, at: s.fraction), parent: -1, arc: -1, fraction: s.fraction)
            if label.distance < search.forward[s.edge.rawValue]?.distance ?? .infinity {
                search.forward[s.edge.rawValue] = label
                search.forwardHeap.push(label.distance, s.edge.rawValue)
            }
        }
        for t in targets where costing.isUsable(t.edge.index) {
            let target = costing.targetCost(t.edge.index, at: t.fraction) - costing.cost(t.edge.index)
            let label = Label(distance: target, parent: -1, arc: -1, fraction: t.fraction)
            // The edge is reached as itself or as a copy along a via-way restriction's chain.
            for node in [t.edge.rawValue] + costing.nodes.copies(of: t.edge.index)
            where label.distance < search.backward[node]?.distance ?? .infinity {
                search.backward[node] = label
                search.backwardHeap.push(label.distance, node)
                search.lowestBackwardSeed = min(search.lowestBackwardSeed, label.distance)
            }
        }
        var best = Double.infinity, meeting: Int32 = -1
        search.forward.forEach { node, label in
            if let other = search.backward[node],
               label.distance + other.distance < best || (label.distance + other.distance == best && node < meeting) {
                best = label.distance + other.distance
                meeting = node
            }
        }
        search.best = best
        search.meeting = meeting
        return search
    }

    /// Settles nodes, the direction with the lower key first, while a cheaper meeting than the best
    /// so far can still be found (`limit` nil) or while the lower key is at most `limit`. A forward
    /// label plus any backward one is at least the forward key plus the lowest seed; a backward label
    /// plus any forward one is at least the backward key (forward labels are ≥ 0).
    private func advance(_ search: inout Search, through limit: Double? = nil) {
        while true {
            let forwardKey = search.forwardHeap.first.map { $0.key + search.lowestBackwardSeed } ?? .infinity
            let backwardKey = search.backwardHeap.first?.key ?? .infinity
            let key = min(forwardKey, backwardKey)
            if limit.map({ key > $0 }) ?? (key >= search.best) { break }
            step(&search, forwardFirst: forwardKey <= backwardKey)
        }
    }

    /// Settles the top node of the forward (or backward) direction.
    private func step(_ search: inout Search, forwardFirst: Bool) {
        if forwardFirst {
            settle(&search.forwardHeap, &search.forward, search.backward, hierarchy.upward, &search.best, &search.meeting)
        } else {
            settle(&search.backwardHeap, &search.backward, search.forward, hierarchy.downward, &search.best, &search.meeting)
        }
    }

    /// The search nodes of the shortcuts of a query's trees unpacked so far, by the node each
    /// tree arc leads to (a node has one label, so one arc into it, once the search is over): the
    /// via-node candidates mostly run along the arcs of the best path and of each other, and copy
    /// those instead of unpacking them again (the same nodes, so the same paths).
    private struct UnpackedArcs {
        var nodes: [EdgeID] = []
        var forward = SearchLabels<Range<Int32>>(), backward = SearchLabels<Range<Int32>>()
    }

    /// Appends the search nodes of the tree arc `from` → `to` (bypassing `middle`) leading to
    /// `key` in the `forward` or backward tree, from `arcs` when unpacked before (kept there when not).
    private func unpack(
        from: Int32, to: Int32, middle: Int32, key: Int32, forward: Bool, into edges: inout [EdgeID], arcs: inout UnpackedArcs?
    ) {
        guard middle >= 0, arcs != nil else {
            hierarchy.unpack(from: from, to: to, middle: middle, into: &edges)
            return
        }
        if let range = forward ? arcs!.forward[key] : arcs!.backward[key] {
            edges.append(contentsOf: arcs!.nodes[Int(range.lowerBound)..<Int(range.upperBound)])
            return
        }
        let start = edges.count
        hierarchy.unpack(from: from, to: to, middle: middle, into: &edges)
        let lower = Int32(arcs!.nodes.count)
        arcs!.nodes.append(contentsOf: edges[start...])
        let range = lower..<Int32(arcs!.nodes.count)
        if forward { arcs!.forward[key] = range } else { arcs!.backward[key] = range }
    }

    /// The unpacked path whose top node is `meeting`, nil when a direction has no label there;
    /// with `arcs`, shortcuts unpacked before are copied from there.
    private func path(meeting: Int32, _ search: Search, arcs: inout UnpackedArcs?) -> PathSearch.Result? {
        guard meeting >= 0, let up = search.forward[meeting], let down = search.backward[meeting] else { return nil }
        var edges: [EdgeID] = []
        var chain: [(node: Int32, arc: Int32)] = []
        var node = meeting, label = up
        while label.parent >= 0 {
            chain.append((label.parent, label.arc))
            node = label.parent
            guard let next = search.forward[node] else { return nil }
            label = next
        }
        edges.append(EdgeID(node))
        let startFraction = label.fraction
        for (tail, arc) in chain.reversed() {
            let head = hierarchy.upward.heads[Int(arc)]
            unpack(from: tail, to: head, middle: hierarchy.upward.middles[Int(arc)], key: head, forward: true, into: &edges, arcs: &arcs)
        }
        node = meeting
        label = down
        while label.parent >= 0 {
            let next = label.parent
            unpack(from: node, to: next, middle: hierarchy.downward.middles[Int(label.arc)], key: node, forward: false, into: &edges, arcs: &arcs)
            node = next
            guard let following = search.backward[node] else { return nil }
            label = following
        }
        return PathSearch.Result(
            edges: costing.nodes.roadEdges(of: edges), startFraction: startFraction, endFraction: label.fraction, cost: up.distance + down.distance)
    }

    /// Settles the top node of one direction: relaxes its arcs in `graph` and records a cheaper meeting with `other`.
    private func settle(
        _ heap: inout MinHeap, _ labels: inout SearchLabels<Label>, _ other: SearchLabels<Label>, _ graph: UpwardGraph, _ best: inout Double,
        _ meeting: inout Int32
    ) {
        guard let (key, v) = heap.pop(), let label = labels[v], key <= label.distance else { return }
        for arc in graph.arcs(of: v) {
            let head = graph.heads[arc], total = key + graph.weights[arc]
            guard total < labels[head]?.distance ?? .infinity else { continue }
            labels[head] = Label(distance: total, parent: v, arc: Int32(arc), fraction: 0)
            heap.push(total, head)
            if let there = other[head], total + there.distance < best {
                best = total + there.distance
                meeting = head
            }
        }
    }
}
