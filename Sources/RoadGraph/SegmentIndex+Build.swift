import Geodesy

/// How the segment index is made: one walk over the graph's indexed roads per array, each array's
/// values produced in order, so an array can be written out as it is made (`write`) rather than
/// all of them held at once; `init(graph:origin:)` collects the same values into heap buffers.
extension SegmentIndex {
    /// The projected extent of the indexed roads and the grid of cells over it.
    struct Extent {
        var vertexCount = 0
        var minX: Meters = 0, minY: Meters = 0, maxX: Meters = 0, maxY: Meters = 0
        var columns: Int { Int((maxX - minX) / SegmentIndex.cellSize) + 1 }
        var rows: Int { Int((maxY - minY) / SegmentIndex.cellSize) + 1 }
        var cellCount: Int { columns * rows }

        /// The extent of `graph`'s indexed roads projected by `projection` (the first of equal
        /// extremes kept, as `min()` and `max()` do).
        init(_ graph: RoadGraph, _ projection: LocalProjection) {
            SegmentIndex.walk(graph, projection, vertex: { p in
                if vertexCount == 0 {
                    (minX, maxX, minY, maxY) = (p.x, p.x, p.y, p.y)
                } else {
                    if p.x < minX { minX = p.x }
                    if maxX < p.x { maxX = p.x }
                    if p.y < minY { minY = p.y }
                    if maxY < p.y { maxY = p.y }
                }
                vertexCount += 1
            })
        }

        /// Calls `body` with every cell the segment from `a` to `b` may cross (its bounding box).
        func forEachCell(_ a: PlanarPoint, _ b: PlanarPoint, _ body: (Int) -> Void) {
            let c0 = Int((min(a.x, b.x) - minX) / SegmentIndex.cellSize), c1 = Int((max(a.x, b.x) - minX) / SegmentIndex.cellSize)
            let r0 = Int((min(a.y, b.y) - minY) / SegmentIndex.cellSize), r1 = Int((max(a.y, b.y) - minY) / SegmentIndex.cellSize)
            for r in r0...r1 { for c in c0...c1 { body(r * columns + c) } }
        }
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
        var offsets: [Int32] = []
        offsets.reserveCapacity(extent.cellCount + 1)
        cellOffsets(try graph(), projection, extent) { offsets.append($0) }
        try stream.append(Int32.self, count: offsets.count) { offsets.forEach($0) }
        let segmentCount = max(0, extent.vertexCount - 1)
        // Each walk reads a graph of its own, let go (its pages with it) when the walk ends.
        do {
            let walked = try graph(), listed = Int(offsets[extent.cellCount])
            try stream.append(Int32.self, count: listed) { cellSegments(walked, projection, extent, offsets: &offsets, $0) }
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

    /// The cell offsets: for cell `c`, where its segments start in the cell lists, then their total.
    static func cellOffsets(_ graph: RoadGraph, _ projection: LocalProjection, _ extent: Extent, _ emit: (Int32) -> Void) {
        var counts = [Int32](repeating: 0, count: extent.cellCount + 1)
        walk(graph, projection, segment: { edge, _, a, b, _, _ in
            if edge >= 0 { extent.forEachCell(a, b) { counts[$0 + 1] += 1 } }
        })
        for i in 0..<extent.cellCount { counts[i + 1] += counts[i] }
        counts.forEach(emit)
    }

    /// The cell lists: the road segments of each cell in turn, `offsets` giving where each cell's
    /// start (advanced in place as the lists are filled: each ends where the next cell's starts).
    static func cellSegments(_ graph: RoadGraph, _ projection: LocalProjection, _ extent: Extent, offsets fill: inout [Int32], _ emit: (Int32) -> Void) {
        var lists = [Int32](repeating: 0, count: Int(fill[extent.cellCount]))
        var s: Int32 = 0
        walk(graph, projection, segment: { edge, _, a, b, _, _ in
            if edge >= 0 {
                extent.forEachCell(a, b) { cell in
                    lists[Int(fill[cell])] = s
                    fill[cell] += 1
                }
            }
            s += 1
        })
        lists.forEach(emit)
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
