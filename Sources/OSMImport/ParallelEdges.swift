import RoadGraph

/// Bounds the directed edges between one pair of graph nodes. Real maps have one or two (a
/// dual carriageway, a slip road); a hostile one may have a thousand parallel ways between the
/// same two nodes, and every turn between them becomes an arc of the routing hierarchy
/// (a thousand squared). Past `limit` edges, only the fastest edge per profile is kept, and
/// every edge of a way named by a relation (a turn restriction must still find its way).
enum ParallelEdges {
    /// Directed edges between one (from, to) pair kept as they are.
    static let limit = 4

    /// Removes the surplus parallel edges from `edges`, renumbering `edgesOfWay` to match.
    static func collapse(
        _ edges: inout [RoadEdge], edgesOfWay: inout [Int64: [Int32]], keepingWays: Set<Int64>, statistics: inout ImportStatistics
    ) {
        var groups: [Int64: [Int32]] = [:]
        for (i, e) in edges.enumerated() {
            groups[Int64(e.from.rawValue) << 32 | Int64(UInt32(bitPattern: e.to.rawValue)), default: []].append(Int32(i))
        }
        var drop = Set<Int32>()
        for members in groups.values where members.count > limit {
            var keep = Set<Int32>()
            for profile in TravelProfile.allCases {
                let best = members.filter { edges[Int($0)].durations[profile].isFinite }.min {
                    (edges[Int($0)].durations[profile], $0) < (edges[Int($1)].durations[profile], $1)
                }
                if let best { keep.insert(best) }
            }
            for m in members where !keep.contains(m) && !keepingWays.contains(edges[Int(m)].wayID) { drop.insert(m) }
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
}
