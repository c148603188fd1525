public import RoadGraph

/// An edge-based contraction hierarchy for one travel profile: every directed road edge the profile
/// may use is a node of the hierarchy, every allowed turn e → f an arc weighted `turn + cost(f)`
/// seconds (a label means "at the end of edge e", as in the A*), so turn restrictions, U-turn rules
/// and turn costs hold exactly. Stored as two flat upward graphs (CSR): the arcs leading to a
/// higher-ranked node, for the forward search, and the arcs arriving from one, for the backward
/// search. Shortcuts record the node they bypass so paths unpack into road edges.
/// Build it with `RoutePlanner.buildHierarchy(for:runner:progress:graphRead:)`; immutable and `Sendable`.
public struct ContractionHierarchy: Sendable, Equatable {
    /// The profile whose costs the hierarchy encodes (without avoid options).
    public let profile: TravelProfile
    /// The number of its nodes: the directed edges of the graph it was built for and the copies of
    /// via-way restrictions' edges (`SearchNodes`).
    public let nodeCount: Int
    /// A hash of every turn arc and its weight at build time; a planner uses the hierarchy only
    /// when the current costing gives the same hash, so a changed cost model never answers with stale costs.
    public let fingerprint: UInt64
    /// The cost model version it was built under (`EdgeCosting.modelVersion`): a planner over a map
    /// cache trusts a hierarchy of the current version without recomputing `fingerprint`.
    public let costModel: UInt32
    /// Arcs v → w to higher-ranked nodes w, grouped by v.
    let upward: UpwardGraph
    /// Arcs w → v from higher-ranked nodes w, grouped by v (the arc's head is `w`).
    let downward: UpwardGraph

    /// The number of shortcut arcs (arcs that bypass a contracted node).
    public var shortcutCount: Int { upward.shortcutCount + downward.shortcutCount }
    /// The number of arcs, shortcuts included.
    public var arcCount: Int { upward.heads.count + downward.heads.count }

    /// A hierarchy from its parts (the builder's and the loader's path).
    init(profile: TravelProfile, nodeCount: Int, fingerprint: UInt64, costModel: UInt32, upward: UpwardGraph, downward: UpwardGraph) {
        self.profile = profile
        self.nodeCount = nodeCount
        self.fingerprint = fingerprint
        self.costModel = costModel
        self.upward = upward
        self.downward = downward
    }

    /// Calls `visit(v, w, weight)` for every turn arc of `costing` between its search nodes, by `v`
    /// then by the edge of `w` ascending: the edges e of v and f of w usable, f leaving where e ends,
    /// the turn allowed (restrictions through a via node or via ways); weight = turn cost + cost(f) in seconds.
    static func forEachTurnArc(_ costing: EdgeCosting, _ visit: (Int, Int, Double) -> Void) {
        let graph = costing.graph, nodes = costing.nodes
        for v in 0..<nodes.count {
            let e = nodes.edge(of: v)
            guard costing.isUsable(e) else { continue }
            for f in graph.outgoingRange(from: graph.edges[e].to) where costing.isUsable(f) {
                guard let w = nodes.successor(of: v, onto: f), let turn = costing.turnCost(from: e, to: f) else { continue }
                visit(v, w, turn + costing.cost(f))
            }
        }
    }

    /// The FNV-1a hash of every turn arc of `costing` (tails, heads and weight bit patterns).
    static func fingerprint(of costing: EdgeCosting) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((value >> UInt64(shift)) & 0xFF)) &* 0x0000_0100_0000_01B3
            }
        }
        mix(UInt64(costing.nodes.count))
        forEachTurnArc(costing) { e, f, weight in
            mix(UInt64(e) << 32 | UInt64(f))
            mix(weight.bitPattern)
        }
        return hash
    }

    /// Appends the search nodes of arc `from` → `to` (bypassing `middle`, -1 for a plain turn) to
    /// `edges`, without `from` itself (`SearchNodes.edge(of:)` gives their road edges).
    func unpack(from: Int32, to: Int32, middle: Int32, into edges: inout [EdgeID]) {
        guard middle >= 0 else {
            edges.append(EdgeID(to))
            return
        }
        // The bypassed node was contracted with `from` among its in-neighbours and `to` among its
        // out-neighbours, so both halves are stored with it.
        guard let first = downward.arc(at: middle, head: from), let second = upward.arc(at: middle, head: to) else { return }
        unpack(from: from, to: middle, middle: downward.middles[first], into: &edges)
        unpack(from: middle, to: to, middle: upward.middles[second], into: &edges)
    }
}

/// The arcs of one search direction in compressed rows: the arcs of node v are
/// `offsets[v]..<offsets[v + 1]`, each with the node at its other end, its weight in seconds and
/// the node a shortcut bypasses (-1 for a turn between two road edges).
struct UpwardGraph: Sendable, Equatable {
    let offsets: MappedArray<Int32>
    let heads: MappedArray<Int32>
    let weights: MappedArray<Double>
    let middles: MappedArray<Int32>

    /// The arc indexes of node `v`.
    @inline(__always) func arcs(of v: Int32) -> Range<Int> { Int(offsets[Int(v)])..<Int(offsets[Int(v) + 1]) }

    /// The index of the arc of `v` whose other end is `head`, nil when there is none.
    func arc(at v: Int32, head: Int32) -> Int? { arcs(of: v).first { heads[$0] == head } }

    /// The number of arcs that are shortcuts.
    var shortcutCount: Int { middles.count { $0 >= 0 } }
}
