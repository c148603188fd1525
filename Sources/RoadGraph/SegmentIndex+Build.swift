import Geodesy

/// How the segment index is made. `write` streams it: one walk over the graph's indexed roads per
/// array, each array's values produced in order, so an array can be written out as it is made
/// rather than all of them held at once. `init(graph:origin:)` (a graph built in memory) collects
/// the same values in one walk. Both make the cells through `rowStarts`, `cells` and `cellSegments`.
extension SegmentIndex {
    /// The projected extent of the indexed roads and the grid of cells over it.
    struct Extent {
        var vertexCount = 0
        var minX: Meters = 0, minY: Meters = 0, maxX: Meters = 0, maxY: Meters = 0
        var columns: Int { Int((maxX - minX) / SegmentIndex.cellSize) + 1 }
        var rows: Int { Int((maxY - minY) / SegmentIndex.cellSize) + 1 }

        /// The extent of no vertex.
        init() {}

        /// The extent of `graph`'s indexed roads projected by `projection`.
        init(_ graph: RoadGraph, _ projection: LocalProjection) {
            SegmentIndex.walk(graph, projection, vertex: { add($0) })
        }

        /// Takes in the next vertex (the first of equal extremes kept, as `min()` and `max()` do).
        mutating func add(_ p: PlanarPoint) {
            if vertexCount == 0 {
                (minX, maxX, minY, maxY) = (p.x, p.x, p.y, p.y)
            } else {
                if p.x < minX { minX = p.x }
                if maxX < p.x { maxX = p.x }
                if p.y < minY { minY = p.y }
                if maxY < p.y { maxY = p.y }
            }
            vertexCount += 1
        }

        /// The cells the segment from `a` to `b` crosses, row by row: calls `body` with each row of
        /// its bounding box of cells and the first and last column of the cells it crosses there
        /// (widened by a millimetre each way against rounding, within its bounding box).
        func forEachRow(_ a: PlanarPoint, _ b: PlanarPoint, _ body: (_ row: Int, _ first: Int, _ last: Int) -> Void) {
            let size = SegmentIndex.cellSize, margin: Meters = 0.001
            let (lowX, highX, lowY, highY) = (min(a.x, b.x), max(a.x, b.x), min(a.y, b.y), max(a.y, b.y))
            let c0 = Int((lowX - minX) / size), c1 = Int((highX - minX) / size)
            let r0 = Int((lowY - minY) / size), r1 = Int((highY - minY) / size)
            guard r0 < r1 else { return body(r0, c0, c1) }
            // The segment's x where it meets a row's lower and upper edges (its ends within its box).
            let slope = (b.x - a.x) / (b.y - a.y)
            for r in r0...r1 {
                let y0 = max(lowY, minY + Double(r) * size - margin), y1 = min(highY, minY + Double(r + 1) * size + margin)
                let x0 = a.x + (y0 - a.y) * slope, x1 = a.x + (y1 - a.y) * slope
                let first = max(c0, Int((max(lowX, min(x0, x1) - margin) - minX) / size))
                let last = min(c1, Int((min(highX, max(x0, x1) + margin) - minX) / size))
                // (Never empty for a real segment; should rounding make it so, the box's columns.)
                if first <= last { body(r, first, last) } else { body(r, c0, c1) }
            }
        }
    }

    /// The most (segment, cell) entries the grid may list for `vertices` vertices: 64 a vertex and
    /// at least 2^24 (a city's worth), within `Int32` offsets. Real maps stay far below it (Milan:
    /// 1.17 a vertex; a straight road across a continent, ~200,000); past it are roads zigzagging
    /// over hundreds of kilometres, thousands of times: a broken or hostile map.
    static func maximumEntries(vertices: Int) -> Int { min(Int(Int32.max) - 1, max(1 << 24, 64 * vertices)) }

    /// Calls its argument with every road segment (fillers left out) in order: its number among
    /// all segments and its projected ends.
    typealias RoadSegments = (_ body: (_ segment: Int32, _ a: PlanarPoint, _ b: PlanarPoint) -> Void) -> Void

    /// Indexes every shape of `graph` once (through the edge running along its stored order, or the
    /// only edge of a reversed oneway), projected around `origin`: one walk over the roads collects
    /// the vertices and the per-segment and per-edge values (each vertex projected once), the cells
    /// are then filled from the vertices. The arrays are those `write` streams, value for value.
    /// - Throws: `RoadGraphError.inconsistent` when the cells would list more than `maximumEntries` segments.
    init(graph: RoadGraph, origin: Coordinate) throws(RoadGraphError) {
        let projection = LocalProjection(origin: origin)
        // Each shape is indexed once at most, so its points bound the vertices: the arrays never
        // grow by doubling (a copy while they grow).
        let vertexBound = graph.shapePoints.count
        var xs: [Double] = [], ys: [Double] = [], edges: [Int32] = [], along: [Double] = [], bearings: [Double] = []
        xs.reserveCapacity(vertexBound)
        ys.reserveCapacity(vertexBound)
        edges.reserveCapacity(vertexBound)
        along.reserveCapacity(vertexBound)
        bearings.reserveCapacity(vertexBound)
        var lengths = [Double](repeating: 0, count: graph.edgeCount)
        var extent = Extent()
        Self.walk(
            graph, projection,
            vertex: { p in
                extent.add(p)
                xs.append(p.x)
                ys.append(p.y)
            },
            segment: { edge, at, _, _, from, to in
                edges.append(edge)
                along.append(at)
                bearings.append(edge >= 0 ? from.bearing(to: to) : 0)
            }, road: { edge, length in lengths[edge] = length })
        let segments: RoadSegments = { body in
            for s in edges.indices where edges[s] >= 0 { body(Int32(s), PlanarPoint(x: xs[s], y: ys[s]), PlanarPoint(x: xs[s + 1], y: ys[s + 1])) }
        }
        var cells = Self.cells(extent, segments, rowStarts: try Self.rowStarts(extent, segments))
        let (rowOffsets, cellColumns, cellOffsets) = (MappedArray(cells.rowOffsets), MappedArray(cells.columns), MappedArray(cells.offsets))
        let cellSegments = MappedArray(
            Self.cellSegments(extent, segments, rowOffsets: cells.rowOffsets, columns: cells.columns, fill: &cells.offsets))
        cells = Cells()
        self.init(
            origin: origin, minX: extent.minX, minY: extent.minY, columns: extent.columns, rows: extent.rows, rowOffsets: rowOffsets,
            cellColumns: cellColumns, cellOffsets: cellOffsets, cellSegments: cellSegments, xs: MappedArray(xs), ys: MappedArray(ys),
            segmentEdges: MappedArray(edges), segmentAlong: MappedArray(along), segmentBearings: MappedArray(bearings),
            planarLengths: MappedArray(lengths))
    }

    /// Writes the index of `graph` to `stream`, its sections in the graph image's order and byte
    /// for byte those of `init(graph:origin:)`, each array written as it is made: what is held is
    /// the cells' columns being sorted, then the cell lists being filled, and the pages of the graph
    /// a walk reads. `graph` is asked for anew for each walk (a fresh mapping of a written graph, so
    /// its pages are let go between walks).
    /// - Throws: what `graph` and `stream` throw, or `RoadGraphError.inconsistent` when the cells
    ///   would list more than `maximumEntries` segments.
    static func write(of graph: () throws -> RoadGraph, origin: Coordinate, to stream: inout SectionedImage.Stream) throws {
        let projection = LocalProjection(origin: origin)
        let extent = Extent(try graph(), projection)
        let parameters = [origin.latitude, origin.longitude, extent.minX, extent.minY, Double(extent.columns), Double(extent.rows)]
        try stream.append(Double.self, count: parameters.count) { parameters.forEach($0) }
        let starts = try rowStarts(extent, roadSegments(of: try graph(), projection))
        var cells = Self.cells(extent, roadSegments(of: try graph(), projection), rowStarts: starts)
        try stream.append(Int32.self, count: cells.rowOffsets.count) { cells.rowOffsets.forEach($0) }
        try stream.append(Int32.self, count: cells.columns.count) { cells.columns.forEach($0) }
        try stream.append(Int32.self, count: cells.offsets.count) { cells.offsets.forEach($0) }
        let segmentCount = max(0, extent.vertexCount - 1)
        // Each walk reads a graph of its own, let go (its pages with it) when the walk ends.
        do {
            let walked = try graph(), listed = Int(starts[extent.rows])
            try stream.append(Int32.self, count: listed) {
                cellSegments(extent, roadSegments(of: walked, projection), rowOffsets: cells.rowOffsets, columns: cells.columns, fill: &cells.offsets)
                    .forEach($0)
            }
            cells = Cells()
        }
        do {
            let walked = try graph()
            try stream.append(Double.self, count: extent.vertexCount) { xs(walked, projection, $0) }
        }
        do {
            let walked = try graph()
            try stream.append(Double.self, count: extent.vertexCount) { ys(walked, projection, $0) }
        }
        do {
            let walked = try graph()
            try stream.append(Int32.self, count: segmentCount) { edges(walked, projection, $0) }
        }
        do {
            let walked = try graph()
            try stream.append(Double.self, count: segmentCount) { along(walked, projection, $0) }
        }
        do {
            let walked = try graph()
            try stream.append(Double.self, count: segmentCount) { bearings(walked, projection, $0) }
        }
        let walked = try graph()
        try stream.append(Double.self, count: walked.edgeCount) { planarLengths(walked, projection, $0) }
    }

    /// The road segments of `graph` projected by `projection`, from a walk over its roads.
    static func roadSegments(of graph: RoadGraph, _ projection: LocalProjection) -> RoadSegments {
        { body in
            var s: Int32 = 0
            walk(graph, projection, segment: { edge, _, a, b, _, _ in
                if edge >= 0 { body(s, a, b) }
                s += 1
            })
        }
    }

    /// The cells of the grid that hold segments: per row, where its cells start in `columns` and
    /// `offsets`, then their total (`rows + 1` values); each cell's column, row by row and
    /// increasing within a row; where each cell's list starts in the cell lists, then their total.
    struct Cells {
        var rowOffsets: [Int32] = [], columns: [Int32] = [], offsets: [Int32] = []
    }

    /// Where each row's entries start among all the grid's (segment, cell) entries listed row by
    /// row, then their total (`rows + 1` values).
    /// - Throws: `RoadGraphError.inconsistent` when the entries would be more than `maximumEntries`,
    ///   naming the map's vertices and extent.
    static func rowStarts(_ extent: Extent, _ segments: RoadSegments) throws(RoadGraphError) -> [Int32] {
        var starts = [Int32](repeating: 0, count: extent.rows + 1)
        let limit = maximumEntries(vertices: extent.vertexCount)
        var total = 0
        segments { _, a, b in
            // Past the limit no segment is walked: the rows walked are at most the entries counted.
            guard total <= limit else { return }
            extent.forEachRow(a, b) { r, c0, c1 in
                total += c1 - c0 + 1
                if total <= limit { starts[r + 1] += Int32(c1 - c0 + 1) }
            }
        }
        guard total <= limit else {
            let (width, height) = (Int((extent.maxX - extent.minX) / 1000), Int((extent.maxY - extent.minY) / 1000))
            throw .inconsistent(
                "\(extent.vertexCount) road points over \(width) km × \(height) km: the map matcher's \(Int(cellSize)) m grid "
                    + "would list their segments in more than \(limit) cells")
        }
        for r in 0..<extent.rows { starts[r + 1] += starts[r] }
        return starts
    }

    /// The cells holding segments, from where each row's entries start (`rowStarts`): the columns
    /// of each row's entries are gathered and sorted; a run of one column is a cell, and where
    /// the run starts is where the cell's list starts (the lists follow the cells' order).
    static func cells(_ extent: Extent, _ segments: RoadSegments, rowStarts: [Int32]) -> Cells {
        var fill = rowStarts
        var entries = [Int32](repeating: 0, count: Int(rowStarts[extent.rows]))
        segments { _, a, b in
            extent.forEachRow(a, b) { r, c0, c1 in
                for c in c0...c1 {
                    entries[Int(fill[r])] = Int32(c)
                    fill[r] += 1
                }
            }
        }
        fill = []
        // A cell starts wherever a row starts or its column changes; counted first, so that the
        // arrays are made at their size.
        var count = 0
        entries.withUnsafeMutableBufferPointer { entries in
            for r in 0..<extent.rows {
                var row = UnsafeMutableBufferPointer(rebasing: entries[Int(rowStarts[r])..<Int(rowStarts[r + 1])])
                row.sort()
                for k in row.indices where k == row.startIndex || row[k] != row[k - 1] { count += 1 }
            }
        }
        var cells = Cells()
        cells.rowOffsets.reserveCapacity(extent.rows + 1)
        cells.columns.reserveCapacity(count)
        cells.offsets.reserveCapacity(count + 1)
        cells.rowOffsets.append(0)
        for r in 0..<extent.rows {
            let start = Int(rowStarts[r])
            for k in start..<Int(rowStarts[r + 1]) where k == start || entries[k] != entries[k - 1] {
                cells.columns.append(entries[k])
                cells.offsets.append(Int32(k))
            }
            cells.rowOffsets.append(Int32(cells.columns.count))
        }
        cells.offsets.append(Int32(entries.count))
        return cells
    }

    /// The cell lists: the road segments of each cell holding some in turn; `fill` gives where
    /// each cell's list starts (`Cells.offsets`, advanced in place as the lists are filled: each
    /// ends where the next cell's starts).
    static func cellSegments(_ extent: Extent, _ segments: RoadSegments, rowOffsets: [Int32], columns: [Int32], fill: inout [Int32]) -> [Int32] {
        var lists = [Int32](repeating: 0, count: Int(fill[fill.count - 1]))
        segments { s, a, b in
            extent.forEachRow(a, b) { r, c0, c1 in
                // The segment's cells in this row lie side by side among the row's cells.
                var cell = firstCell(of: columns, in: Int(rowOffsets[r])..<Int(rowOffsets[r + 1]), from: c0)
                for _ in c0...c1 {
                    lists[Int(fill[cell])] = s
                    fill[cell] += 1
                    cell += 1
                }
            }
        }
        return lists
    }

    /// The projected vertices' x.
    static func xs(_ graph: RoadGraph, _ projection: LocalProjection, _ emit: (Double) -> Void) {
        walk(graph, projection, vertex: { emit($0.x) })
    }

    /// The projected vertices' y.
    static func ys(_ graph: RoadGraph, _ projection: LocalProjection, _ emit: (Double) -> Void) {
        walk(graph, projection, vertex: { emit($0.y) })
    }

    /// Each segment's road edge (-1 for a filler).
    static func edges(_ graph: RoadGraph, _ projection: LocalProjection, _ emit: (Int32) -> Void) {
        walk(graph, projection, segment: { edge, _, _, _, _, _ in emit(edge) })
    }

    /// Metres along its edge at each segment's start.
    static func along(_ graph: RoadGraph, _ projection: LocalProjection, _ emit: (Double) -> Void) {
        walk(graph, projection, segment: { _, along, _, _, _, _ in emit(along) })
    }

    /// Each segment's bearing (0 for a filler).
    static func bearings(_ graph: RoadGraph, _ projection: LocalProjection, _ emit: (Double) -> Void) {
        walk(graph, projection, segment: { edge, _, _, _, from, to in emit(edge >= 0 ? from.bearing(to: to) : 0) })
    }

    /// Each edge's planar length (0 for an edge indexed through its twin).
    static func planarLengths(_ graph: RoadGraph, _ projection: LocalProjection, _ emit: (Double) -> Void) {
        var next = 0
        walk(graph, projection, road: { edge, length in
            for _ in next..<edge { emit(0) }
            emit(length)
            next = edge + 1
        })
        for _ in next..<graph.edgeCount { emit(0) }
    }

    /// Walks the indexed roads of `graph` in edge order (each shape once: through the edge running
    /// along its stored order, or the only edge of a reversed oneway): `vertex` gets every projected
    /// vertex, `segment` every segment after its start vertex (the road edge, or -1 for the filler
    /// joining the previous road to this one; metres along the edge at its start; its projected and
    /// geographic ends), `road` every indexed edge with its planar length once walked.
    static func walk(
        _ graph: RoadGraph, _ projection: LocalProjection, vertex: (PlanarPoint) -> Void = { _ in },
        segment: (_ edge: Int32, _ along: Meters, _ a: PlanarPoint, _ b: PlanarPoint, _ from: Coordinate, _ to: Coordinate) -> Void = {
            _, _, _, _, _, _ in
        }, road: (_ edge: Int, _ length: Meters) -> Void = { _, _ in }
    ) {
        var previous: (point: PlanarPoint, coordinate: Coordinate)?
        for e in 0..<graph.edgeCount {
            let id = EdgeID(Int32(e))
            guard !graph[id].flags.contains(.reversedShape) || graph.twin(of: id) == nil else { continue }
            var along: Meters = 0, first = true
            for c in graph.geometry(of: id) {
                let p = projection.project(c)
                if let (q, from) = previous {
                    if first {
                        segment(-1, 0, q, p, from, c)
                    } else {
                        segment(Int32(e), along, q, p, from, c)
                        let dx = p.x - q.x, dy = p.y - q.y
                        along += (dx * dx + dy * dy).squareRoot()
                    }
                }
                vertex(p)
                previous = (p, c)
                first = false
            }
            road(e, along)
        }
    }
}
