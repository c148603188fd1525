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
        fileprivate var distance: [Double] = []
        fileprivate var arrival: [Int32] = []
        fileprivate var reached: [UInt32] = []
        fileprivate var settled: [UInt32] = []
        fileprivate var generation: UInt32 = 0
        fileprivate var heap = MinHeap()

        /// Sizes the arrays to `nodeCount` (only when they are not already) and starts a new generation.
        fileprivate mutating func begin(nodeCount: Int) {
            if reached.count != nodeCount {
                distance = Array(repeating: 0, count: nodeCount)
                arrival = Array(repeating: -1, count: nodeCount)
                reached = Array(repeating: 0, count: nodeCount)
                settled = Array(repeating: 0, count: nodeCount)
                generation = 0
            }
            generation &+= 1
            if generation == 0 {
                for i in reached.indices { (reached[i], settled[i]) = (0, 0) }
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
        buffers.distance[start] = initial
        buffers.arrival[start] = source.rawValue
        buffers.reached[start] = generation
        buffers.heap.push(initial, Int32(start))
        var remaining = targets.count
        let edges = graph.edges
        while let (d, n) = buffers.heap.pop() {
            let node = Int(n)
            if buffers.settled[node] == generation || d > buffers.distance[node] { continue }
            if d > bound { break }
            buffers.settled[node] = generation
            if targets.contains(NodeID(n)) {
                remaining -= 1
                if remaining == 0 { break }
            }
            let inbound = EdgeID(buffers.arrival[node])
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
                if next > bound || buffers.settled[to] == generation { continue }
                if buffers.reached[to] != generation || next < buffers.distance[to] {
                    buffers.reached[to] = generation
                    buffers.distance[to] = next
                    buffers.arrival[to] = Int32(e)
                    buffers.heap.push(next, Int32(to))
                }
            }
        }
    }

    /// The network distance to `node` and the edge arriving there, if the last run settled it.
    func result(at node: NodeID) -> (distance: Meters, arrival: EdgeID)? {
        guard node.index < buffers.settled.count, buffers.settled[node.index] == buffers.generation else { return nil }
        return (buffers.distance[node.index], EdgeID(buffers.arrival[node.index]))
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
