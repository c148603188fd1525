import RoadGraph

/// Bounds the directed edges between one pair of graph nodes. Real maps have one or two (a
/// dual carriageway, a slip road); a hostile one may have a thousand parallel ways between the
/// same two nodes, and every turn between them becomes an arc of the routing hierarchy
/// (a thousand squared). Past `limit` edges, only the fastest edge per profile is kept, and
/// every edge of a way named by a relation (a turn restriction must still find its way).
enum ParallelEdges {
    /// Directed edges between one (from, to) pair kept as they are.
    static let limit = 4

    /// Removes the surplus parallel edges from `edges` (between `nodeCount` nodes), renumbering
    /// `edgesOfWay` to match. The edges are grouped by start node through one offset table and one
    /// list of edge numbers (4 bytes per node and per edge), not a table entry and a list per pair.
    static func collapse(
        _ edges: inout [RoadEdge], nodeCount: Int, edgesOfWay: inout [Int64: [Int32]], keepingWays: Set<Int64>, statistics: inout ImportStatistics
    ) {
        var starts = [Int32](repeating: 0, count: nodeCount + 1)
        for e in edges { starts[e.from.index + 1] += 1 }
        for n in 0..<nodeCount { starts[n + 1] += starts[n] }
        var byStart = [Int32](repeating: 0, count: edges.count)
        var fill = starts
        for (i, e) in edges.enumerated() {
            byStart[Int(fill[e.from.index])] = Int32(i)
            fill[e.from.index] += 1
        }
        fill = []
        var drop = Set<Int32>()
        for n in 0..<nodeCount where starts[n + 1] - starts[n] > limit {
            // The node's edges by end node, each pair's in edge order.
            let leaving = byStart[Int(starts[n])..<Int(starts[n + 1])].sorted { (edges[Int($0)].to, $0) < (edges[Int($1)].to, $1) }
            var first = 0
            while first < leaving.count {
                var end = first + 1
                while end < leaving.count, edges[Int(leaving[end])].to == edges[Int(leaving[first])].to { end += 1 }
                if end - first > limit { drops(Array(leaving[first..<end]), edges, keepingWays, into: &drop) }
                first = end
            }
        }
        guard !drop.isEmpty else { return }
        var renumbered = [Int32](repeating: -1, count: edges.count)
        var kept: [RoadEdge] = []
        kept.reserveCapacity(edges.count - drop.count)
        for (i, e) in edges.enumerated() where !drop.contains(Int32(i)) {
            renumbered[i] = Int32(kept.count)
            kept.append(e)
        }
        edges = kept
        for (way, list) in edgesOfWay {
            let mapped = list.map { renumbered[Int($0)] }.filter { $0 >= 0 }
            edgesOfWay[way] = mapped.isEmpty ? nil : mapped
        }
        statistics.duplicateEdgesDropped += drop.count
    }

    /// Adds to `drop` the `members` (the parallel edges of one pair, in edge order) that are
    /// neither the fastest of a profile nor of a way in `keepingWays`.
    private static func drops(_ members: [Int32], _ edges: [RoadEdge], _ keepingWays: Set<Int64>, into drop: inout Set<Int32>) {
        var keep = Set<Int32>()
        for profile in TravelProfile.allCases {
            let best = members.filter { edges[Int($0)].durations[profile].isFinite }.min {
                (edges[Int($0)].durations[profile], $0) < (edges[Int($1)].durations[profile], $1)
            }
            if let best { keep.insert(best) }
        }
        for m in members where !keep.contains(m) && !keepingWays.contains(edges[Int(m)].wayID) { drop.insert(m) }
    }
}
