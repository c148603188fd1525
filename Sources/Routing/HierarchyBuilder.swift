import RoadGraph

/// Contracts the turn graph of one costing into a `ContractionHierarchy`: nodes (directed road
/// edges) are contracted cheapest first by a lazily updated priority (edge difference, contracted
/// neighbours, depth); contracting v links each remaining in-neighbour u to each remaining
/// out-neighbour w by a shortcut u → w when no witness path at most as cheap avoids v. Single-threaded
/// and deterministic: the same costing gives the same hierarchy.
struct HierarchyBuilder {
    /// An arc of the graph being contracted: the node at its other end, its weight in seconds, and
    /// the node a shortcut bypasses (-1 for a turn).
    /// Stored weight first, so an arc takes 16 bytes rather than 24 (there are several per road edge).
    struct Arc {
        var weight: Double
        var node: Int32
        var middle: Int32

        init(node: Int32, weight: Double, middle: Int32) {
            self.weight = weight
            self.node = node
            self.middle = middle
        }
    }

    /// Nodes a witness search may settle before it gives up, when contracting.
    static let settleLimit = 500
    /// Nodes a witness search may settle before it gives up, when only estimating a priority.
    static let estimateSettleLimit = 50

    private let profile: TravelProfile
    /// The costing's fingerprint, taken with its turn arcs: contracting reads nothing of the graph.
    private let fingerprint: UInt64
    private var outArcs: ArcLists
    private var inArcs: ArcLists
    private var contractedNeighbours: [Int32]
    private var depth: [Int32]

    /// A builder over the turn arcs of `costing`.
    init(costing: EdgeCosting) {
        let n = costing.nodes.count
        profile = costing.profile
        fingerprint = ContractionHierarchy.fingerprint(of: costing)
        var outArcs = ArcLists(nodeCount: n), inArcs = ArcLists(nodeCount: n)
        ContractionHierarchy.forEachTurnArc(costing) { e, f, weight in outArcs.append(Arc(node: Int32(f), weight: weight, middle: -1), to: e) }
        // The same rows as appending each turn to both lists as it is visited (by e, then f).
        for e in 0..<n {
            for arc in outArcs[e] { inArcs.append(Arc(node: Int32(e), weight: arc.weight, middle: -1), to: Int(arc.node)) }
        }
        self.outArcs = outArcs
        self.inArcs = inArcs
        contractedNeighbours = [Int32](repeating: 0, count: n)
        depth = [Int32](repeating: 0, count: n)
    }

    /// Contracts every node and returns the hierarchy; `progress` gets the fraction of nodes contracted (0…1).
    mutating func build(progress: (Double) -> Void) -> ContractionHierarchy {
        let n = outArcs.nodeCount
        var upward = ArcRows(count: n), downward = ArcRows(count: n)
        var priorities = [Double](repeating: 0, count: n)
        var heap = MinHeap()
        // A local, so that its arrays are uniquely referenced and updated in place.
        var witness = WitnessSearch(nodeCount: n)
        for v in 0..<n {
            priorities[v] = priority(Int32(v), shortcuts: Self.shortcuts(of: Int32(v), outArcs, inArcs, &witness, settleLimit: Self.estimateSettleLimit).count)
            heap.push(priorities[v], Int32(v))
        }
        var contracted = 0
        var neighbours: [Int32] = [], seen = [Int32](repeating: -1, count: n)
        while let (key, v) = heap.pop() {
            guard key == priorities[Int(v)] else { continue }
            let found = Self.shortcuts(of: v, outArcs, inArcs, &witness, settleLimit: Self.settleLimit)
            let current = priority(v, shortcuts: found.count)
            if let next = heap.first, current > next.key {
                priorities[Int(v)] = current
                heap.push(current, v)
                continue
            }
            priorities[Int(v)] = .nan  // never equal: stale entries of v are skipped from now on
            upward.set(Int(v), outArcs[Int(v)])
            downward.set(Int(v), inArcs[Int(v)])
            neighbours.removeAll(keepingCapacity: true)
            for arc in inArcs[Int(v)] where seen[Int(arc.node)] != v {
                seen[Int(arc.node)] = v
                neighbours.append(arc.node)
            }
            for arc in outArcs[Int(v)] where seen[Int(arc.node)] != v {
                seen[Int(arc.node)] = v
                neighbours.append(arc.node)
            }
            for arc in inArcs[Int(v)] { outArcs.removeAll(Int(arc.node), node: v) }
            for arc in outArcs[Int(v)] { inArcs.removeAll(Int(arc.node), node: v) }
            outArcs.clear(Int(v))
            inArcs.clear(Int(v))
            for s in found { link(s.from, s.to, weight: s.weight, middle: v) }
            for u in neighbours {
                contractedNeighbours[Int(u)] += 1
                depth[Int(u)] = max(depth[Int(u)], depth[Int(v)] + 1)
                priorities[Int(u)] = priority(u, shortcuts: Self.shortcuts(of: u, outArcs, inArcs, &witness, settleLimit: Self.estimateSettleLimit).count)
                heap.push(priorities[Int(u)], u)
            }
            contracted += 1
            if contracted % 4096 == 0 { progress(Double(contracted) / Double(n)) }
        }
        progress(1)
        // Nothing of the contraction is needed any more: free it before the compressed rows are made
        // (at the end of a large build these arrays hold as much as the hierarchy itself).
        outArcs = ArcLists(nodeCount: 0)
        inArcs = ArcLists(nodeCount: 0)
        contractedNeighbours = []
        depth = []
        priorities = []
        heap = MinHeap()
        witness = WitnessSearch(nodeCount: 0)
        seen = []
        let up = Self.compressed(upward)
        upward = ArcRows(count: 0)
        let down = Self.compressed(downward)
        downward = ArcRows(count: 0)
        return ContractionHierarchy(
            profile: profile, nodeCount: n, fingerprint: fingerprint, costModel: EdgeCosting.modelVersion, upward: up, downward: down)
    }

    /// The shortcuts contracting `v` now would need: u → w for every in-neighbour u and out-neighbour
    /// w ≠ u whose path through v is cheaper than any witness found settling at most `settleLimit` nodes.
    private static func shortcuts(
        of v: Int32, _ outArcs: ArcLists, _ inArcs: ArcLists, _ witness: inout WitnessSearch, settleLimit: Int
    ) -> [(from: Int32, to: Int32, weight: Double)] {
        var result: [(from: Int32, to: Int32, weight: Double)] = []
        let outs = outArcs[Int(v)]
        guard !outs.isEmpty else { return result }
        for incoming in inArcs[Int(v)] {
            let u = incoming.node
            var longest = -Double.infinity
            for arc in outs where arc.node != u { longest = max(longest, arc.weight) }
            guard longest.isFinite else { continue }
            witness.run(from: u, avoiding: v, targets: outs, limit: incoming.weight + longest, settleLimit: settleLimit, arcs: outArcs)
            for arc in outs where arc.node != u {
                let through = incoming.weight + arc.weight
                if witness.distance(to: arc.node) > through { result.append((u, arc.node, through)) }
            }
        }
        return result
    }

    /// The contraction priority of `v` if it needed `shortcuts` shortcuts: lower goes first.
    private func priority(_ v: Int32, shortcuts: Int) -> Double {
        let removed = inArcs.count(of: Int(v)) + outArcs.count(of: Int(v))
        return Double(2 * (shortcuts - removed)) + Double(contractedNeighbours[Int(v)]) + Double(depth[Int(v)])
    }

    /// Adds arc u → w, or lowers the weight of the existing one (keeping one arc per pair).
    private mutating func link(_ u: Int32, _ w: Int32, weight: Double, middle: Int32) {
        let arc = Arc(node: w, weight: weight, middle: middle)
        if let i = outArcs.firstIndex(Int(u), node: w) {
            guard weight < outArcs[Int(u)][outArcs[Int(u)].startIndex + i].weight else { return }
            outArcs.set(Int(u), i, arc)
            if let j = inArcs.firstIndex(Int(w), node: u) { inArcs.set(Int(w), j, Arc(node: u, weight: weight, middle: middle)) }
        } else {
            outArcs.append(arc, to: Int(u))
            inArcs.append(Arc(node: u, weight: weight, middle: middle), to: Int(w))
        }
    }

    /// The final arcs of every contracted node, in one array in contraction order: one small array
    /// per node (a header and an allocation each, millions of them) would double what they take.
    struct ArcRows {
        private(set) var arcs: [Arc] = []
        /// Where each row starts in `arcs` (4 bytes a node rather than 8: fewer than 2^32 arcs).
        private(set) var start: [UInt32]
        private(set) var count: [Int32]

        /// Rows for `count` nodes, all empty.
        init(count: Int) {
            start = [UInt32](repeating: 0, count: count)
            self.count = [Int32](repeating: 0, count: count)
        }

        /// Sets the row of node `v` (once per node).
        mutating func set(_ v: Int, _ row: ArraySlice<Arc>) {
            guard let position = UInt32(exactly: arcs.count) else { preconditionFailure("more than 2^32 hierarchy arcs") }
            start[v] = position
            count[v] = Int32(row.count)
            arcs.append(contentsOf: row)
        }
    }

    /// Per-node arc rows as compressed rows in node order, each array made straight into its
    /// final buffer (no intermediate arrays of every arc).
    private static func compressed(_ rows: ArcRows) -> UpwardGraph {
        var offsets = [Int32](repeating: 0, count: rows.start.count + 1)
        for v in rows.start.indices { offsets[v + 1] = offsets[v] + rows.count[v] }
        // The arc at compressed position k, for k = 0, 1, 2, … in turn (MappedArray(count:) asks in order).
        func inOrder<T: FixedLayout>(_ value: (Arc) -> T) -> MappedArray<T> {
            var v = 0
            return MappedArray(count: Int(offsets[offsets.count - 1])) { position in
                while position >= Int(offsets[v + 1]) { v += 1 }
                return value(rows.arcs[Int(rows.start[v]) + position - Int(offsets[v])])
            }
        }
        return UpwardGraph(
            offsets: MappedArray(offsets), heads: inOrder(\.node), weights: inOrder(\.weight), middles: inOrder(\.middle))
    }
}

