import RoadGraph

/// The nodes a route search runs over for one profile: one per directed edge of the graph (node
/// `e` is "at the end of edge e", so via-node restrictions and turn costs are exact), plus, for
/// the via-way restrictions, copies of the via edges that remember how they were entered, as OSRM
/// duplicates them: turning from a restriction's `from` edge onto its first via edge enters the
/// copy of that via edge, the copies lead along the chain, and the turn a restriction forbids (or,
/// for a mandatory one, every other turn) is missing from the last copy. Restrictions sharing the
/// start of their chains share the copies (a trie), so each is honoured. Without via-way
/// restrictions there are no copies and every node is its edge.
struct SearchNodes: Sendable {
    /// The graph's directed edges: nodes `0..<edgeCount` are the edges themselves.
    let edgeCount: Int
    /// The edge each copy stands for: node `edgeCount + k` is a copy of edge `copyEdges[k]`.
    private var copyEdges: [Int32] = []
    /// The copy entered from node (key's high half) onto edge (low half) along a chain.
    private var chainSteps: [UInt64: Int32] = [:]
    /// The edges that start a chain (a restriction's `from`): the only ones whose turns look up a
    /// step from the original edge.
    private var chainStarts: Set<Int32> = []
    /// Per copy that ends a mandatory restriction, or lies along one, the only edge it may turn onto.
    private var onlyTurn: [Int32: Int32] = [:]
    /// The turns forbidden at the end of a prohibitive chain: copy (high half), edge (low half).
    private var forbidden: Set<UInt64> = []
    /// The copies standing for each edge that has some (search targets).
    private var copiesOfEdge: [Int32: [Int32]] = [:]

    /// The nodes for `profile` on `graph`: its edges and the copies its via-way restrictions need.
    init(graph: RoadGraph, profile: TravelProfile) {
        edgeCount = graph.edgeCount
        for restriction in graph.viaWayRestrictions where restriction.profiles.contains(profile) {
            add(restriction)
        }
    }

    /// Every node: the edges, then the copies.
    var count: Int { edgeCount + copyEdges.count }

    /// Whether there are copies at all (no via-way restriction for the profile when false).
    var hasCopies: Bool { !copyEdges.isEmpty }

    /// The road edge node `node` stands for.
    @inline(__always) func edge(of node: Int) -> Int {
        node < edgeCount ? node : Int(copyEdges[node - edgeCount])
    }

    /// The node entered when turning from `node` onto edge `next` (leaving where `node`'s edge
    /// ends): a copy along a via-way restriction's chain, else `next` itself; nil when a via-way
    /// restriction forbids the turn. Via-node restrictions and costs are the costing's to check.
    @inline(__always) func successor(of node: Int, onto next: Int) -> Int? {
        guard hasCopies else { return next }
        if node >= edgeCount {
            let copy = Int32(node)
            if let only = onlyTurn[copy], Int(only) != next { return nil }
            if forbidden.contains(Self.key(node, next)) { return nil }
            if let step = chainSteps[Self.key(node, next)] { return Int(step) }
        }
        let edge = edge(of: node)
        if chainStarts.contains(Int32(edge)), let step = chainSteps[Self.key(edge, next)] { return Int(step) }
        return next
    }

    /// The road edges of a path of search nodes (the same array when there are no copies).
    func roadEdges(of path: [EdgeID]) -> [EdgeID] {
        hasCopies ? path.map { EdgeID(Int32(edge(of: $0.index))) } : path
    }

    /// The copies of `edge` (none for most edges): where a search may also arrive at it.
    func copies(of edge: Int) -> [Int32] { copiesOfEdge[Int32(edge)] ?? [] }

    /// Adds the copies `restriction` needs and its forbidden turns.
    private mutating func add(_ restriction: ViaWayRestriction) {
        chainStarts.insert(restriction.from.rawValue)
        var node = restriction.from.index
        for (i, edge) in restriction.via.enumerated() {
            let key = Self.key(node, edge.index)
            if let step = chainSteps[key] {
                node = Int(step)
            } else {
                let copy = Int32(count)
                copyEdges.append(edge.rawValue)
                chainSteps[key] = copy
                copiesOfEdge[edge.rawValue, default: []].append(copy)
                node = Int(copy)
            }
            // Along a mandatory chain the only way on is the chain's next edge.
            if restriction.kind == .mandatory, onlyTurn[Int32(node)] == nil {
                onlyTurn[Int32(node)] = (i + 1 < restriction.via.count ? restriction.via[i + 1] : restriction.to).rawValue
            }
        }
        if restriction.kind == .prohibitive { forbidden.insert(Self.key(node, restriction.to.index)) }
    }

    /// The key of a turn from node `node` onto edge `edge`.
    @inline(__always) private static func key(_ node: Int, _ edge: Int) -> UInt64 { UInt64(UInt32(node)) << 32 | UInt64(UInt32(edge)) }
}
