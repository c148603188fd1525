import Geodesy
import RoadGraph

/// The road ahead as the electronic horizon's most probable path (expansion level 0): follow the
/// current edge, then at each node take the continuation a driver most likely takes — the same
/// name or ref first unless that takes a sharp turn (more than `sameRoadTurnLimit`), then the more
/// important class, then the straightest — without U-turns, forbidden turns or edges the profile
/// may not use. The path never covers a road twice: it ends where it would come back along a road
/// it already took, in either direction (around a square or a block, down the other carriageway).
public struct MostProbablePath: Sendable {
    /// The road network.
    public let graph: RoadGraph
    /// The profile whose access and turn restrictions apply.
    public let profile: TravelProfile
    /// Speed limits for untagged ways.
    public let speedLimitDefaults: SpeedLimitDefaults

    /// A horizon builder over `graph` for `profile` (edge bearings come from the graph's stored shape bearings).
    public init(graph: RoadGraph, profile: TravelProfile, speedLimitDefaults: SpeedLimitDefaults) {
        self.graph = graph
        self.profile = profile
        self.speedLimitDefaults = speedLimitDefaults
    }

    /// The stretches ahead of a vehicle `fraction` along `edge`, covering up to `length` metres
    /// (less at a dead end); consecutive edges of one way are merged into one stretch.
    public func ahead(from edge: EdgeID, fraction: Double, length: Meters) -> [HorizonStretch] {
        var memo = Memo()
        return ahead(from: edge, fraction: fraction, length: length, memo: &memo)
    }

    /// `ahead(from:fraction:length:)` reading and filling `memo`: the same stretches.
    func ahead(from edge: EdgeID, fraction: Double, length: Meters, memo: inout Memo) -> [HorizonStretch] {
        memo.prepare()
        // The walk first, edge by edge (its memo slot and the metres of it within the horizon),
        // then the stretches: three allocations per horizon, not one per stretch.
        var steps: [Step] = []
        steps.reserveCapacity(32)
        var current = edge
        var slot = memo.slot(of: edge, in: self)
        var remaining = length
        var along = (1 - min(max(fraction, 0), 1)) * memo.entries[slot].length
        while remaining > 0 {
            let used = min(along, remaining)
            steps.append(Step(edge: current, slot: slot, used: used))
            remaining -= used
            guard remaining > 0, let next = memo.continuation(at: slot, in: self) else { break }
            let nextSlot = memo.slot(of: next, in: self)
            let twin = memo.entries[nextSlot].twin
            guard !steps.contains(where: { $0.edge == next || $0.edge == twin }) else { break }
            current = next
            slot = nextSlot
            along = memo.entries[slot].length
        }
        return stretches(of: steps, edges: steps.map(\.edge)[...], memo: memo)
    }

    /// The stretches ahead of a vehicle `fraction` along `route[start]`, along `route` (a route's
    /// edges in driving order, as active guidance lays the horizon on the route) for up to
    /// `length` metres, ending where the route ends (`endFraction` along its last edge). The
    /// stretches' edges are slices of `route`.
    func along(
        _ route: [EdgeID], from start: Int, fraction: Double, endFraction: Double, length: Meters, memo: inout Memo
    ) -> [HorizonStretch] {
        memo.prepare()
        var steps: [Step] = []
        steps.reserveCapacity(32)
        var remaining = length
        var index = start
        while remaining > 0, index < route.count {
            let slot = memo.slot(of: route[index], in: self)
            let from = index == start ? min(max(fraction, 0), 1) : 0
            let to = index == route.count - 1 ? max(min(endFraction, 1), from) : 1
            let used = min((to - from) * memo.entries[slot].length, remaining)
            steps.append(Step(edge: route[index], slot: slot, used: used))
            remaining -= used
            index += 1
        }
        return stretches(of: steps, edges: route[start..<start + steps.count], memo: memo)
    }

    /// One edge of a walk: its memo slot and the metres of it within the horizon.
    private struct Step {
        var edge: EdgeID
        var slot: Int
        var used: Meters
    }

    /// `steps` as stretches, consecutive edges of one way merged; `edges` holds the steps' edges
    /// (the stretches' slices are taken from it).
    private func stretches(of steps: [Step], edges: ArraySlice<EdgeID>, memo: Memo) -> [HorizonStretch] {
        var stretches: [HorizonStretch] = []
        stretches.reserveCapacity(16)
        let base = edges.startIndex
        var first = 0
        while first < steps.count {
            let entry = steps[first].slot
            var end = first + 1
            var used = steps[first].used
            while end < steps.count, memo.entries[steps[end].slot].wayID == memo.entries[entry].wayID {
                used += steps[end].used
                end += 1
            }
            stretches.append(
                HorizonStretch(
                    wayID: memo.entries[entry].wayID, name: memo.entries[entry].name, ref: memo.entries[entry].ref,
                    roadClass: memo.entries[entry].roadClass, length: used, speedLimit: memo.entries[entry].speedLimit,
                    edges: edges[base + first..<base + end]))
            first = end
        }
        return stretches
    }

    /// The attributes of the road `edge` belongs to, at `fraction` along it (as
    /// `RoadGraph.matchedRoad`), from `memo` when it knows the edge.
    func matchedRoad(edge: EdgeID, fraction: Double, memo: inout Memo) -> MatchedRoad {
        memo.prepare()
        let slot = memo.slot(of: edge, in: self)
        let entry = memo.entries[slot]
        return MatchedRoad(
            wayID: entry.wayID, name: entry.name, ref: entry.ref, roadClass: entry.roadClass, isOneway: entry.isOneway,
            speedLimit: entry.speedLimit, edge: edge, fraction: fraction)
    }

    /// What `ahead` learns about each edge it walks — the road's attributes and the most probable
    /// continuation — kept by a live matcher from one fix to the next: a vehicle is on the same
    /// few edges for many fixes, and each is decoded, named and continued once instead of at every
    /// fix. Every entry is a function of the edge alone, so a memo never changes a horizon; it
    /// starts afresh once it holds `capacity` edges, so its size stays bounded.
    struct Memo: Sendable {
        /// How the walk goes on after an entry's edge.
        enum Next: Sendable {
            case unknown, deadEnd
            case edge(EdgeID)
        }

        /// One edge's road attributes, length (metres) and continuation.
        struct Entry: Sendable {
            let edge: EdgeID
            let wayID: Int64
            let name: String?, ref: String?
            let roadClass: RoadClass
            let speedLimit: PostedSpeedLimit
            let isOneway: Bool
            /// The edge along the same road the other way, if there is one.
            let twin: EdgeID?
            let length: Double
            var next: Next = .unknown
            /// The last walk (`prepare` call) that used the entry.
            var lastWalk: Int
        }

        /// Entries from which the memo drops what the last two walks did not use, at the next
        /// walk (a 500 m city horizon, split at every crossing, and the fix before's often fill 16).
        static let capacity = 32
        /// Entries from which it starts afresh, even the last two walks' (a bound for maps of
        /// very short edges).
        static let hardCapacity = 128
        private(set) var entries: [Entry] = []
        /// Where the last lookup found its edge: the next one is usually the entry after it.
        private var hint = 0
        /// Walks so far.
        private var walk = 0

        /// Starts a walk. When the memo is full it keeps only the entries of the last two walks —
        /// the previous fix's horizon and this fix's matched road, which the next horizon mostly
        /// walks again — and starts afresh if even those reach `hardCapacity` (between walks: a
        /// walk's own entries never go).
        mutating func prepare() {
            walk += 1
            guard entries.count >= Self.capacity else { return }
            let recent = walk - 2
            entries.removeAll { $0.lastWalk < recent }
            if entries.count >= Self.hardCapacity { entries.removeAll(keepingCapacity: true) }
            hint = 0
        }

        /// The index of `edge`'s entry, made from `path`'s graph when the memo does not know it.
        mutating func slot(of edge: EdgeID, in path: MostProbablePath) -> Int {
            if let found = find(edge) {
                hint = found
                entries[found].lastWalk = walk
                return found
            }
            let graph = path.graph
            let e = graph[edge]
            let twin = graph.twin(of: edge)
            entries.append(
                Entry(
                    edge: edge, wayID: e.wayID, name: graph.name(of: edge), ref: graph.ref(of: edge), roadClass: e.roadClass,
                    speedLimit: graph.postedSpeedLimit(of: edge, defaults: path.speedLimitDefaults),
                    isOneway: e.flags.contains(.oneway) || twin == nil, twin: twin, length: Double(e.length), lastWalk: walk))
            hint = entries.count - 1
            return hint
        }

        /// The most probable edge after entry `slot`'s edge (`continuation(after:)`), found once.
        mutating func continuation(at slot: Int, in path: MostProbablePath) -> EdgeID? {
            switch entries[slot].next {
            case .edge(let next): return next
            case .deadEnd: return nil
            case .unknown:
                let next = path.continuation(after: entries[slot].edge)
                entries[slot].next = next.map(Next.edge) ?? .deadEnd
                return next
            }
        }

        private func find(_ edge: EdgeID) -> Int? {
            for i in [hint, hint + 1] where i < entries.count && entries[i].edge == edge { return i }
            return entries.firstIndex { $0.edge == edge }
        }
    }

    /// The sharpest turn, degrees, at which staying on a road of the same name or ref still comes
    /// first: beyond it the same name leads around a square or back down a dual carriageway
    /// (Milan's Piazza Cavour at the end of Via Manzoni, 139°) more often than a driver follows it.
    public static let sameRoadTurnLimit: Degrees = 60

    /// The most probable edge after `edge` at its end node, nil at a dead end.
    public func continuation(after edge: EdgeID) -> EdgeID? {
        let e = graph[edge]
        let arrivalBearing = graph.finalBearing(of: edge)
        var best: (edge: EdgeID, score: (Int, Int, Double))?
        for i in graph.outgoingRange(from: e.to) {
            let next = EdgeID(Int32(i))
            let n = graph[next]
            guard n.shape != e.shape, n.durations[profile].isFinite,
                graph.isTurnAllowed(from: edge, to: next, profile: profile)
            else { continue }
            let turn = Bearing.difference(arrivalBearing, graph.initialBearing(of: next))
            let sameRoad = (e.name >= 0 && n.name == e.name) || (e.ref >= 0 && n.ref == e.ref) || n.wayID == e.wayID
            let score = (sameRoad && turn <= Self.sameRoadTurnLimit ? 0 : 1, n.roadClass.rank, turn)
            if best == nil || score < best!.score { best = (next, score) }
        }
        return best?.edge
    }
}
