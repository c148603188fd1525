import Geodesy
import RoadGraph
import Routing

/// A bounded one-to-many Dijkstra over the directed road graph, from the end of one edge, that
/// follows the profile's access rules, oneways and turn restrictions and charges U-turns at nodes
/// and, optionally, turns away from the straightest way on.
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
            /// The profile's travel time along the best path, seconds.
            var time: Double = 0
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
    /// Metres per squared half-turn of a turn's sharpness beyond the straightest way on (0 turns the
    /// charge off): see `turnCharges(after:)`.
    let turnPenalty: Meters
    /// Whether the last run charged turns: it was asked to and `turnPenalty` is not 0.
    private(set) var chargesTurns = true
    /// The working arrays of the last search.
    var buffers = Buffers()

    /// A search over `graph` for `profile`, charging `uTurnPenalty` metres per U-turn at a node and
    /// `turnPenalty` for turns sharper than the straightest way on (`turnCharges(after:)`).
    init(graph: RoadGraph, profile: TravelProfile, uTurnPenalty: Meters, turnPenalty: Meters = 0) {
        self.graph = graph
        self.profile = profile
        self.uTurnPenalty = uTurnPenalty
        self.turnPenalty = max(0, turnPenalty)
    }

    /// Searches from the end node of `source`, reached after `initial` metres, until every node in
    /// `targets` (no repeats) is settled or nothing closer than `bound` metres remains; turns are
    /// charged when `chargesTurns` (and `turnPenalty` is not 0).
    mutating func run(from source: EdgeID, initial: Meters, initialTime: Seconds = 0, bound: Meters, targets: [NodeID], chargesTurns: Bool) {
        self.chargesTurns = chargesTurns && turnPenalty > 0
        buffers.begin(nodeCount: graph.nodeCount)
        let generation = buffers.generation
        let start = graph[source].to.index
        buffers.nodes[start] = .init(distance: initial, time: initialTime, arrival: source.rawValue, reached: generation, settled: 0)
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
            // Asked only when charged.
            let turns = self.chargesTurns ? turnCharges(after: inbound) : nil
            let time = buffers.nodes[node].time
            for e in graph.outgoingRange(from: NodeID(n)) {
                let edge = edges[e]
                let duration = edge.durations[profile]
                guard duration.isFinite else { continue }
                if checkRestrictions && !graph.isTurnAllowed(from: inbound, to: EdgeID(Int32(e)), profile: profile) { continue }
                var next = d + Double(edge.length)
                if edge.shape == inboundShape { next += uTurnPenalty }
                if let turns { next += turns.charge(departing: graph.initialBearing(of: EdgeID(Int32(e)))) }
                let to = edge.to.index
                let state = buffers.nodes[to]
                if next > bound || state.settled == generation { continue }
                if state.reached != generation || next < state.distance {
                    buffers.nodes[to] = .init(distance: next, time: time + Double(duration), arrival: Int32(e), reached: generation, settled: state.settled)
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

    /// The profile's travel time along the best path to `node`, seconds, if the last run settled it.
    func time(at node: NodeID) -> Seconds? {
        guard node.index < buffers.nodes.count, buffers.nodes[node.index].settled == buffers.generation else { return nil }
        return buffers.nodes[node.index].time
    }

    /// The metres to travel from the last run's source to `target` entered at `fraction` of its
    /// length, with a U-turn charge when `target` reverses the arriving edge; nil when the search
    /// did not reach its start or the turn is forbidden. Inlined into the transition costs' loop.
    @inline(__always)
    func distance(to target: EdgeID, fraction: Double) -> Meters? {
        let edge = graph[target]
        guard let (d, inbound) = result(at: edge.from) else { return nil }
        if graph.startsRestriction(inbound) && !graph.isTurnAllowed(from: inbound, to: target, profile: profile) { return nil }
        let uTurn = graph[inbound].shape == edge.shape ? uTurnPenalty : 0
        let turn = chargesTurns && inbound != target ? turnCharges(after: inbound)?.charge(departing: graph.initialBearing(of: target)) ?? 0 : 0
        return d + uTurn + turn + fraction * Double(edge.length)
    }

    /// The turn charges at the end of one edge: `turnPenalty × (θ / 180°)²` for a turn of θ degrees,
    /// less the same for the straightest turn the vehicle may take there (access, oneways and turn
    /// restrictions allowing; a U-turn counts). A road that bends where it offers no other way on
    /// costs nothing however sharp the bend, and neither branch of a fork costs more than the
    /// other: only leaving a straighter way is charged, which is what a chain zig-zagging through
    /// side streets does and a vehicle following the road does not.
    struct TurnCharges {
        /// The bearing of arrival at the node, degrees.
        let arrival: Degrees
        /// Metres per squared half-turn.
        let penalty: Meters
        /// The charge of the straightest allowed turn, subtracted from every turn's.
        let straightest: Meters

        /// The charge for leaving the node on bearing `departure`, metres.
        func charge(departing departure: Degrees) -> Meters {
            max(0, Self.charge(penalty, from: arrival, into: departure) - straightest)
        }

        /// `penalty × (θ / 180°)²` with θ the angle between the two bearings.
        static func charge(_ penalty: Meters, from arrival: Degrees, into departure: Degrees) -> Meters {
            let half = Bearing.difference(arrival, departure) / 180
            return penalty * half * half
        }
    }

    /// The turn charges at the node `inbound` arrives at; nil when the last run charged no turns.
    func turnCharges(after inbound: EdgeID) -> TurnCharges? {
        guard chargesTurns else { return nil }
        let arrival = graph.finalBearing(of: inbound)
        let restricted = graph.startsRestriction(inbound)
        var straightest = Double.infinity
        for e in graph.outgoingRange(from: graph[inbound].to) {
            let id = EdgeID(Int32(e))
            guard graph[id].durations[profile].isFinite, !restricted || graph.isTurnAllowed(from: inbound, to: id, profile: profile) else { continue }
            straightest = min(straightest, TurnCharges.charge(turnPenalty, from: arrival, into: graph.initialBearing(of: id)))
        }
        return TurnCharges(arrival: arrival, penalty: turnPenalty, straightest: straightest.isFinite ? straightest : 0)
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
