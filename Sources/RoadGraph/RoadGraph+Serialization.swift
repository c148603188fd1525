import Geodesy

/// The binary graph file, a `SectionedImage` with magic "WGRG" holding every array of the graph,
/// derived indexes (adjacency, spatial grid, bearings) included, so it is used in place when mapped.
extension RoadGraph {
    /// The version written by `serialized()`; bump it whenever the layout changes.
    public static let fileFormatVersion: UInt32 = 6
    private static let magic: [UInt8] = Array("WGRG".utf8)

    /// The sections of the image, in order.
    private enum Section: Int, CaseIterable {
        case nodes, shapeOffsets, shapePoints, stringOffsets, stringBytes, edges, restrictions
        case outOffsets, inOffsets, inEdges, shapeEdges, startBearings, endBearings
        /// Doubles: south-west latitude and longitude, cell latitude and longitude, cell metres, columns, rows.
        case gridParameters
        case gridCellOffsets, gridCellShapes
        /// Doubles: south, west, north, east of the nodes (none for an empty graph); one bit per edge starting a restriction.
        case nodeBounds, restrictionStarts
        /// Int32s: the via-way restrictions (`ViaWayRestriction.records`).
        case viaWayRestrictions
        /// Doubles: projection origin latitude and longitude, minimum x and y, columns, rows.
        case segmentParameters
        /// The cells holding segments: per row where they start, then each one's column and where its list starts.
        case segmentRowOffsets, segmentCellColumns, segmentCellOffsets
        case segmentCellSegments, segmentXs, segmentYs, segmentEdges, segmentAlong, segmentBearings, planarLengths
    }

    /// The graph as bytes for `init(serialized:)` or `init(image:owner:)`.
    public func serialized() -> [UInt8] {
        imageWriter().bytes()
    }

    /// The writer of the graph's image (the bytes of `serialized()`), streaming each array from where it lies.
    public func imageWriter() -> SectionedImage.Writer {
        let index = segmentIndex
        let sections = Section.allCases.map { section in
            switch section {
            case .segmentParameters: MappedArray(index.parameters).imageSection
            case .segmentRowOffsets: index.rowOffsets.imageSection
            case .segmentCellColumns: index.cellColumns.imageSection
            case .segmentCellOffsets: index.cellOffsets.imageSection
            case .segmentCellSegments: index.cellSegments.imageSection
            case .segmentXs: index.xs.imageSection
            case .segmentYs: index.ys.imageSection
            case .segmentEdges: index.segmentEdges.imageSection
            case .segmentAlong: index.segmentAlong.imageSection
            case .segmentBearings: index.segmentBearings.imageSection
            case .planarLengths: index.planarLengths.imageSection
            default: imageSection(section)
            }
        }
        return SectionedImage.Writer(magic: Self.magic, version: Self.fileFormatVersion, sections: sections)
    }

    /// Section `section` of the image, one of those before the segment index.
    private func imageSection(_ section: Section) -> ImageSection {
        switch section {
        case .nodes: nodes.imageSection
        case .shapeOffsets: shapeOffsets.imageSection
        case .shapePoints: shapePoints.imageSection
        case .stringOffsets: strings.offsets.imageSection
        case .stringBytes: strings.bytes.imageSection
        case .edges: edges.imageSection
        case .restrictions: restrictions.imageSection
        case .outOffsets: outOffsets.imageSection
        case .inOffsets: inOffsets.imageSection
        case .inEdges: inEdges.imageSection
        case .shapeEdges: shapeEdges.imageSection
        case .startBearings: shapeStartBearings.imageSection
        case .endBearings: shapeEndBearings.imageSection
        case .gridParameters:
            MappedArray([
                grid.minLatitude, grid.minLongitude, grid.cellLatitude, grid.cellLongitude, grid.cellMeters, Double(grid.columns), Double(grid.rows),
            ]).imageSection
        case .gridCellOffsets: grid.cellOffsets.imageSection
        case .gridCellShapes: grid.cellShapes.imageSection
        case .nodeBounds: nodeBounds.imageSection
        case .restrictionStarts: restrictionStarts.imageSection
        case .viaWayRestrictions: MappedArray(ViaWayRestriction.records(viaWayRestrictions)).imageSection
        default: preconditionFailure("\(section) is a section of the segment index")
        }
    }

    /// Writes the image of `graph` (the bytes of `serialized()`) to `output` without holding its
    /// segment index: the graph's other arrays are written from where they lie and `graph` is let
    /// go, then the index is made from the graph read back from `output`, one array at a time,
    /// each written as it is made. For a graph built with `indexingSegments: false` and handed over
    /// (`consume`), so that its heap buffers are freed before the index is made; any index it has
    /// is not used. Returns the image's size in bytes.
    /// - Throws: what `output` throws, or `RoadGraphError` when what it reads back is not what was
    ///   written or when the matcher's grid would list too many segments (`SegmentIndex.maximumEntries`).
    public static func writeImage(of graph: consuming RoadGraph, to output: any ImageOutput) throws -> Int {
        var stream = try SectionedImage.Stream(magic: magic, version: fileFormatVersion, sectionCount: Section.allCases.count, output: output)
        let origin = graph.indexOrigin
        for section in Section.allCases where section.rawValue < Section.segmentParameters.rawValue {
            try stream.append(graph.imageSection(section))
        }
        _ = consume graph
        let written = stream
        try SegmentIndex.write(of: { try RoadGraph(sections: try written.written(), segmentIndex: SegmentIndex()) }, origin: origin, to: &stream)
        return try stream.finish()
    }

    /// Loads a graph written by `serialized()`, checking all of it (contents CRC and consistency).
    /// - Throws: `RoadGraphError` for bad magic, another version, truncation, checksum mismatch or inconsistent data.
    public convenience init(serialized bytes: [UInt8]) throws(RoadGraphError) {
        let heap = HeapBytes(copying: bytes)
        try self.init(image: heap.buffer, owner: heap, verifyingContents: true)
    }

    /// The graph stored in `image` (a `serialized()` graph, e.g. a section of a memory-mapped file
    /// that `owner` keeps mapped), read in place. Checks the header, the section table's CRC and every
    /// section's size and bounds, which touches a few pages; `verifyingContents` also checks the
    /// contents CRC and that every edge, offset and restriction is in range (reads it all).
    /// - Throws: `RoadGraphError` naming what is wrong.
    public convenience init(image: UnsafeRawBufferPointer, owner: any ByteOwner, verifyingContents: Bool = false) throws(RoadGraphError) {
        let file = try SectionedImage(image, owner: owner, magic: Self.magic, version: Self.fileFormatVersion, sectionCount: Section.allCases.count)
        if verifyingContents { try file.verifyContents() }
        try self.init(sections: file, segmentIndex: try Self.segmentIndex(file, edgeCount: try file.section(Section.edges.rawValue, as: RoadEdge.self).count))
        if verifyingContents { try checkContents() }
    }

    /// The graph in `file`'s sections before the segment index (all that is read of it), with `segmentIndex`.
    private convenience init(sections file: SectionedImage, segmentIndex index: SegmentIndex) throws(RoadGraphError) {
        func section<T: FixedLayout>(_ s: Section) throws(RoadGraphError) -> MappedArray<T> { try file.section(s.rawValue) }
        let nodes: MappedArray<Coordinate> = try section(.nodes), edges: MappedArray<RoadEdge> = try section(.edges)
        let shapeOffsets: MappedArray<Int32> = try section(.shapeOffsets), shapePoints: MappedArray<Coordinate> = try section(.shapePoints)
        let stringOffsets: MappedArray<UInt32> = try section(.stringOffsets), stringBytes: MappedArray<UInt8> = try section(.stringBytes)
        let outOffsets: MappedArray<Int32> = try section(.outOffsets), inOffsets: MappedArray<Int32> = try section(.inOffsets)
        let inEdges: MappedArray<Int32> = try section(.inEdges), shapeEdges: MappedArray<Int32> = try section(.shapeEdges)
        let start: MappedArray<Double> = try section(.startBearings), end: MappedArray<Double> = try section(.endBearings)
        let parameters: MappedArray<Double> = try section(.gridParameters)
        let cellOffsets: MappedArray<Int32> = try section(.gridCellOffsets), cellShapes: MappedArray<Int32> = try section(.gridCellShapes)
        let shapeCount = shapeOffsets.count - 1
        guard shapeCount >= 0, shapeOffsets[0] == 0, Int(shapeOffsets[shapeCount]) == shapePoints.count else {
            throw .inconsistent("shape offsets do not run from 0 up to \(shapePoints.count)")
        }
        guard outOffsets.count == nodes.count + 1, inOffsets.count == nodes.count + 1, outOffsets[0] == 0, inOffsets[0] == 0,
            Int(outOffsets[nodes.count]) == edges.count, Int(inOffsets[nodes.count]) == edges.count, inEdges.count == edges.count
        else { throw .inconsistent("adjacency offsets do not cover \(nodes.count) nodes and \(edges.count) edges") }
        guard shapeEdges.count == 2 * shapeCount, start.count == shapeCount, end.count == shapeCount else {
            throw .inconsistent("per-shape tables do not have \(shapeCount) entries")
        }
        guard stringOffsets.count >= 1, stringOffsets[stringOffsets.count - 1] == UInt32(truncatingIfNeeded: stringBytes.count) else {
            throw .inconsistent("string offsets do not end at \(stringBytes.count) bytes")
        }
        guard parameters.count == 7, parameters.allSatisfy(\.isFinite), parameters[2] >= 1e-7, parameters[3] >= 1e-7, parameters[4] >= 1, parameters[5] >= 1, parameters[6] >= 1, parameters[5] * parameters[6] < 1e9,
            Double(cellOffsets.count) == parameters[5] * parameters[6] + 1, cellOffsets[0] == 0,
            Int(cellOffsets[cellOffsets.count - 1]) == cellShapes.count
        else { throw .inconsistent("spatial grid parameters do not match its \(cellOffsets.count) cells") }
        let bounds: MappedArray<Double> = try section(.nodeBounds), starts: MappedArray<UInt64> = try section(.restrictionStarts)
        guard bounds.count == (nodes.isEmpty ? 0 : 4), bounds.allSatisfy(\.isFinite), starts.count == (edges.count + 63) / 64 else {
            throw .inconsistent("node bounds or restriction bits do not fit \(nodes.count) nodes and \(edges.count) edges")
        }
        let grid = SpatialGrid(
            minLatitude: parameters[0], minLongitude: parameters[1], cellLatitude: parameters[2], cellLongitude: parameters[3],
            columns: Int(parameters[5]), rows: Int(parameters[6]), cellOffsets: cellOffsets, cellShapes: cellShapes, cellMeters: parameters[4])
        self.init(
            nodes: nodes, edges: edges, strings: StringTable(offsets: stringOffsets, bytes: stringBytes),
            restrictions: try section(.restrictions), viaWayRestrictions: try ViaWayRestriction.decoded(try section(.viaWayRestrictions), edges: edges),
            shapePoints: shapePoints, shapeOffsets: shapeOffsets, outOffsets: outOffsets,
            inOffsets: inOffsets, inEdges: inEdges, shapeEdges: shapeEdges, grid: grid, shapeStartBearings: start, shapeEndBearings: end,
            nodeBounds: bounds, restrictionStarts: starts, segmentIndex: index)
    }

    /// The segment index stored in `file`, its sections' sizes checked against each other.
    private static func segmentIndex(_ file: SectionedImage, edgeCount: Int) throws(RoadGraphError) -> SegmentIndex {
        func section<T: FixedLayout>(_ s: Section) throws(RoadGraphError) -> MappedArray<T> { try file.section(s.rawValue) }
        let p: MappedArray<Double> = try section(.segmentParameters)
        let rowOffsets: MappedArray<Int32> = try section(.segmentRowOffsets), cellColumns: MappedArray<Int32> = try section(.segmentCellColumns)
        let cellOffsets: MappedArray<Int32> = try section(.segmentCellOffsets), cellSegments: MappedArray<Int32> = try section(.segmentCellSegments)
        let xs: MappedArray<Double> = try section(.segmentXs), ys: MappedArray<Double> = try section(.segmentYs)
        let edges: MappedArray<Int32> = try section(.segmentEdges), along: MappedArray<Double> = try section(.segmentAlong)
        let bearings: MappedArray<Double> = try section(.segmentBearings), lengths: MappedArray<Double> = try section(.planarLengths)
        guard p.count == 6, p.allSatisfy(\.isFinite), p[4] >= 1, p[5] >= 1, p[4] < Double(Int32.max), Double(rowOffsets.count) == p[5] + 1,
            rowOffsets[0] == 0, Int(rowOffsets[rowOffsets.count - 1]) == cellColumns.count, cellOffsets.count == cellColumns.count + 1,
            cellOffsets[0] == 0, Int(cellOffsets[cellOffsets.count - 1]) == cellSegments.count, xs.count == ys.count,
            edges.count == max(0, xs.count - 1), along.count == edges.count, bearings.count == edges.count, lengths.count == edgeCount
        else { throw .inconsistent("segment index sections do not match its \(rowOffsets.count) row offsets, \(cellColumns.count) cells and \(xs.count) vertices") }
        return SegmentIndex(
            origin: Coordinate(latitude: p[0], longitude: p[1]), minX: p[2], minY: p[3], columns: Int(p[4]), rows: Int(p[5]),
            rowOffsets: rowOffsets, cellColumns: cellColumns, cellOffsets: cellOffsets, cellSegments: cellSegments, xs: xs, ys: ys, segmentEdges: edges, segmentAlong: along,
            segmentBearings: bearings, planarLengths: lengths)
    }

    /// Throws unless every offset table is ordered and in range and every edge, restriction and grid
    /// entry names nodes, shapes and edges that exist (reads the whole graph).
    private func checkContents() throws(RoadGraphError) {
        func ordered(_ offsets: MappedArray<Int32>, within count: Int) -> Bool {
            zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 } && offsets.allSatisfy { $0 >= 0 && Int($0) <= count }
        }
        guard ordered(shapeOffsets, within: shapePoints.count), ordered(outOffsets, within: edgeCount), ordered(inOffsets, within: edgeCount),
            ordered(grid.cellOffsets, within: grid.cellShapes.count),
            zip(strings.offsets, strings.offsets.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw .inconsistent("an offset table is out of order") }
        guard nodes.allSatisfy(\.isValid), shapePoints.allSatisfy(\.isValid) else {
            throw .inconsistent("a node or shape point lies outside [-90, 90] × [-180, 180]")
        }
        for (i, e) in edges.enumerated() {
            guard e.from.index >= 0, e.from.index < nodeCount, e.to.index >= 0, e.to.index < nodeCount, e.shape >= 0, Int(e.shape) < shapeCount,
                Int32(i) >= outOffsets[e.from.index], Int32(i) < outOffsets[e.from.index + 1]
            else { throw .inconsistent("edge \(i) refers to a node or shape out of range, or is out of order") }
        }
        guard inEdges.allSatisfy({ $0 >= 0 && Int($0) < edgeCount }), shapeEdges.allSatisfy({ $0 >= -1 && Int($0) < edgeCount }),
            grid.cellShapes.allSatisfy({ $0 >= 0 && Int($0) < shapeCount })
        else { throw .inconsistent("an index table names an edge or shape out of range") }
        let index = segmentIndex
        let rowsOrdered = index.rowOffsets.indices.dropLast().allSatisfy { r in
            let cells = Int(index.rowOffsets[r])..<Int(index.rowOffsets[r + 1])
            return cells.allSatisfy { k in k == cells.lowerBound || index.cellColumns[k - 1] < index.cellColumns[k] }
        }
        guard ordered(index.rowOffsets, within: index.cellColumns.count), rowsOrdered,
            index.cellColumns.allSatisfy({ $0 >= 0 && Int($0) < index.columns }), ordered(index.cellOffsets, within: index.cellSegments.count),
            index.cellSegments.allSatisfy({ $0 >= 0 && Int($0) < index.segmentEdges.count && index.segmentEdges[Int($0)] >= 0 }),
            index.segmentEdges.allSatisfy({ $0 >= -1 && Int($0) < edgeCount })
        else { throw .inconsistent("the segment index names a segment or edge out of range") }
        for r in restrictions where r.from.index < 0 || r.from.index >= edgeCount || r.to.index < 0 || r.to.index >= edgeCount
            || r.via.index < 0 || r.via.index >= nodeCount
        {
            throw .inconsistent("restriction \(r.from)→\(r.to) out of range")
        }
    }
}
