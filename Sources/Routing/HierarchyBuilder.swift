import Jobs
import RoadGraph

/// Contracts the turn graph of one costing into a `ContractionHierarchy`: nodes (directed road
/// edges) are contracted in rounds by priority (edge difference, contracted neighbours, depth);
/// contracting v links each remaining in-neighbour u to each remaining out-neighbour w by a
/// shortcut u → w when no witness path at most as cheap avoids v.
///
/// Each round contracts an independent set, the nodes whose priority is the lowest of their
/// neighbourhood (ties to the lower node): no two of them are adjacent, and every witness search
/// of the round passes through none of them, so the round is the same as contracting them one
/// after the other and distances stay exact. Their shortcuts are found on the runner's workers
/// (each with its own `WitnessSearch`, sized by what it reaches) and applied on one thread in node
/// order, as are the priorities of their neighbours after it: the hierarchy is the same, byte for
/// byte, whatever the number of threads.
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

    /// A shortcut one contraction needs: from an in-neighbour to an out-neighbour, and its weight.
    struct Shortcut {
        var from: Int32
        var to: Int32
        var weight: Double
    }

    /// Nodes a witness search may settle before it gives up, when contracting.
    static let settleLimit = 500
    /// Nodes a witness search may settle before it gives up, when only estimating a priority.
    static let estimateSettleLimit = 50
    /// Nodes of a round whose shortcuts are found before they are applied (bounds what is held
    /// between the two; a fixed number, so the hierarchy does not depend on the thread count).
    static let batchSize = 4096

    private let profile: TravelProfile
    /// The costing's fingerprint, taken with its turn arcs: contracting reads nothing of the graph.
    private let fingerprint: UInt64
    private var outArcs: ArcLists
    private var inArcs: ArcLists
    private var contractedNeighbours: [Int32]
    private var depth: [Int32]
    /// Each node's priority: −∞ while it is to be computed (at the start, and for the neighbours of
    /// the round's nodes until the round ends), NaN once the node is in a round (contracted or
    /// being contracted).
    private var priorities: [Double]

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
        priorities = [Double](repeating: -.infinity, count: n)
    }

    /// Contracts every node, in rounds whose searches run on `runner`, and returns the hierarchy;
    /// `progress` gets the fraction of nodes contracted (0…1).
    mutating func build(runner: JobRunner, progress: (Double) -> Void) -> ContractionHierarchy {
        let n = outArcs.nodeCount
        var upward = ArcRows(count: n), downward = ArcRows(count: n)
        var remaining = (0..<n).map { Int32($0) }
        updatePriorities(of: remaining, runner)
        var contracted = 0
        while !remaining.isEmpty {
            let round = independentSet(of: remaining, runner)
            for v in round { priorities[Int(v)] = .nan }
            var neighbours: [Int32] = [], around: [Int32] = []
            for first in stride(from: 0, to: round.count, by: Self.batchSize) {
                let batch = round[first..<min(first + Self.batchSize, round.count)]
                let found = shortcuts(of: batch, runner)
                for (v, shortcuts) in zip(batch, found) {
                    upward.set(Int(v), outArcs[Int(v)])
                    downward.set(Int(v), inArcs[Int(v)])
                    around.removeAll(keepingCapacity: true)
                    for arc in inArcs[Int(v)] { around.append(arc.node) }
                    for arc in outArcs[Int(v)] { around.append(arc.node) }
                    for arc in inArcs[Int(v)] { outArcs.removeAll(Int(arc.node), node: v) }
                    for arc in outArcs[Int(v)] { inArcs.removeAll(Int(arc.node), node: v) }
                    outArcs.clear(Int(v))
                    inArcs.clear(Int(v))
                    for s in shortcuts { link(s.from, s.to, weight: s.weight, middle: v) }
                    around.sort()
                    var last: Int32 = -1
                    for u in around where u != last {
                        last = u
                        contractedNeighbours[Int(u)] += 1
                        depth[Int(u)] = max(depth[Int(u)], depth[Int(v)] + 1)
                        if priorities[Int(u)] != -.infinity {
                            priorities[Int(u)] = -.infinity
                            neighbours.append(u)
                        }
                    }
                }
            }
            remaining.removeAll { priorities[Int($0)].isNaN }
            updatePriorities(of: neighbours, runner)
            contracted += round.count
            progress(Double(contracted) / Double(n))
        }
        // Nothing of the contraction is needed any more: free it before the compressed rows are made
        // (at the end of a large build these arrays hold as much as the hierarchy itself).
        outArcs = ArcLists(nodeCount: 0)
        inArcs = ArcLists(nodeCount: 0)
        contractedNeighbours = []
        depth = []
        priorities = []
        let up = Self.compressed(upward)
        upward = ArcRows(count: 0)
        let down = Self.compressed(downward)
        downward = ArcRows(count: 0)
        return ContractionHierarchy(
            profile: profile, nodeCount: n, fingerprint: fingerprint, costModel: EdgeCosting.modelVersion, upward: up, downward: down)
    }

    /// The nodes of `remaining` (ascending) whose priority is below every neighbour's (ties to the
    /// lower node), ascending: no two are adjacent, and the lowest of all is always among them.
    private func independentSet(of remaining: [Int32], _ runner: JobRunner) -> [Int32] {
        let (outArcs, inArcs, priorities) = (outArcs, inArcs, priorities)
        return Self.inRanges(remaining.count, runner) { range in
            Self.reading(outArcs, inArcs, priorities) { outRows, inRows, priorities in
                var chosen: [Int32] = []
                for v in remaining[range] {
                    let p = priorities[Int(v)]
                    func below(_ arcs: UnsafeBufferPointer<Arc>) -> Bool {
                        arcs.allSatisfy { arc in
                            let q = priorities[Int(arc.node)]
                            return p < q || (p == q && v < arc.node)
                        }
                    }
                    if below(inRows[Int(v)]) && below(outRows[Int(v)]) { chosen.append(v) }
                }
                return chosen
            }
        }.flatMap { $0 }
    }

    /// The shortcuts contracting each node of `batch` needs, in its order (the round's other
    /// nodes are already marked NaN in `priorities`, so no witness passes through them).
    private func shortcuts(of batch: ArraySlice<Int32>, _ runner: JobRunner) -> [[Shortcut]] {
        let (outArcs, inArcs, priorities) = (outArcs, inArcs, priorities)
        return Self.inRanges(batch.count, runner) { range in
            Self.reading(outArcs, inArcs, priorities) { outRows, inRows, priorities in
                var witness = WitnessSearch()
                return range.map { i in
                    Self.shortcuts(of: batch[batch.startIndex + i], outRows, inRows, priorities, &witness, settleLimit: Self.settleLimit)
                }
            }
        }.flatMap { $0 }
    }

    /// Computes the priority of each node of `nodes`, estimating its shortcuts on `runner` (in
    /// batches, so what is held between the two stays small).
    private mutating func updatePriorities(of nodes: [Int32], _ runner: JobRunner) {
        for first in stride(from: 0, to: nodes.count, by: 16 * Self.batchSize) {
            let batch = nodes[first..<min(first + 16 * Self.batchSize, nodes.count)]
            for (u, count) in zip(batch, estimatedShortcutCounts(of: batch, runner)) { priorities[Int(u)] = priority(u, shortcuts: count) }
        }
    }

    /// The number of shortcuts contracting each node of `batch` now would need, by a search that
    /// gives up sooner than the contraction's own.
    private func estimatedShortcutCounts(of batch: ArraySlice<Int32>, _ runner: JobRunner) -> [Int] {
        let (outArcs, inArcs, priorities) = (outArcs, inArcs, priorities)
        return Self.inRanges(batch.count, runner) { range in
            Self.reading(outArcs, inArcs, priorities) { outRows, inRows, priorities in
                var witness = WitnessSearch()
                return range.map { i in
                    Self.shortcuts(of: batch[batch.startIndex + i], outRows, inRows, priorities, &witness, settleLimit: Self.estimateSettleLimit).count
                }
            }
        }.flatMap { $0 }
    }

    /// `body` over `0..<count` cut into contiguous ranges run as jobs on `runner`, results in range order.
    private static func inRanges<T: Sendable>(_ count: Int, _ runner: JobRunner, _ body: @escaping @Sendable (Range<Int>) -> T) -> [T] {
        let jobs = runner.workers == 1 ? 1 : min(count, 8 * runner.workers)
        guard jobs > 1 else { return count == 0 ? [] : [body(0..<count)] }
        return runner.map(jobs) { j in body((j * count / jobs)..<((j + 1) * count / jobs)) }
    }

    /// `body` with the rows of `outArcs` and `inArcs` and the priorities read through pointers,
    /// as every job of a round reads them (`ArcLists.Rows`).
    private static func reading<R>(
        _ outArcs: ArcLists, _ inArcs: ArcLists, _ priorities: [Double],
        _ body: (ArcLists.Rows, ArcLists.Rows, UnsafeBufferPointer<Double>) -> R
    ) -> R {
        outArcs.withRows { outRows in
            inArcs.withRows { inRows in priorities.withUnsafeBufferPointer { body(outRows, inRows, $0) } }
        }
    }

    /// The shortcuts contracting `v` now would need: u → w for every in-neighbour u and out-neighbour
    /// w ≠ u whose path through v is cheaper than any witness found settling at most `settleLimit` nodes.
    private static func shortcuts(
        of v: Int32, _ outArcs: ArcLists.Rows, _ inArcs: ArcLists.Rows, _ priorities: UnsafeBufferPointer<Double>, _ witness: inout WitnessSearch,
        settleLimit: Int
    ) -> [Shortcut] {
        var result: [Shortcut] = []
        let outs = outArcs[Int(v)]
        guard !outs.isEmpty else { return result }
        for incoming in inArcs[Int(v)] {
            let u = incoming.node
            var longest = -Double.infinity
            for arc in outs where arc.node != u { longest = max(longest, arc.weight) }
            guard longest.isFinite else { continue }
            witness.run(
                from: u, avoiding: v, targets: outs, limit: incoming.weight + longest, settleLimit: settleLimit, arcs: outArcs, priorities: priorities)
            for arc in outs where arc.node != u {
                let through = incoming.weight + arc.weight
                if witness.distance(to: arc.node) > through { result.append(Shortcut(from: u, to: arc.node, weight: through)) }
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

