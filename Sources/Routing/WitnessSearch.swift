/// The bounded Dijkstra of hierarchy preprocessing: from one in-neighbour of the node being
/// contracted, over the nodes not contracted yet and never through that node or another node
/// contracted in the same round, does a path at most as cheap as the one through it exist? Giving
/// up early (settled-node limit) only costs a shortcut that was not needed, never a wrong distance.
/// Its labels live in a small hash table (`SearchLabels`, the few hundred to few thousand nodes a
/// search reaches) reused across searches, so each thread of a build has its own search at no cost
/// in memory per node of the graph.
struct WitnessSearch {
    /// A node's distance so far, and whether it is one of the current search's targets.
    private struct Label {
        var distance: Double
        var isTarget: Bool
    }

    private var labels = SearchLabels<Label>(capacity: 1024)
    /// The nodes `labels` holds, to empty it in time proportional to them.
    private var labelled: [Int32] = []
    private var heap = MinHeap()

    /// An empty search.
    init() {}

    /// The distance found to `node` by the last `run`, infinite when not reached.
    @inline(__always) func distance(to node: Int32) -> Double { labels[node]?.distance ?? .infinity }

    /// Distances from `source` over `arcs` avoiding `avoided` and passing through no node whose
    /// entry in `priorities` is NaN (the nodes of the round being contracted: reached, never left),
    /// up to `limit` seconds and `settleLimit` settled nodes, stopping early once every node of
    /// `targets` is settled.
    mutating func run(
        from source: Int32, avoiding avoided: Int32, targets: UnsafeBufferPointer<HierarchyBuilder.Arc>, limit: Double, settleLimit: Int,
        arcs: ArcLists.Rows, priorities: UnsafeBufferPointer<Double>
    ) {
        labels.removeAll(labelled: labelled)
        labelled.removeAll(keepingCapacity: true)
        heap.removeAll()
        var remaining = 0
        for t in targets where t.node != source && labels[t.node] == nil {
            labels[t.node] = Label(distance: .infinity, isTarget: true)
            labelled.append(t.node)
            remaining += 1
        }
        labels[source] = Label(distance: 0, isTarget: false)
        labelled.append(source)
        heap.push(0, source)
        var settled = 0
        while let (key, v) = heap.pop() {
            guard let label = labels[v], key <= label.distance else { continue }
            if key > limit || settled >= settleLimit { break }
            if priorities[Int(v)].isNaN { continue }
            settled += 1
            if label.isTarget {
                remaining -= 1
                if remaining == 0 { break }
            }
            for arc in arcs[Int(v)] where arc.node != avoided {
                let total = key + arc.weight
                let lowered = labels.withLabel(of: arc.node) { label in
                    guard total < label?.distance ?? .infinity else { return false }
                    label = Label(distance: total, isTarget: label?.isTarget ?? false)
                    return true
                }
                if lowered {
                    labelled.append(arc.node)  // repeats are fine: the list only empties the table
                    heap.push(total, arc.node)
                }
            }
        }
    }
}
