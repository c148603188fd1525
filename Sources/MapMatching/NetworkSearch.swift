import Geodesy
import RoadGraph
import Routing

/// A bounded one-to-many Dijkstra over the directed road graph, from the end of one edge, that
/// follows the profile's access rules, oneways and turn restrictions and charges U-turns at nodes.
/// Its buffers (`Buffers`) are sized to the graph at the first search and reused (generation stamps
/// instead of clearing), so a search costs only what it visits.
struct NetworkSearch: Sendable {
    /// The per-node working arrays of the searches: what one search leaves is read only until the
    /// next one starts, so searches on one thread may share them (`MatchingWorkspace`). Empty until
    /// the first search, so a matcher that borrows a workspace never allocates its own.
    struct Buffers: Sendable {
        /// Per node, everything a search reads and writes about it, side by side: one cache line
        /// per node visited instead of one per array (the fleet's thousands of vehicles search all
        /// over the map, so most of these reads miss the caches).
        fileprivate var nodes: [NodeState] = []
        fileprivate var generation: UInt32 = 0
        fileprivate var heap = MinHeap()

        /// Sizes the array to `nodeCount` (only when it is not already) and starts a new generation.
        fileprivate mutating func begin(nodeCount: Int) {
            if nodes.count != nodeCount {
                nodes = Array(repeating: NodeState(), count: nodeCount)
                generation = 0
            }
            generation &+= 1
            if generation == 0 {
                for i in nodes.indices { (nodes[i].reached, nodes[i].settled) = (0, 0) }
                generation = 1
            }
            heap.removeAll()
        }
    }

    /// One node's search state: the best distance so far, the edge arriving with it, and the
    /// generations in which it was reached and settled.
    fileprivate struct NodeState: Sendable {
        var distance: Double = 0
        var arrival: Int32 = -1
        var reached: UInt32 = 0
        var settled: UInt32 = 0
    }

    /// What the search reads of one directed edge, packed (a `RoadEdge` decoded from the graph's
    /// bytes has a dozen fields; a relaxation needs these).
    struct Hop: Sendable {
        /// Start and end node indexes.
        let from: Int32, to: Int32
        /// The shape shared with the twin edge (equal shapes: a U-turn).
        let shape: Int32
        /// Length in metres, as the graph stores it.
        let length: Float
        /// Whether the profile may use the edge.
        let usable: Bool
        /// Whether a turn restriction starts with the edge.
        let restricted: Bool
    }

    let graph: RoadGraph
    let profile: TravelProfile
    let uTurnPenalty: Meters
    /// Metres charged for a turn of θ degrees: `turnPenalty × (θ / 180)²` (0 turns the charge off).
    let turnPenalty: Meters
    /// Per edge, the bearing leaving its start and arriving at its end (empty when `turnPenalty` is 0).
    private let initialBearing: [Double], finalBearing: [Double]
    /// The working arrays of the last search.
    var buffers = Buffers()
    /// Every edge's `Hop`, by edge index.
    let hops: [Hop]

    /// A search over `graph` for `profile`, charging `uTurnPenalty` metres per U-turn at a node and
    /// `turnPenalty` scaled by the squared turn angle at every node (bearings from `index`).
    init(graph: RoadGraph, profile: TravelProfile, uTurnPenalty: Meters, turnPenalty: Meters = 0, index: EdgeIndex? = nil) {
        self.graph = graph
        self.profile = profile
        self.uTurnPenalty = uTurnPenalty
        if turnPenalty > 0, let index {
            self.turnPenalty = turnPenalty
            initialBearing = index.initialBearing
            finalBearing = index.finalBearing
        } else {
            self.turnPenalty = 0
            initialBearing = []
            finalBearing = []
        }
        var restricted = [Bool](repeating: false, count: graph.edgeCount)
        for r in graph.restrictions { restricted[r.from.index] = true }
        hops = graph.edges.indices.map { e in
            let edge = graph.edges[e]
            return Hop(from: edge.from.rawValue, to: edge.to.rawValue, shape: edge.shape, length: edge.length,
                       usable: edge.durations[profile].isFinite, restricted: restricted[e])
        }
    }

    /// Searches from the end node of `source`, reached after `initial` metres, until every node in
    /// `targets` (no repeats) is settled or nothing closer than `bound` metres remains.
    mutating func run(from source: EdgeID, initial: Meters, bound: Meters, targets: [NodeID]) {
        buffers.begin(nodeCount: graph.nodeCount)
        let generation = buffers.generation
        let start = Int(hops[source.index].to)
        buffers.nodes[start].distance = initial
        buffers.nodes[start].arrival = source.rawValue
        buffers.nodes[start].reached = generation
        buffers.heap.push(initial, Int32(start))
        var remaining = targets.count
        while let (d, n) = buffers.heap.pop() {
            let node = Int(n)
            let state = buffers.nodes[node]
            if state.settled == generation || d > state.distance { continue }
            if d > bound { break }
            buffers.nodes[node].settled = generation
            if targets.contains(NodeID(n)) {
                remaining -= 1
                if remaining == 0 { break }
            }
            let inbound = EdgeID(state.arrival)
            let arriving = hops[inbound.index]
            for e in graph.outgoingRange(from: NodeID(n)) {
                let hop = hops[e]
                guard hop.usable else { continue }
                if arriving.restricted && !graph.isTurnAllowed(from: inbound, to: EdgeID(Int32(e)), profile: profile) { continue }
                var next = d + Double(hop.length)
                if hop.shape == arriving.shape { next += uTurnPenalty }
                if turnPenalty > 0 { next += turnCost(from: inbound, to: e) }
                let to = Int(hop.to)
                let reached = buffers.nodes[to]
                if next > bound || reached.settled == generation { continue }
                if reached.reached != generation || next < reached.distance {
                    buffers.nodes[to] = NodeState(distance: next, arrival: Int32(e), reached: generation, settled: reached.settled)
                    buffers.heap.push(next, Int32(to))
                }
            }
        }
    }

    /// The network distance to `node` and the edge arriving there, if the last run settled it.
    func result(at node: NodeID) -> (distance: Meters, arrival: EdgeID)? {
        guard node.index < buffers.nodes.count else { return nil }
        let state = buffers.nodes[node.index]
        guard state.settled == buffers.generation else { return nil }
        return (state.distance, EdgeID(state.arrival))
    }

    /// The metres to travel from the last run's source to `target` entered at `fraction` of its
    /// length, with a U-turn charge when `target` reverses the arriving edge; nil when the search
    /// did not reach its start or the turn is forbidden.
    func distance(to target: EdgeID, fraction: Double) -> Meters? {
        let edge = hops[target.index]
        guard let (d, inbound) = result(at: NodeID(edge.from)) else { return nil }
        let arriving = hops[inbound.index]
        if arriving.restricted && !graph.isTurnAllowed(from: inbound, to: target, profile: profile) { return nil }
        let uTurn = arriving.shape == edge.shape ? uTurnPenalty : 0
        let turn = turnPenalty > 0 && inbound != target ? turnCost(from: inbound, to: target.index) : 0
        return d + uTurn + turn + fraction * Double(edge.length)
    }

    /// The turn charge from the end of `inbound` into edge number `next`, metres.
    private func turnCost(from inbound: EdgeID, to next: Int) -> Meters {
        let angle = Bearing.difference(finalBearing[inbound.index], initialBearing[next]) / 180
        return turnPenalty * angle * angle
    }

    /// The edges from the last run's source (excluded) to the edge arriving at `node` (included).
    func edges(to node: NodeID, source: EdgeID) -> [EdgeID] {
        var path: [EdgeID] = []
        var current = node
        while let (_, inbound) = result(at: current), inbound != source, path.count <= graph.edgeCount {
            path.append(inbound)
            current = NodeID(hops[inbound.index].from)
        }
        return path.reversed()
    }
}
