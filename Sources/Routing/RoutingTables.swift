import Geodesy
import RoadGraph

/// Per-graph data the planner computes once: edge bearings at both ends (for turn costs), the
/// number of roads at each node, connected components per profile (to avoid snapping onto tiny
/// islands such as a private car park), and the top speed per profile (for the A* bound).
struct RoutingTables: Sendable {
    /// Bearing leaving the start of each edge, degrees.
    let initialBearings: [Float]
    /// Bearing arriving at the end of each edge, degrees.
    let finalBearings: [Float]
    /// Roads meeting at each node (edges out, plus one-way edges in).
    let roadCounts: [UInt8]
    /// For each profile index, the component id of each node (weakly connected over usable edges).
    let components: [[Int32]]
    /// For each profile index, the node count of each component.
    let componentSizes: [[Int32]]
    /// For each profile index, the highest speed of any edge in metres per second.
    let maxSpeeds: [Double]

    init(graph: RoadGraph) {
        var initial = [Float](repeating: 0, count: graph.edgeCount)
        var final = [Float](repeating: 0, count: graph.edgeCount)
        var roads = [UInt8](repeating: 0, count: graph.nodeCount)
        for i in 0..<graph.edgeCount {
            let id = EdgeID(Int32(i))
            initial[i] = Float(graph.initialBearing(of: id))
            final[i] = Float(graph.finalBearing(of: id))
            let e = graph.edges[i]
            roads[e.from.index] &+= 1
            if graph.twin(of: id) == nil { roads[e.to.index] &+= 1 }
        }
        initialBearings = initial
        finalBearings = final
        roadCounts = roads
        var components: [[Int32]] = [], sizes: [[Int32]] = [], speeds: [Double] = []
        for profile in TravelProfile.allCases {
            let (c, s) = Self.components(graph, profile)
            components.append(c)
            sizes.append(s)
            var top = 1.0
            for e in graph.edges where e.durations[profile].isFinite && e.durations[profile] > 0 {
                top = max(top, Double(e.length / e.durations[profile]))
            }
            speeds.append(top)
        }
        self.components = components
        self.componentSizes = sizes
        self.maxSpeeds = speeds
    }

    /// Union-find over the edges `profile` may use.
    private static func components(_ graph: RoadGraph, _ profile: TravelProfile) -> ([Int32], [Int32]) {
        var parent = (0..<Int32(graph.nodeCount)).map { $0 }
        func root(_ n: Int32) -> Int32 {
            var n = n
            while parent[Int(n)] != n {
                parent[Int(n)] = parent[Int(parent[Int(n)])]
                n = parent[Int(n)]
            }
            return n
        }
        for e in graph.edges where e.durations[profile].isFinite {
            let a = root(e.from.rawValue), b = root(e.to.rawValue)
            if a != b { parent[Int(a)] = b }
        }
        var ids = [Int32](repeating: -1, count: graph.nodeCount)
        var sizes: [Int32] = []
        var idOfRoot: [Int32: Int32] = [:]
        for n in 0..<Int32(graph.nodeCount) {
            let r = root(n)
            let id = idOfRoot[r] ?? {
                sizes.append(0)
                idOfRoot[r] = Int32(sizes.count - 1)
                return Int32(sizes.count - 1)
            }()
            ids[Int(n)] = id
            sizes[Int(id)] += 1
        }
        return (ids, sizes)
    }
}
