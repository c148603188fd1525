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
        /// One node's search state: one record, so a node visited costs one cache line, not one
        /// per field (the nodes a search visits are all over an array the size of the graph).
        fileprivate struct NodeState {
            var distance: Double = 0
            /// The edge the best path arrives by.
            var arrival: Int32 = -1
            /// The generations in which the node was last reached and settled.
            var reached: UInt32 = 0
            var settled: UInt32 = 0
        }

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

    let graph: RoadGraph
    let profile: TravelProfile
    let uTurnPenalty: Meters
    /// Metres charged for a turn of θ degrees: `turnPenalty × (θ / 180)²` (0 turns the charge off).
    let turnPenalty: Meters
    /// The working arrays of the last search.
    var buffers = Buffers()

    /// A search over `graph` for `profile`, charging `uTurnPenalty` metres per U-turn at a node and
    /// `turnPenalty` scaled by the squared turn angle at every node (bearings from the graph's shapes).
    init(graph: RoadGraph, profile: TravelProfile, uTurnPenalty: Meters, turnPenalty: Meters = 0) {
        self.graph = graph
        self.profile = profile
        self.uTurnPenalty = uTurnPenalty
        self.turnPenalty = max(0, turnPenalty)
    }

    /// Searches from the end node of `source`, reached after `initial` metres, until every node in
    /// `targets` (no repeats) is settled or nothing closer than `bound` metres remains.
    mutating func run(from source: EdgeID, initial: Meters, bound: Meters, targets: [NodeID]) {
        buffers.begin(nodeCount: graph.nodeCount)
        let generation = buffers.generation
        let start = graph[source].to.index
        buffers.nodes[start] = .init(distance: initial, arrival: source.rawValue, reached: generation, settled: 0)
        buffers.heap.push(initial, Int32(start))
        var remaining = targets.count
        let edges = graph.edges
        while let (d, n) = buffers.heap.pop() {
            let node = Int(n)
            if buffers.nodes[node].settled == generation || d > buffers.nodes[node].distance { continue }
            if d > bound { break }
            buffers.nodes[node].settled = generation
            if targets.contains(NodeID(n)) {
                remaining -= 1
                if remaining == 0 { break }
            }
            let inbound = EdgeID(buffers.nodes[node].arrival)
            let inboundShape = edges[inbound.index].shape
            let checkRestrictions = graph.startsRestriction(inbound)
            for e in graph.outgoingRange(from: NodeID(n)) {
                let edge = edges[e]
                guard edge.durations[profile].isFinite else { continue }
                if checkRestrictions && !graph.isTurnAllowed(from: inbound, to: EdgeID(Int32(e)), profile: profile) { continue }
                var next = d + Double(edge.length)
                if edge.shape == inboundShape { next += uTurnPenalty }
                if turnPenalty > 0 { next += turnCost(from: inbound, to: e) }
                let to = edge.to.index
                let state = buffers.nodes[to]
                if next > bound || state.settled == generation { continue }
                if state.reached != generation || next < state.distance {
                    buffers.nodes[to] = .init(distance: next, arrival: Int32(e), reached: generation, settled: state.settled)
                    buffers.heap.push(next, Int32(to))
                }
            }
        }
    }

    /// The network distance to `node` and the edge arriving there, if the last run settled it.
    func result(at node: NodeID) -> (distance: Meters, arrival: EdgeID)? {
        guard node.index < buffers.nodes.count, buffers.nodes[node.index].settled == buffers.generation else { return nil }
        let state = buffers.nodes[node.index]
        return (state.distance, EdgeID(state.arrival))
    }

    /// The metres to travel from the last run's source to `target` entered at `fraction` of its
    /// length, with a U-turn charge when `target` reverses the arriving edge; nil when the search
    /// did not reach its start or the turn is forbidden.
    func distance(to target: EdgeID, fraction: Double) -> Meters? {
        let edge = graph[target]
        guard let (d, inbound) = result(at: edge.from) else { return nil }
        if graph.startsRestriction(inbound) && !graph.isTurnAllowed(from: inbound, to: target, profile: profile) { return nil }
        let uTurn = graph[inbound].shape == edge.shape ? uTurnPenalty : 0
        let turn = turnPenalty > 0 && inbound != target ? turnCost(from: inbound, to: target.index) : 0
        return d + uTurn + turn + fraction * Double(edge.length)
    }

    /// The turn charge from the end of `inbound` into edge number `next`, metres.
    private func turnCost(from inbound: EdgeID, to next: Int) -> Meters {
        let angle = Bearing.difference(graph.finalBearing(of: inbound), graph.initialBearing(of: EdgeID(Int32(next)))) / 180
        return turnPenalty * angle * angle
    }

    /// The edges from the last run's source (excluded) to the edge arriving at `node` (included).
    func edges(to node: NodeID, source: EdgeID) -> [EdgeID] {
        var path: [EdgeID] = []
        var current = node
        while let (_, inbound) = result(at: current), inbound != source, path.count <= graph.edgeCount {
            path.append(inbound)
            current = graph[inbound].from
        }
        return path.reversed()
    }
}
