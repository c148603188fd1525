import Geodesy

/// How the segment index is made. `write` streams it: one walk over the graph's indexed roads per
/// array, each array's values produced in order, so an array can be written out as it is made
/// rather than all of them held at once. `init(graph:origin:)` (a graph built in memory) collects
/// the same values in one walk. Both fill the cells through `cellOffsets` and `cellSegments`.
extension SegmentIndex {
    /// The projected extent of the indexed roads and the grid of cells over it.
    struct Extent {
        var vertexCount = 0
        var minX: Meters = 0, minY: Meters = 0, maxX: Meters = 0, maxY: Meters = 0
        var columns: Int { Int((maxX - minX) / SegmentIndex.cellSize) + 1 }
        var rows: Int { Int((maxY - minY) / SegmentIndex.cellSize) + 1 }
        var cellCount: Int { columns * rows }

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

        /// Calls `body` with every cell the segment from `a` to `b` may cross (its bounding box).
        func forEachCell(_ a: PlanarPoint, _ b: PlanarPoint, _ body: (Int) -> Void) {
            let c0 = Int((min(a.x, b.x) - minX) / SegmentIndex.cellSize), c1 = Int((max(a.x, b.x) - minX) / SegmentIndex.cellSize)
            let r0 = Int((min(a.y, b.y) - minY) / SegmentIndex.cellSize), r1 = Int((max(a.y, b.y) - minY) / SegmentIndex.cellSize)
            for r in r0...r1 { for c in c0...c1 { body(r * columns + c) } }
        }
    }

    /// The most cells the grid may have over `points` vertices: 64 a vertex and at least 2^24 (a
    /// city's worth), within `Int32` offsets. Real maps stay far below it (the 64× Milan tiling:
    /// ~20 M cells for ~30 M vertices); a grid past it means roads spread thinly over a vast box,
    /// a broken or hostile map, whose dense grid (one offset per 50 m cell) would take gigabytes.
    static func maximumCells(points: Int) -> Int { min(Int(Int32.max) - 1, max(1 << 24, 64 * points)) }

    /// Refuses `points` (every vertex the index may hold) when the grid over their box would have
    /// more than `maximumCells` cells, naming the box's size.
    static func checkGrid(over points: [Coordinate]) throws(RoadGraphError) {
        guard let first = points.first else { return }
        var (south, north, west, east) = (first.latitude, first.latitude, first.longitude, first.longitude)
        for p in points {
            south = min(south, p.latitude)
            north = max(north, p.latitude)
            west = min(west, p.longitude)
            east = max(east, p.longitude)
        }
        let projection = LocalProjection(origin: Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2))
        let a = projection.project(Coordinate(latitude: south, longitude: west))
        let b = projection.project(Coordinate(latitude: north, longitude: east))
        let (width, height) = (abs(b.x - a.x), abs(b.y - a.y))
        let cells = (width / cellSize + 1) * (height / cellSize + 1)
        guard cells <= Double(maximumCells(points: points.count)) else {
            throw .inconsistent(
                "\(points.count) road points spread over \(Int(width / 1000)) km × \(Int(height / 1000)) km: the map matcher's "
                    + "\(Int(cellSize)) m grid would need \(Int(cells)) cells, more than \(maximumCells(points: points.count))")
        }
    }

    /// Calls its argument with every road segment (fillers left out) in order: its number among
    /// all segments and its projected ends.
    typealias RoadSegments = (_ body: (_ segment: Int32, _ a: PlanarPoint, _ b: PlanarPoint) -> Void) -> Void

    /// Indexes every shape of `graph` once (through the edge running along its stored order, or the
    /// only edge of a reversed oneway), projected around `origin`: one walk over the roads collects
    /// the vertices and the per-segment and per-edge values (each vertex projected once), the cells
    /// are then filled from the vertices. The arrays are those `write` streams, value for value.
    init(graph: RoadGraph, origin: Coordinate) {
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
        var offsets = Self.cellOffsets(extent, segments)
        let cellOffsets = MappedArray(offsets)
        let cellSegments = MappedArray(Self.cellSegments(extent, segments, offsets: &offsets))
        offsets = []
        self.init(
            origin: origin, minX: extent.minX, minY: extent.minY, columns: extent.columns, rows: extent.rows, cellOffsets: cellOffsets,
            cellSegments: cellSegments, xs: MappedArray(xs), ys: MappedArray(ys), segmentEdges: MappedArray(edges),
            segmentAlong: MappedArray(along), segmentBearings: MappedArray(bearings), planarLengths: MappedArray(lengths))
    }

    /// Writes the index of `graph` to `stream`, its sections in the graph image's order and byte
    /// for byte those of `init(graph:origin:)`, each array written as it is made: what is held is
    /// the cell lists being filled and the pages of the graph a walk reads. `graph` is asked for
    /// anew for each walk (a fresh mapping of a written graph, so its pages are let go between walks).
    static func write(of graph: () throws -> RoadGraph, origin: Coordinate, to stream: inout SectionedImage.Stream) throws {
        let projection = LocalProjection(origin: origin)
        let extent = Extent(try graph(), projection)
        let parameters = [origin.latitude, origin.longitude, extent.minX, extent.minY, Double(extent.columns), Double(extent.rows)]
        try stream.append(Double.self, count: parameters.count) { parameters.forEach($0) }
        var offsets = cellOffsets(extent, roadSegments(of: try graph(), projection))
        try stream.append(Int32.self, count: offsets.count) { offsets.forEach($0) }
        let segmentCount = max(0, extent.vertexCount - 1)
        // Each walk reads a graph of its own, let go (its pages with it) when the walk ends.
        do {
            let walked = try graph(), listed = Int(offsets[extent.cellCount])
            try stream.append(Int32.self, count: listed) { cellSegments(extent, roadSegments(of: walked, projection), offsets: &offsets).forEach($0) }
            offsets = []
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

    /// The cell offsets: for cell `c`, where its segments start in the cell lists, then their total.
    static func cellOffsets(_ extent: Extent, _ segments: RoadSegments) -> [Int32] {
        var counts = [Int32](repeating: 0, count: extent.cellCount + 1)
        segments { _, a, b in extent.forEachCell(a, b) { counts[$0 + 1] += 1 } }
        for i in 0..<extent.cellCount { counts[i + 1] += counts[i] }
        return counts
    }

    /// The cell lists: the road segments of each cell in turn, `offsets` giving where each cell's
    /// start (advanced in place as the lists are filled: each ends where the next cell's starts).
    static func cellSegments(_ extent: Extent, _ segments: RoadSegments, offsets fill: inout [Int32]) -> [Int32] {
        var lists = [Int32](repeating: 0, count: Int(fill[extent.cellCount]))
        segments { s, a, b in
            extent.forEachCell(a, b) { cell in
                lists[Int(fill[cell])] = s
                fill[cell] += 1
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
