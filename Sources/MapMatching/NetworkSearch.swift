import Geodesy
import RoadGraph
import Routing

/// A bounded one-to-many Dijkstra over the directed road graph, from the end of one edge, that
/// follows the profile's access rules, oneways and turn restrictions and charges U-turns at nodes.
/// Its buffers are sized to the graph once and reused (generation stamps instead of clearing), so a
/// search costs only what it visits.
struct NetworkSearch: Sendable {
    let graph: RoadGraph
    let profile: TravelProfile
    let uTurnPenalty: Meters
    /// Metres charged for a turn of θ degrees: `turnPenalty × (θ / 180)²` (0 turns the charge off).
    let turnPenalty: Meters
    /// Per edge, the bearing leaving its start and arriving at its end (empty when `turnPenalty` is 0).
    private let initialBearing: [Double], finalBearing: [Double]
    private var distance: [Double]
    private var arrival: [Int32]
    private var reached: [UInt32]
    private var settled: [UInt32]
    /// Whether each edge starts a turn restriction (so most relaxations skip the restriction lookup).
    private let restricted: [Bool]
    private var generation: UInt32 = 0
    private var heap = MinHeap()

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
        distance = Array(repeating: 0, count: graph.nodeCount)
        arrival = Array(repeating: -1, count: graph.nodeCount)
        reached = Array(repeating: 0, count: graph.nodeCount)
        settled = Array(repeating: 0, count: graph.nodeCount)
        var restricted = [Bool](repeating: false, count: graph.edgeCount)
        for r in graph.restrictions { restricted[r.from.index] = true }
        self.restricted = restricted
    }

    /// Searches from the end node of `source`, reached after `initial` metres, until every node in
    /// `targets` (no repeats) is settled or nothing closer than `bound` metres remains.
    mutating func run(from source: EdgeID, initial: Meters, bound: Meters, targets: [NodeID]) {
        generation &+= 1
        if generation == 0 {
            for i in reached.indices { (reached[i], settled[i]) = (0, 0) }
            generation = 1
        }
        heap.removeAll()
        let start = graph[source].to.index
        distance[start] = initial
        arrival[start] = source.rawValue
        reached[start] = generation
        heap.push(initial, Int32(start))
        var remaining = targets.count
        let edges = graph.edges
        while let (d, n) = heap.pop() {
            let node = Int(n)
            if settled[node] == generation || d > distance[node] { continue }
            if d > bound { break }
            settled[node] = generation
            if targets.contains(NodeID(n)) {
                remaining -= 1
                if remaining == 0 { break }
            }
            let inbound = EdgeID(arrival[node])
            let inboundShape = edges[inbound.index].shape
            let checkRestrictions = restricted[inbound.index]
            for e in graph.outgoingRange(from: NodeID(n)) {
                let edge = edges[e]
                guard edge.durations[profile].isFinite else { continue }
                if checkRestrictions && !graph.isTurnAllowed(from: inbound, to: EdgeID(Int32(e)), profile: profile) { continue }
                var next = d + Double(edge.length)
                if edge.shape == inboundShape { next += uTurnPenalty }
                if turnPenalty > 0 { next += turnCost(from: inbound, to: e) }
                let to = edge.to.index
                if next > bound || settled[to] == generation { continue }
                if reached[to] != generation || next < distance[to] {
                    reached[to] = generation
                    distance[to] = next
                    arrival[to] = Int32(e)
                    heap.push(next, Int32(to))
                }
            }
        }
    }

    /// The network distance to `node` and the edge arriving there, if the last run settled it.
    func result(at node: NodeID) -> (distance: Meters, arrival: EdgeID)? {
        guard settled[node.index] == generation else { return nil }
        return (distance[node.index], EdgeID(arrival[node.index]))
    }

    /// The metres to travel from the last run's source to `target` entered at `fraction` of its
    /// length, with a U-turn charge when `target` reverses the arriving edge; nil when the search
    /// did not reach its start or the turn is forbidden.
    func distance(to target: EdgeID, fraction: Double) -> Meters? {
        let edge = graph[target]
        guard let (d, inbound) = result(at: edge.from) else { return nil }
        if restricted[inbound.index] && !graph.isTurnAllowed(from: inbound, to: target, profile: profile) { return nil }
        let uTurn = graph[inbound].shape == edge.shape ? uTurnPenalty : 0
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
            current = graph[inbound].from
        }
        return path.reversed()
    }
}
