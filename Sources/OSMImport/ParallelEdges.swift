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
    /// `edgesOfWay` to match. Only the edges leaving a node with more than `limit` of them can be
    /// surplus: those alone are listed and grouped (a count per node, then 4 bytes per such edge),
    /// since this runs at the import's peak, with the whole extract still held.
    static func collapse(
        _ edges: inout [RoadEdge], nodeCount: Int, edgesOfWay: inout [Int64: [Int32]], keepingWays: Set<Int64>, statistics: inout ImportStatistics
    ) {
        var leavingCount = [Int32](repeating: 0, count: nodeCount)
        for e in edges { leavingCount[e.from.index] += 1 }
        var candidates: [Int32] = []
        for (i, e) in edges.enumerated() where leavingCount[e.from.index] > limit { candidates.append(Int32(i)) }
        leavingCount = []
        // By start node, then end node, each pair's edges in edge order.
        candidates.sort { (edges[Int($0)].from.index, edges[Int($0)].to.index, $0) < (edges[Int($1)].from.index, edges[Int($1)].to.index, $1) }
        var drop = Set<Int32>()
        var first = 0
        while first < candidates.count {
            let (from, to) = (edges[Int(candidates[first])].from, edges[Int(candidates[first])].to)
            var end = first + 1
            while end < candidates.count, edges[Int(candidates[end])].from == from, edges[Int(candidates[end])].to == to { end += 1 }
            if end - first > limit { drops(Array(candidates[first..<end]), edges, keepingWays, into: &drop) }
            first = end
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
