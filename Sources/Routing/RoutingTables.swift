import Geodesy
import RoadGraph

/// Per-graph data the planner computes once: edge bearings at both ends (for turn costs), the
/// number of roads at each node, strongly connected components per profile (to avoid snapping onto tiny
/// islands such as a private car park), and the top speed per profile (for the A* bound).
struct RoutingTables: Sendable {
    /// Bearing leaving the start of each edge, degrees.
    let initialBearings: [Float]
    /// Bearing arriving at the end of each edge, degrees.
    let finalBearings: [Float]
    /// For each profile index, the roads that profile may use meeting at each node (edges out, plus
    /// one-way edges in): a footpath joining a street is no junction for cars, as in OSRM's car graph.
    let roadCounts: [[UInt8]]
    /// For each profile index, the strongly connected component of each node over usable edges.
    let components: [[Int32]]
    /// For each profile index, the node count of each component.
    let componentSizes: [[Int32]]
    /// Whether any turn restriction starts with each edge (skips the lookup for all others).
    let hasRestrictions: [Bool]
    /// Node positions on a plane centred on the graph, for the A* bound.
    let planarNodes: [PlanarPoint]
    /// The projection behind `planarNodes`.
    let projection: LocalProjection
    /// Factor below 1 applied to planar distances so the bound stays below the true (haversine)
    /// distance across a city-sized map despite the equirectangular projection's error.
    static let planarShrink = 0.99
    /// For each profile index, the id of the component with the most nodes.
    let largestComponents: [Int32]
    /// For each profile index, the highest speed of any edge in metres per second.
    let maxSpeeds: [Double]

    init(graph: RoadGraph) {
        var initial = [Float](repeating: 0, count: graph.edgeCount)
        var final = [Float](repeating: 0, count: graph.edgeCount)
        var roads = [[UInt8]](repeating: [UInt8](repeating: 0, count: graph.nodeCount), count: TravelProfile.allCases.count)
        for i in 0..<graph.edgeCount {
            let id = EdgeID(Int32(i))
            initial[i] = Float(graph.initialBearing(of: id))
            final[i] = Float(graph.finalBearing(of: id))
            let e = graph.edges[i]
            for profile in TravelProfile.allCases where e.durations[profile].isFinite {
                roads[profile.index][e.from.index] &+= 1
                let twinUsable = graph.twin(of: id).map { graph.edges[$0.index].durations[profile].isFinite } ?? false
                if !twinUsable { roads[profile.index][e.to.index] &+= 1 }
            }
        }
        initialBearings = initial
        var restricted = [Bool](repeating: false, count: graph.edgeCount)
        for r in graph.restrictions { restricted[r.from.index] = true }
        hasRestrictions = restricted
        var south = 90.0, north = -90.0, west = 180.0, east = -180.0
        for c in graph.nodes {
            south = min(south, c.latitude)
            north = max(north, c.latitude)
            west = min(west, c.longitude)
            east = max(east, c.longitude)
        }
        projection = LocalProjection(
            origin: graph.nodes.isEmpty ? Coordinate(latitude: 0, longitude: 0) : Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2))
        planarNodes = graph.nodes.map(projection.project)
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
        self.largestComponents = sizes.map { s in Int32(s.indices.max { s[$0] < s[$1] } ?? 0) }
        self.maxSpeeds = speeds
    }

    /// Strongly connected components over the edges `profile` may use (Kosaraju, iterative), so
    /// that waypoints are not snapped onto a one-way stub the search can enter but never leave.
    private static func components(_ graph: RoadGraph, _ profile: TravelProfile) -> ([Int32], [Int32]) {
        let n = graph.nodeCount
        func usable(_ e: Int) -> Bool { graph.edges[e].durations[profile].isFinite }
        var visited = [Bool](repeating: false, count: n)
        var order: [Int32] = []
        order.reserveCapacity(n)
        var stack: [(node: Int32, next: Int)] = []
        for root in 0..<n where !visited[root] {
            visited[root] = true
            stack.append((Int32(root), graph.outgoingRange(from: NodeID(Int32(root))).lowerBound))
            while let top = stack.last {
                let range = graph.outgoingRange(from: NodeID(top.node))
                var i = top.next
                while i < range.upperBound && (!usable(i) || visited[graph.edges[i].to.index]) { i += 1 }
                if i < range.upperBound {
                    stack[stack.count - 1].next = i + 1
                    let to = graph.edges[i].to
                    visited[to.index] = true
                    stack.append((to.rawValue, graph.outgoingRange(from: to).lowerBound))
                } else {
                    order.append(top.node)
                    stack.removeLast()
                }
            }
        }
        var ids = [Int32](repeating: -1, count: n)
        var sizes: [Int32] = []
        for root in order.reversed() where ids[Int(root)] < 0 {
            let id = Int32(sizes.count)
            sizes.append(0)
            var pending = [root]
            ids[Int(root)] = id
            while let node = pending.popLast() {
                sizes[Int(id)] += 1
                for e in graph.incoming(to: NodeID(node)) where usable(e.index) {
                    let from = graph.edges[e.index].from.index
                    if ids[from] < 0 {
                        ids[from] = id
                        pending.append(Int32(from))
                    }
                }
            }
        }
        return (ids, sizes)
    }
}
