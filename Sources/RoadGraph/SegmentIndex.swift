import Geodesy

/// A fine uniform grid (50 m cells) over every road segment in one planar projection of the map
/// (centred on the nodes' bounding box), with each segment's edge, position along it and bearing,
/// so that finding match candidates needs no trigonometry per fix. Built with the graph and stored
/// in its image, so a memory-mapped graph uses it in place; `nearestEdges` touches only the cells
/// around the query. `RoadGraph.nearestEdges` (the shape grid) scans at least 600 m × 600 m and
/// computes bearings for every shape it meets, which dominated the matcher's time (docs/map-matching.md).
public struct SegmentIndex: Sendable {
    /// The cell size in metres.
    static let cellSize: Meters = 50
    let projection: LocalProjection
    let minX: Meters, minY: Meters
    let columns: Int, rows: Int
    /// `cellOffsets[c]..<cellOffsets[c + 1]` index `cellSegments` for cell `c = row * columns + column`.
    let cellOffsets: MappedArray<Int32>
    let cellSegments: MappedArray<Int32>
    /// Planar vertices of all indexed roads, back to back; segment `s` runs from vertex `s` to `s + 1`.
    let xs: MappedArray<Double>, ys: MappedArray<Double>
    /// Per segment: the road edge (-1 for the filler joining two roads), metres along it at the start, its bearing.
    let segmentEdges: MappedArray<Int32>
    let segmentAlong: MappedArray<Double>
    let segmentBearings: MappedArray<Double>
    /// Per edge: its planar length (0 for an edge indexed through its twin).
    let planarLengths: MappedArray<Double>

    /// An index from its stored parts (the image loader's path; `RoadGraph(image:)` checks their sizes).
    init(
        origin: Coordinate, minX: Meters, minY: Meters, columns: Int, rows: Int, cellOffsets: MappedArray<Int32>,
        cellSegments: MappedArray<Int32>, xs: MappedArray<Double>, ys: MappedArray<Double>, segmentEdges: MappedArray<Int32>,
        segmentAlong: MappedArray<Double>, segmentBearings: MappedArray<Double>, planarLengths: MappedArray<Double>
    ) {
        projection = LocalProjection(origin: origin)
        (self.minX, self.minY, self.columns, self.rows) = (minX, minY, columns, rows)
        (self.cellOffsets, self.cellSegments, self.xs, self.ys) = (cellOffsets, cellSegments, xs, ys)
        (self.segmentEdges, self.segmentAlong, self.segmentBearings, self.planarLengths) = (segmentEdges, segmentAlong, segmentBearings, planarLengths)
    }

    /// An empty index (covering nothing).
    init() {
        self.init(
            origin: Coordinate(latitude: 0, longitude: 0), minX: 0, minY: 0, columns: 0, rows: 0, cellOffsets: MappedArray(), cellSegments: MappedArray(),
            xs: MappedArray(), ys: MappedArray(), segmentEdges: MappedArray(), segmentAlong: MappedArray(), segmentBearings: MappedArray(),
            planarLengths: MappedArray())
    }

    /// Indexes every shape of `graph` once (through the edge running along its stored order, or the
    /// only edge of a reversed oneway), projected around `origin`.
    init(graph: RoadGraph, origin: Coordinate) {
        let projection = LocalProjection(origin: origin)
        func isIndexed(_ id: EdgeID) -> Bool { !graph[id].flags.contains(.reversedShape) || graph.twin(of: id) == nil }
        // Every array is made at its exact size, never grown by doubling (a copy while it grows).
        var vertexCount = 0
        for e in 0..<graph.edgeCount where isIndexed(EdgeID(Int32(e))) { vertexCount += graph.shapeVertices(graph.edges[e].shape).count }
        var xs: [Double] = [], ys: [Double] = []
        var segmentEdge: [Int32] = [], segmentAlong: [Double] = [], segmentBearing: [Double] = []
        xs.reserveCapacity(vertexCount)
        ys.reserveCapacity(vertexCount)
        segmentEdge.reserveCapacity(vertexCount)
        segmentAlong.reserveCapacity(vertexCount)
        segmentBearing.reserveCapacity(vertexCount)
        var planarLength = [Double](repeating: 0, count: graph.edgeCount)
        for e in 0..<graph.edgeCount {
            let id = EdgeID(Int32(e))
            guard isIndexed(id) else { continue }
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
        // Each array goes to its final heap buffer as soon as it is complete, so a large map's
        // index is never held twice over.
        let along = MappedArray(segmentAlong), bearings = MappedArray(segmentBearing), lengths = MappedArray(planarLength)
        (segmentAlong, segmentBearing, planarLength) = ([], [], [])
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        let columns = Int(((xs.max() ?? 0) - minX) / Self.cellSize) + 1, rows = Int(((ys.max() ?? 0) - minY) / Self.cellSize) + 1
        let storedXs = MappedArray(xs), storedYs = MappedArray(ys), edges = MappedArray(segmentEdge)
        (xs, ys, segmentEdge) = ([], [], [])
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        func cells(_ s: Int, _ body: (Int) -> Void) {
            let (x0, x1, y0, y1) = (storedXs[s], storedXs[s + 1], storedYs[s], storedYs[s + 1])
            let c0 = Int((min(x0, x1) - minX) / Self.cellSize), c1 = Int((max(x0, x1) - minX) / Self.cellSize)
            let r0 = Int((min(y0, y1) - minY) / Self.cellSize), r1 = Int((max(y0, y1) - minY) / Self.cellSize)
            for r in r0...r1 { for c in c0...c1 { body(r * columns + c) } }
        }
        for s in edges.indices where edges[s] >= 0 { cells(s) { counts[$0 + 1] += 1 } }
        for i in 0..<(columns * rows) { counts[i + 1] += counts[i] }
        var fill = counts
        let cellOffsets = MappedArray(counts)
        counts = []
        var cellSegments = [Int32](repeating: 0, count: Int(cellOffsets[columns * rows]))
        for s in edges.indices where edges[s] >= 0 {
            cells(s) { cell in
                cellSegments[Int(fill[cell])] = Int32(s)
                fill[cell] += 1
            }
        }
        fill = []
        let segments = MappedArray(cellSegments)
        cellSegments = []
        self.init(
            origin: origin, minX: minX, minY: minY, columns: columns, rows: rows, cellOffsets: cellOffsets, cellSegments: segments,
            xs: storedXs, ys: storedYs, segmentEdges: edges, segmentAlong: along, segmentBearings: bearings,
            planarLengths: lengths)
    }

    /// Doubles stored for the index: projection origin (latitude, longitude), minimum x and y, columns, rows.
    var parameters: [Double] { [projection.origin.latitude, projection.origin.longitude, minX, minY, Double(columns), Double(rows)] }

    /// Every directed edge of `graph` (the graph holding this index) accepted by `accept` within
    /// `radius` metres of `coordinate`, nearest first (ties by edge), both directions of two-way
    /// roads (the same contract as `RoadGraph.nearestEdges`).
    func nearestEdges(of graph: RoadGraph, to coordinate: Coordinate, within radius: Meters, where accept: (Int) -> Bool) -> [EdgeSnap] {
        let p = projection.project(coordinate)
        let c0 = max(0, Int(((p.x - radius - minX) / Self.cellSize).rounded(.down))), c1 = min(columns - 1, Int((p.x + radius - minX) / Self.cellSize))
        let r0 = max(0, Int(((p.y - radius - minY) / Self.cellSize).rounded(.down))), r1 = min(rows - 1, Int((p.y + radius - minY) / Self.cellSize))
        guard c0 <= c1, r0 <= r1 else { return [] }
        var best: [(edge: Int32, distance: Meters, along: Meters, x: Double, y: Double, bearing: Degrees)] = []
        best.reserveCapacity(32)  // one allocation for the edges near a fix, not one per doubling
        for r in r0...r1 {
            for c in c0...c1 {
                let cell = r * columns + c
                for k in Int(cellOffsets[cell])..<Int(cellOffsets[cell + 1]) {
                    let s = Int(cellSegments[k])
                    let (ax, ay, bx, by) = (xs[s], ys[s], xs[s + 1], ys[s + 1])
                    let dx = bx - ax, dy = by - ay
                    let len2 = dx * dx + dy * dy
                    let t = len2 > 0 ? min(1, max(0, ((p.x - ax) * dx + (p.y - ay) * dy) / len2)) : 0
                    let qx = ax + t * dx, qy = ay + t * dy
                    let distance = ((p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)).squareRoot()
                    guard distance <= radius else { continue }
                    let edge = segmentEdges[s]
                    let hit = (edge, distance, segmentAlong[s] + t * len2.squareRoot(), qx, qy, segmentBearings[s])
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
            let fraction = planarLengths[e] > 0 ? min(1, b.along / planarLengths[e]) : 0
            if accept(e) {
                snaps.append(EdgeSnap(edge: EdgeID(b.edge), coordinate: point, distance: b.distance, fraction: fraction, bearing: b.bearing))
            }
            if let twin = graph.twin(of: EdgeID(b.edge)), accept(twin.index) {
                snaps.append(
                    EdgeSnap(edge: twin, coordinate: point, distance: b.distance, fraction: 1 - fraction, bearing: Bearing.normalized(b.bearing + 180)))
            }
        }
        snaps.sort { ($0.distance, $0.edge) < ($1.distance, $1.edge) }  // in place: `sorted` would copy
        return snaps
    }
}

extension RoadGraph {
    /// Every directed edge accepted by `accept` within `radius` metres of `coordinate`, nearest
    /// first, both directions of two-way roads, through the segment index (50 m cells; what the
    /// map matcher asks for every fix). Distances are planar around the map's centre.
    public func nearestSegments(to coordinate: Coordinate, within radius: Meters, where accept: (Int) -> Bool) -> [EdgeSnap] {
        segmentIndex.nearestEdges(of: self, to: coordinate, within: radius, where: accept)
    }
}
