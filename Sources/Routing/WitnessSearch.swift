/// The bounded Dijkstra of hierarchy preprocessing: from one in-neighbour of the node being
/// contracted, over the nodes not contracted yet and never through that node, does a path at most as
/// cheap as the one through it exist? Giving up early (settled-node limit) only costs a shortcut
/// that was not needed, never a wrong distance. Reuses its arrays across searches.
struct WitnessSearch {
    private var distances: [Double]
    private var touched: [Int32] = []
    private var heap = MinHeap()

    /// A search over `nodeCount` nodes.
    init(nodeCount: Int) {
        distances = [Double](repeating: .infinity, count: nodeCount)
    }

    /// The distance found to `node` by the last `run`, infinite when not reached.
    @inline(__always) func distance(to node: Int32) -> Double { distances[Int(node)] }

    /// Distances from `source` over `arcs` avoiding `avoided`, up to `limit` seconds and `settleLimit` settled nodes.
    mutating func run(from source: Int32, avoiding avoided: Int32, limit: Double, settleLimit: Int, arcs: [[HierarchyBuilder.Arc]]) {
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
