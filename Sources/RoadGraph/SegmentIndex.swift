import Geodesy

/// A fine uniform grid (50 m cells) over every road segment in one planar projection of the map
/// (centred on the nodes' bounding box), with each segment's edge, position along it and bearing,
/// so that finding match candidates needs no trigonometry per fix. Only the cells a segment crosses
/// are stored, row by row, so its size follows the roads, not their bounding box (a country's box
/// is mostly empty cells). Built with the graph and stored
/// in its image, so a memory-mapped graph uses it in place; `nearestEdges` touches only the cells
/// around the query. `RoadGraph.nearestEdges` (the shape grid) scans at least 600 m × 600 m and
/// computes bearings for every shape it meets, which dominated the matcher's time (docs/map-matching.md).
public struct SegmentIndex: Sendable {
    /// The cell size in metres.
    static let cellSize: Meters = 50
    let projection: LocalProjection
    let minX: Meters, minY: Meters
    let columns: Int, rows: Int
    /// `rowOffsets[r]..<rowOffsets[r + 1]` index `cellColumns` and `cellOffsets` for the cells of row `r`
    /// that hold segments (`rows + 1` entries).
    let rowOffsets: MappedArray<Int32>
    /// The column of each cell holding segments, by row then column (increasing within a row).
    let cellColumns: MappedArray<Int32>
    /// `cellOffsets[k]..<cellOffsets[k + 1]` index `cellSegments` for the `k`th cell holding segments.
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
        origin: Coordinate, minX: Meters, minY: Meters, columns: Int, rows: Int, rowOffsets: MappedArray<Int32>,
        cellColumns: MappedArray<Int32>, cellOffsets: MappedArray<Int32>, cellSegments: MappedArray<Int32>, xs: MappedArray<Double>,
        ys: MappedArray<Double>, segmentEdges: MappedArray<Int32>, segmentAlong: MappedArray<Double>, segmentBearings: MappedArray<Double>,
        planarLengths: MappedArray<Double>
    ) {
        projection = LocalProjection(origin: origin)
        (self.minX, self.minY, self.columns, self.rows) = (minX, minY, columns, rows)
        (self.rowOffsets, self.cellColumns, self.cellOffsets, self.cellSegments) = (rowOffsets, cellColumns, cellOffsets, cellSegments)
        (self.xs, self.ys) = (xs, ys)
        (self.segmentEdges, self.segmentAlong, self.segmentBearings, self.planarLengths) = (segmentEdges, segmentAlong, segmentBearings, planarLengths)
    }

    /// An empty index (covering nothing).
    init() {
        self.init(
            origin: Coordinate(latitude: 0, longitude: 0), minX: 0, minY: 0, columns: 0, rows: 0, rowOffsets: MappedArray(), cellColumns: MappedArray(),
            cellOffsets: MappedArray(), cellSegments: MappedArray(),
            xs: MappedArray(), ys: MappedArray(), segmentEdges: MappedArray(), segmentAlong: MappedArray(), segmentBearings: MappedArray(),
            planarLengths: MappedArray())
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
        var best: [(edge: Int32, distance: Meters, along: Meters, x: Double, y: Double, bearing: Degrees, segment: Int)] = []
        best.reserveCapacity(32)  // one allocation for the edges near a fix, not one per doubling
        // Most segments of the cells are farther than the radius: they are passed over on the
        // squared distance (with a margin for its rounding), without a square root; the others
        // are tested exactly as before.
        let farSquared = radius * radius * (1 + 1e-9)
        for r in r0...r1 {
            // The row's cells from column c0 to c1 that hold segments lie side by side, and so do their lists.
            let rowEnd = Int(rowOffsets[r + 1])
            let first = Self.firstCell(of: cellColumns, in: Int(rowOffsets[r])..<rowEnd, from: c0)
            var end = first
            while end < rowEnd, Int(cellColumns[end]) <= c1 { end += 1 }
            guard first < end else { continue }
            for k in Int(cellOffsets[first])..<Int(cellOffsets[end]) {
                let s = Int(cellSegments[k])
                let (ax, ay, bx, by) = (xs[s], ys[s], xs[s + 1], ys[s + 1])
                let dx = bx - ax, dy = by - ay
                let len2 = dx * dx + dy * dy
                let t = len2 > 0 ? min(1, max(0, ((p.x - ax) * dx + (p.y - ay) * dy) / len2)) : 0
                let qx = ax + t * dx, qy = ay + t * dy
                let squared = (p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)
                guard squared <= farSquared else { continue }
                let distance = squared.squareRoot()
                guard distance <= radius else { continue }
                let edge = segmentEdges[s]
                let hit = (edge, distance, segmentAlong[s] + t * len2.squareRoot(), qx, qy, segmentBearings[s], s)
                if let i = best.firstIndex(where: { $0.edge == edge }) {
                    if distance < best[i].distance
                        || (distance == best[i].distance && boxOrder(of: s, row: r0, column: c0) < boxOrder(of: best[i].segment, row: r0, column: c0))
                    {
                        best[i] = hit
                    }
                } else {
                    best.append(hit)
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

    /// Which of two segments of one edge at the same distance from a query is kept: the one whose
    /// bounding box of cells meets the query's window (from `row` and `column` on) first, row by row,
    /// then the lower numbered. (The order in which a scan of the window's cells, each listing the
    /// segments whose bounding box it lies in, meets them: where the segments at a bend's vertex
    /// are equally near, the bearing of the hit depends on it.)
    func boxOrder(of segment: Int, row: Int, column: Int) -> (Int, Int, Int) {
        let (ax, ay, bx, by) = (xs[segment], ys[segment], xs[segment + 1], ys[segment + 1])
        let c0 = Int((min(ax, bx) - minX) / Self.cellSize), r0 = Int((min(ay, by) - minY) / Self.cellSize)
        return (max(r0, row), max(c0, column), segment)
    }

    /// The first position in `range` of `columns` (increasing there) whose column is at least
    /// `column`, or `range.upperBound` when none is: a binary search.
    static func firstCell<Columns: RandomAccessCollection<Int32>>(of columns: Columns, in range: Range<Int>, from column: Int) -> Int
    where Columns.Index == Int {
        var (low, high) = (range.lowerBound, range.upperBound)
        while low < high {
            let middle = (low + high) / 2
            if Int(columns[middle]) < column { low = middle + 1 } else { high = middle }
        }
        return low
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
