import Geodesy
import RoadGraph

/// A fine uniform grid (50 m cells) over every road segment in one planar projection of the map,
/// with per-segment and per-edge bearings computed once, so that finding candidates and walking the
/// horizon need no trigonometry per fix. `RoadGraph.nearestEdges` scans at least 600 m × 600 m and
/// computes bearings for every shape it meets, which dominated the matcher's time (docs/map-matching.md).
struct EdgeIndex: Sendable {
    private let projection: LocalProjection
    private static let cellSize: Meters = 50
    private let minX: Meters, minY: Meters
    private let columns: Int, rows: Int
    private let cellOffsets: [Int32]
    private let cellSegments: [Int32]
    /// Planar vertices of all indexed roads, back to back (x and y side by side: a segment's two
    /// ends are one or two cache lines, which is what a scan over thousands of vehicles pays).
    private let vertices: [PlanarPoint]
    /// Per segment (starting at vertex `i`): the road edge, metres along it at the start, its bearing.
    private let segmentEdge: [Int32]
    private let segmentAlong: [Double]
    private let segmentBearing: [Double]
    /// Per edge: planar length, and bearings leaving its start and arriving at its end (degrees).
    private let planarLength: [Double]
    let initialBearing: [Double]
    let finalBearing: [Double]
    private let twins: [Int32]

    /// Indexes every shape of `graph` once (through the edge running along its stored order, or the
    /// only edge of a reversed oneway).
    init(graph: RoadGraph) {
        let center = graph.center ?? Coordinate(latitude: 0, longitude: 0)
        projection = LocalProjection(origin: center)
        var xs: [Double] = [], ys: [Double] = []
        var segmentEdge: [Int32] = [], segmentAlong: [Double] = [], segmentBearing: [Double] = []
        var planarLength = [Double](repeating: 0, count: graph.edgeCount)
        var initial = [Double](repeating: 0, count: graph.edgeCount)
        var final = [Double](repeating: 0, count: graph.edgeCount)
        var twins = [Int32](repeating: -1, count: graph.edgeCount)
        for e in 0..<graph.edgeCount {
            let id = EdgeID(Int32(e))
            initial[e] = graph.initialBearing(of: id)
            final[e] = graph.finalBearing(of: id)
            let twin = graph.twin(of: id)
            twins[e] = twin?.rawValue ?? -1
            guard !graph[id].flags.contains(.reversedShape) || twin == nil else { continue }
            let points = graph.geometry(of: id)
            var along: Meters = 0
            for (i, c) in points.enumerated() {
                let p = projection.project(c)
                if i > 0 {
                    let dx = p.x - xs[xs.count - 1], dy = p.y - ys[ys.count - 1]
                    segmentEdge.append(Int32(e))
                    segmentAlong.append(along)
                    segmentBearing.append(points[i - 1].bearing(to: c))
                    along += (dx * dx + dy * dy).squareRoot()
                } else if !xs.isEmpty {
                    // A filler segment joins the previous road to this one; it belongs to no edge.
                    segmentEdge.append(-1)
                    segmentAlong.append(0)
                    segmentBearing.append(0)
                }
                xs.append(p.x)
                ys.append(p.y)
            }
            planarLength[e] = along
        }
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        let columns = Int(((xs.max() ?? 0) - minX) / Self.cellSize) + 1, rows = Int(((ys.max() ?? 0) - minY) / Self.cellSize) + 1
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        func cells(_ s: Int, _ body: (Int) -> Void) {
            let c0 = Int((min(xs[s], xs[s + 1]) - minX) / Self.cellSize), c1 = Int((max(xs[s], xs[s + 1]) - minX) / Self.cellSize)
            let r0 = Int((min(ys[s], ys[s + 1]) - minY) / Self.cellSize), r1 = Int((max(ys[s], ys[s + 1]) - minY) / Self.cellSize)
            for r in r0...r1 { for c in c0...c1 { body(r * columns + c) } }
        }
        for s in segmentEdge.indices where segmentEdge[s] >= 0 { cells(s) { counts[$0 + 1] += 1 } }
        for i in 0..<(columns * rows) { counts[i + 1] += counts[i] }
        var fill = counts
        var cellSegments = [Int32](repeating: 0, count: Int(counts[columns * rows]))
        for s in segmentEdge.indices where segmentEdge[s] >= 0 {
            cells(s) { cell in
                cellSegments[Int(fill[cell])] = Int32(s)
                fill[cell] += 1
            }
        }
        (self.minX, self.minY, self.columns, self.rows) = (minX, minY, columns, rows)
        (self.vertices, self.cellOffsets, self.cellSegments) = (zip(xs, ys).map { PlanarPoint(x: $0, y: $1) }, counts, cellSegments)
        (self.segmentEdge, self.segmentAlong, self.segmentBearing) = (segmentEdge, segmentAlong, segmentBearing)
        (self.planarLength, self.initialBearing, self.finalBearing, self.twins) = (planarLength, initial, final, twins)
    }

    /// Every directed edge accepted by `accept` within `radius` metres of `coordinate`, nearest
    /// first, both directions of two-way roads (the same contract as `RoadGraph.nearestEdges`).
    func nearestEdges(to coordinate: Coordinate, within radius: Meters, where accept: (Int) -> Bool) -> [EdgeSnap] {
        let p = projection.project(coordinate)
        let c0 = max(0, Int(((p.x - radius - minX) / Self.cellSize).rounded(.down))), c1 = min(columns - 1, Int((p.x + radius - minX) / Self.cellSize))
        let r0 = max(0, Int(((p.y - radius - minY) / Self.cellSize).rounded(.down))), r1 = min(rows - 1, Int((p.y + radius - minY) / Self.cellSize))
        guard c0 <= c1, r0 <= r1 else { return [] }
        var best: [(edge: Int32, distance: Meters, along: Meters, x: Double, y: Double, bearing: Degrees)] = []
        best.reserveCapacity(16)
        for r in r0...r1 {
            for c in c0...c1 {
                let cell = r * columns + c
                for k in Int(cellOffsets[cell])..<Int(cellOffsets[cell + 1]) {
                    let s = Int(cellSegments[k])
                    let a = vertices[s], b = vertices[s + 1]
                    let (ax, ay, bx, by) = (a.x, a.y, b.x, b.y)
                    let dx = bx - ax, dy = by - ay
                    let len2 = dx * dx + dy * dy
                    let t = len2 > 0 ? min(1, max(0, ((p.x - ax) * dx + (p.y - ay) * dy) / len2)) : 0
                    let qx = ax + t * dx, qy = ay + t * dy
                    let distance = ((p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)).squareRoot()
                    guard distance <= radius else { continue }
                    let edge = segmentEdge[s]
                    let hit = (edge, distance, segmentAlong[s] + t * len2.squareRoot(), qx, qy, segmentBearing[s])
                    if let i = best.firstIndex(where: { $0.edge == edge }) {
                        if distance < best[i].distance { best[i] = hit }
                    } else {
                        best.append(hit)
                    }
                }
            }
        }
        var snaps: [EdgeSnap] = []
        snaps.reserveCapacity(2 * best.count)
        for b in best {
            let e = Int(b.edge)
            let point = projection.unproject(PlanarPoint(x: b.x, y: b.y))
            let fraction = planarLength[e] > 0 ? min(1, b.along / planarLength[e]) : 0
            if accept(e) {
                snaps.append(EdgeSnap(edge: EdgeID(b.edge), coordinate: point, distance: b.distance, fraction: fraction, bearing: b.bearing))
            }
            let twin = twins[e]
            if twin >= 0 && accept(Int(twin)) {
                snaps.append(
                    EdgeSnap(edge: EdgeID(twin), coordinate: point, distance: b.distance, fraction: 1 - fraction, bearing: Bearing.normalized(b.bearing + 180)))
            }
        }
        snaps.sort { ($0.distance, $0.edge) < ($1.distance, $1.edge) }
        return snaps
    }
}
