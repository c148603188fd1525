import RoadGraph

/// A best-route query on a `ContractionHierarchy`: bidirectional Dijkstra over the upward arcs from
/// the snapped sources and targets, taking them exactly as `PathSearch.run(from:to:)` does, and
/// answering with the same cost. A source at fraction a of edge s starts at (1 − a)·cost(s) at the
/// end of s; a target at fraction b of edge t is seeded backward with −(1 − b)·cost(t), a constant
/// offset per target. Labels live in small dictionaries per query (the search space is a few
/// hundred nodes), so one hierarchy serves concurrent queries.
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
        var forward: [Int32: Label] = [:], backward: [Int32: Label] = [:]
        var forwardHeap = MinHeap(), backwardHeap = MinHeap()
        for s in sources where costing.isUsable(s.edge.index) {
            let label = Label(distance: (1 - s.fraction) * costing.cost(s.edge.index), parent: -1, arc: -1, fraction: s.fraction)
            if label.distance < forward[s.edge.rawValue]?.distance ?? .infinity {
                forward[s.edge.rawValue] = label
                forwardHeap.push(label.distance, s.edge.rawValue)
            }
        }
        var lowestBackwardSeed = 0.0
        for t in targets where costing.isUsable(t.edge.index) {
            let label = Label(distance: -(1 - t.fraction) * costing.cost(t.edge.index), parent: -1, arc: -1, fraction: t.fraction)
            if label.distance < backward[t.edge.rawValue]?.distance ?? .infinity {
                backward[t.edge.rawValue] = label
                backwardHeap.push(label.distance, t.edge.rawValue)
                lowestBackwardSeed = min(lowestBackwardSeed, label.distance)
            }
        }
        var best = Double.infinity, meeting: Int32 = -1
        for (node, label) in forward {
            if let other = backward[node], label.distance + other.distance < best || (label.distance + other.distance == best && node < meeting) {
                best = label.distance + other.distance
                meeting = node
            }
        }
        // A forward label plus any backward one is at least the forward key plus the lowest seed;
        // a backward label plus any forward one is at least the backward key (forward labels are ≥ 0).
        while true {
            let forwardKey = forwardHeap.first.map { $0.key + lowestBackwardSeed } ?? .infinity
            let backwardKey = backwardHeap.first?.key ?? .infinity
            if min(forwardKey, backwardKey) >= best { break }
            if forwardKey <= backwardKey {
                settle(&forwardHeap, &forward, backward, hierarchy.upward, &best, &meeting)
            } else {
                settle(&backwardHeap, &backward, forward, hierarchy.downward, &best, &meeting)
            }
        }
        guard meeting >= 0, let up = forward[meeting], let down = backward[meeting] else { return nil }
        var edges: [EdgeID] = []
        var chain: [(node: Int32, arc: Int32)] = []
        var node = meeting, label = up
        while label.parent >= 0 {
            chain.append((label.parent, label.arc))
            node = label.parent
            guard let next = forward[node] else { return nil }
            label = next
        }
        edges.append(EdgeID(node))
        let startFraction = label.fraction
        for (tail, arc) in chain.reversed() {
            let head = hierarchy.upward.heads[Int(arc)]
            hierarchy.unpack(from: tail, to: head, middle: hierarchy.upward.middles[Int(arc)], into: &edges)
        }
        node = meeting
        label = down
        while label.parent >= 0 {
            let next = label.parent
            hierarchy.unpack(from: node, to: next, middle: hierarchy.downward.middles[Int(label.arc)], into: &edges)
            node = next
            guard let following = backward[node] else { return nil }
            label = following
        }
        return PathSearch.Result(edges: edges, startFraction: startFraction, endFraction: label.fraction, cost: up.distance + down.distance)
    }

    /// Settles the top node of one direction: relaxes its arcs in `graph` and records a cheaper meeting with `other`.
    private func settle(
        _ heap: inout MinHeap, _ labels: inout [Int32: Label], _ other: [Int32: Label], _ graph: UpwardGraph, _ best: inout Double,
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
