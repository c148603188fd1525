/// The bounded Dijkstra of hierarchy preprocessing: from one in-neighbour of the node being
/// contracted, over the nodes not contracted yet and never through that node, does a path at most as
/// cheap as the one through it exist? Giving up early (settled-node limit) only costs a shortcut
/// that was not needed, never a wrong distance. Reuses its arrays across searches.
struct WitnessSearch {
    private var distances: [Double]
    private var touched: [Int32] = []
    private var heap = MinHeap()
    /// `targetMarks[v] == searchCount` when v is a target of the current search.
    private var targetMarks: [Int32]
    private var searchCount: Int32 = 0

    /// A search over `nodeCount` nodes.
    init(nodeCount: Int) {
        distances = [Double](repeating: .infinity, count: nodeCount)
        targetMarks = [Int32](repeating: -1, count: nodeCount)
    }

    /// The distance found to `node` by the last `run`, infinite when not reached.
    @inline(__always) func distance(to node: Int32) -> Double { distances[Int(node)] }

    /// Distances from `source` over `arcs` avoiding `avoided`, up to `limit` seconds and `settleLimit`
    /// settled nodes, stopping early once every node of `targets` is settled.
    mutating func run(
        from source: Int32, avoiding avoided: Int32, targets: ArraySlice<HierarchyBuilder.Arc>, limit: Double, settleLimit: Int, arcs: ArcLists
    ) {
        searchCount &+= 1
        var remaining = 0
        for t in targets where t.node != source && targetMarks[Int(t.node)] != searchCount {
            targetMarks[Int(t.node)] = searchCount
            remaining += 1
        }
        for n in touched { distances[Int(n)] = .infinity }
        touched.removeAll(keepingCapacity: true)
        heap.removeAll()
        distances[Int(source)] = 0
        touched.append(source)
        heap.push(0, source)
        var settled = 0
        while let (key, v) = heap.pop() {
            guard key <= distances[Int(v)] else { continue }
            if key > limit || settled >= settleLimit { break }
            settled += 1
            if targetMarks[Int(v)] == searchCount {
                remaining -= 1
                if remaining == 0 { break }
            }
            for arc in arcs[Int(v)] where arc.node != avoided {
                let total = key + arc.weight
                if total < distances[Int(arc.node)] {
                    if distances[Int(arc.node)] == .infinity { touched.append(arc.node) }
                    distances[Int(arc.node)] = total
                    heap.push(total, arc.node)
                }
            }
        }
    }
}
