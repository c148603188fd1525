import Geodesy
import RoadGraph

/// Per-graph data the planner computes once over the whole graph: the number of roads at each node
/// (for turn costs), strongly connected components per profile (to avoid snapping onto tiny
/// islands such as a private car park), and the top speed per profile (for the A* bound). Stored
/// in the map cache as an image of its own (`RoutingTables+Serialization.swift`) and read in
/// place, so a planner over a cached map computes nothing at start. What is cheap per request is
/// read from the graph instead: edge bearings, whether a turn restriction starts at an edge, and
/// node positions on the planner's plane.
struct RoutingTables: Sendable {
    /// For each profile index, the roads that profile may use meeting at each node (edges out, plus
    /// one-way edges in): a footpath joining a street is no junction for cars, as in OSRM's car graph.
    let roadCounts: [MappedArray<UInt8>]
    /// For each profile index, the strongly connected component of each node over usable edges,
    /// numbered from the largest (0) down, so the big ones (`bigComponentSize`) are
    /// 0..<`bigComponentCounts[profile]`.
    let components: [MappedArray<Int32>]
    /// For each profile index, how many of its components are big.
    let bigComponentCounts: [Int32]
    /// For each profile index, the highest speed of any edge in metres per second.
    let maxSpeeds: [Double]
    /// The plane of the A* bound, centred on the graph's bounding box.
    let projection: LocalProjection
    /// Factor below 1 applied to planar distances so the bound stays below the true (haversine)
    /// distance across a city-sized map despite the equirectangular projection's error.
    static let planarShrink = 0.99
    /// The one-way roads between junctions a strongly connected component needs to be big: OSRM's
    /// `--small-component-size` default, which counts the same thing (its edge-based nodes, one per
    /// direction of a road between the junctions of the profile's own graph). A waypoint whose
    /// nearest road lies in a smaller component snaps into a big one, if the map has any
    /// (`RoutePlanner.chosen`). Counted here as the usable edges inside the component that start at
    /// a junction of the profile (a node where other than two of its roads meet); OSRM also splits
    /// a road where its name or class changes, so its count is somewhat higher (Helsinki by car:
    /// 547 here in the largest component, 997 in OSRM's whole graph — both small).
    static let bigComponentSize = 1000

    /// Tables from their stored parts (the image loader's path).
    init(graph: RoadGraph, roadCounts: [MappedArray<UInt8>], components: [MappedArray<Int32>], bigComponentCounts: [Int32], maxSpeeds: [Double]) {
        self.roadCounts = roadCounts
        self.components = components
        self.bigComponentCounts = bigComponentCounts
        self.maxSpeeds = maxSpeeds
        projection = LocalProjection(origin: graph.center ?? Coordinate(latitude: 0, longitude: 0))
    }

    /// Computes the tables of `graph` (linear in its size); a component is big from
    /// `bigComponentSize` one-way roads between junctions.
    init(graph: RoadGraph, bigComponentSize: Int = Self.bigComponentSize) {
        var roads = [[UInt8]](repeating: [UInt8](repeating: 0, count: graph.nodeCount), count: TravelProfile.allCases.count)
        for i in 0..<graph.edgeCount {
            let id = EdgeID(Int32(i))
            let e = graph.edges[i]
            for profile in TravelProfile.allCases where e.durations[profile].isFinite {
                roads[profile.index][e.from.index] &+= 1
                let twinUsable = graph.twin(of: id).map { graph.edges[$0.index].durations[profile].isFinite } ?? false
                if !twinUsable { roads[profile.index][e.to.index] &+= 1 }
            }
        }
        var components: [MappedArray<Int32>] = [], bigCounts: [Int32] = [], speeds: [Double] = []
        for profile in TravelProfile.allCases {
            let (c, big) = Self.components(graph, profile, roadCounts: roads[profile.index], bigSize: bigComponentSize)
            components.append(MappedArray(c))
            bigCounts.append(big)
            var top = 1.0
            for e in graph.edges where e.durations[profile].isFinite && e.durations[profile] > 0 {
                top = max(top, Double(e.length / e.durations[profile]))
            }
            speeds.append(top)
        }
        self.init(graph: graph, roadCounts: roads.map { MappedArray($0) }, components: components, bigComponentCounts: bigCounts, maxSpeeds: speeds)
    }

    /// The position of `node` on the plane of the A* bound.
    @inline(__always) func planarNode(_ node: NodeID, in graph: RoadGraph) -> PlanarPoint { projection.project(graph.nodes[node.index]) }

    /// Whether `node` lies in a big component of the profile at `profileIndex`.
    @inline(__always) func isBig(_ node: NodeID, profileIndex: Int) -> Bool {
        components[profileIndex][node.index] < bigComponentCounts[profileIndex]
    }

    /// Strongly connected components over the edges `profile` may use (Kosaraju, iterative), so
    /// that waypoints are not snapped onto a one-way stub the search can enter but never leave: the
    /// component of each node, numbered by size from the largest down (size: the usable edges
    /// inside it that start at a junction, where `roadCounts` is other than 2), and how many have
    /// at least `bigSize`.
    private static func components(_ graph: RoadGraph, _ profile: TravelProfile, roadCounts: [UInt8], bigSize: Int) -> ([Int32], Int32) {
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
                for e in graph.incoming(to: NodeID(node)) where usable(e.index) {
                    let from = graph.edges[e.index].from.index
                    if ids[from] < 0 {
                        ids[from] = id
                        pending.append(Int32(from))
                    }
                }
            }
        }
        for e in 0..<graph.edgeCount where usable(e) && roadCounts[graph.edges[e].from.index] != 2 {
            let from = ids[graph.edges[e].from.index]
            if from == ids[graph.edges[e].to.index] { sizes[Int(from)] += 1 }
        }
        // Largest first (ties in their old order), so the big ones come first and 0 is the largest.
        let bySize = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        var renumbered = [Int32](repeating: 0, count: sizes.count)
        for (new, old) in bySize.enumerated() { renumbered[old] = Int32(new) }
        return (ids.map { renumbered[Int($0)] }, Int32(sizes.count { $0 >= bigSize }))
    }
}
