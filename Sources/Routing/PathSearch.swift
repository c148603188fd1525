import Geodesy
import RoadGraph

/// Edge-based A* from snapped start points to snapped end points. A label is "at the end of edge
/// e" (or of a copy of e along a via-way restriction: `SearchNodes`), so turn restrictions and turn
/// costs between two edges are exact; the bound is the straight line at the profile's top speed,
/// which stays admissible with turn costs and penalties ≥ 1.
struct PathSearch {
    let costing: EdgeCosting

    /// The cheapest path found: its edges, where it starts and ends on them, and its cost in seconds.
    struct Result {
        var edges: [EdgeID]
        var startFraction: Double
        var endFraction: Double
        var cost: Double
    }

    /// What the search knows of a node it reached: the cost at the end of its edge, the node before
    /// it (-1 for a source) and, for a source, the fraction it starts at.
    struct Label {
        var cost: Double
        var parent: Int32
        var startFraction: Double
    }

    /// The cheapest path from any of `sources` to any of `targets`, nil when none exists.
    func run(from sources: [EdgeSnap], to targets: [EdgeSnap]) -> Result? {
        let graph = costing.graph, nodes = costing.nodes
        // Arrivals at the targets are the states after the search nodes.
        let arrivals = nodes.count
        guard let goalCoordinate = targets.first?.coordinate else { return nil }
        let goal = costing.tables.projection.project(goalCoordinate)
        // Labels of the nodes reached only (not arrays over the whole graph), so a search costs what it visits.
        var labels = SearchLabels<Label>()
        func cost(_ e: Int) -> Double { labels[Int32(e)]?.cost ?? .infinity }
        var arrivalCost = [Double](repeating: .infinity, count: targets.count)
        var arrivalParent = [Int32](repeating: -1, count: targets.count)
        var arrivalStart = [Double](repeating: 0, count: targets.count)
        var targetsByNode: [NodeID: [Int]] = [:]
        for (k, t) in targets.enumerated() { targetsByNode[graph.edges[t.edge.index].from, default: []].append(k) }
        var heap = MinHeap()
        func bound(_ v: Int) -> Double { costing.bound(from: graph.edges[nodes.edge(of: v)].to, to: goal) }

        for s in sources {
            let c = costing.cost(s.edge.index)
            guard c.isFinite else { continue }
            for (k, t) in targets.enumerated() where t.edge == s.edge && t.fraction >= s.fraction {
                let direct = costing.cost(s.edge.index, from: s.fraction, to: t.fraction, passingEnd: false)
                if direct < arrivalCost[k] {
                    arrivalCost[k] = direct
                    arrivalParent[k] = -1
                    arrivalStart[k] = s.fraction
                    heap.push(direct, Int32(arrivals + k))
                }
            }
            let remaining = costing.sourceCost(s.edge.index, at: s.fraction)
            if remaining < cost(s.edge.index) {
                labels[s.edge.rawValue] = Label(cost: remaining, parent: -1, startFraction: s.fraction)
                heap.push(remaining + bound(s.edge.index), s.edge.rawValue)
            }
        }
        while let (key, state) = heap.pop() {
            if Int(state) >= arrivals {
                let k = Int(state) - arrivals
                guard key <= arrivalCost[k] else { continue }
                return result(k, targets, arrivalParent, arrivalStart, arrivalCost[k], labels)
            }
            let v = Int(state), e = nodes.edge(of: v)
            let reached = cost(v)
            guard key <= reached + bound(v) + 1e-9 else { continue }
            let node = graph.edges[e].to
            for k in targetsByNode[node] ?? [] {
                let t = targets[k]
                guard nodes.successor(of: v, onto: t.edge.index) != nil, let turn = costing.turnCost(from: e, to: t.edge.index) else { continue }
                let total = reached + turn + costing.targetCost(t.edge.index, at: t.fraction)
                if total < arrivalCost[k] {
                    arrivalCost[k] = total
                    arrivalParent[k] = Int32(v)
                    heap.push(total, Int32(arrivals + k))
                }
            }
            for next in graph.outgoingRange(from: node) {
                let c = costing.cost(next)
                guard c.isFinite, let w = nodes.successor(of: v, onto: next), let turn = costing.turnCost(from: e, to: next) else { continue }
                let total = reached + turn + c
                if total < cost(w) {
                    labels[Int32(w)] = Label(cost: total, parent: Int32(v), startFraction: 0)
                    heap.push(total + bound(w), Int32(w))
                }
            }
        }
        return nil
    }

    /// Walks the parent links back from the arrival at target `k`.
    private func result(
        _ k: Int, _ targets: [EdgeSnap], _ arrivalParent: [Int32], _ arrivalStart: [Double], _ total: Double, _ labels: SearchLabels<Label>
    ) -> Result {
        let target = targets[k]
        guard arrivalParent[k] >= 0 else {
            return Result(edges: [target.edge], startFraction: arrivalStart[k], endFraction: target.fraction, cost: total)
        }
        var edges = [target.edge]
        var e = arrivalParent[k]
        while true {
            edges.append(EdgeID(e))
            let p = labels[e]?.parent ?? -1
            if p < 0 { break }
            e = p
        }
        edges.reverse()
        return Result(edges: costing.nodes.roadEdges(of: edges), startFraction: labels[e]?.startFraction ?? 0, endFraction: target.fraction, cost: total)
    }
}
