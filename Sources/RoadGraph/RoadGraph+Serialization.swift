import Geodesy

/// The binary graph file, a `SectionedImage` with magic "WGRG" holding every array of the graph,
/// derived indexes (adjacency, spatial grid, bearings) included, so it is used in place when mapped.
extension RoadGraph {
    /// The version written by `serialized()`; bump it whenever the layout changes.
    public static let fileFormatVersion: UInt32 = 3
    private static let magic: [UInt8] = Array("WGRG".utf8)

    /// The sections of the image, in order.
    private enum Section: Int, CaseIterable {
        case nodes, shapeOffsets, shapePoints, stringOffsets, stringBytes, edges, restrictions
        case outOffsets, inOffsets, inEdges, shapeEdges, startBearings, endBearings
        /// Doubles: south-west latitude and longitude, cell latitude and longitude, cell metres, columns, rows.
        case gridParameters
        case gridCellOffsets, gridCellShapes
    }

    /// The graph as bytes for `init(serialized:)` or `init(image:owner:)`.
    public func serialized() -> [UInt8] {
        let parameters = MappedArray([
            grid.minLatitude, grid.minLongitude, grid.cellLatitude, grid.cellLongitude, grid.cellMeters, Double(grid.columns), Double(grid.rows),
        ])
        func raw<T: FixedLayout>(_ array: MappedArray<T>) -> (bytes: UnsafeRawBufferPointer, count: Int) { (array.rawBytes, array.count) }
        let sections: [(bytes: UnsafeRawBufferPointer, count: Int)] = Section.allCases.map { section in
            switch section {
            case .nodes: raw(nodes)
            case .shapeOffsets: raw(shapeOffsets)
            case .shapePoints: raw(shapePoints)
            case .stringOffsets: raw(strings.offsets)
            case .stringBytes: raw(strings.bytes)
            case .edges: raw(edges)
            case .restrictions: raw(restrictions)
            case .outOffsets: raw(outOffsets)
            case .inOffsets: raw(inOffsets)
            case .inEdges: raw(inEdges)
            case .shapeEdges: raw(shapeEdges)
            case .startBearings: raw(shapeStartBearings)
            case .endBearings: raw(shapeEndBearings)
            case .gridParameters: raw(parameters)
            case .gridCellOffsets: raw(grid.cellOffsets)
            case .gridCellShapes: raw(grid.cellShapes)
            }
        }
        return withExtendedLifetime(parameters) { SectionedImage.write(magic: Self.magic, version: Self.fileFormatVersion, sections: sections) }
    }

    /// Loads a graph written by `serialized()`, checking all of it (contents CRC and consistency).
    /// - Throws: `RoadGraphError` for bad magic, another version, truncation, checksum mismatch or inconsistent data.
    public init(serialized bytes: [UInt8]) throws(RoadGraphError) {
        let heap = HeapBytes(copying: bytes)
        try self.init(image: heap.buffer, owner: heap, verifyingContents: true)
    }

    /// The graph stored in `image` (a `serialized()` graph, e.g. a section of a memory-mapped file
    /// that `owner` keeps mapped), read in place. Checks the header, the section table's CRC and every
    /// section's size and bounds, which touches a few pages; `verifyingContents` also checks the
    /// contents CRC and that every edge, offset and restriction is in range (reads it all).
    /// - Throws: `RoadGraphError` naming what is wrong.
    public init(image: UnsafeRawBufferPointer, owner: any ByteOwner, verifyingContents: Bool = false) throws(RoadGraphError) {
        let file = try SectionedImage(image, owner: owner, magic: Self.magic, version: Self.fileFormatVersion, sectionCount: Section.allCases.count)
        if verifyingContents { try file.verifyContents() }
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
        let grid = SpatialGrid(
            minLatitude: parameters[0], minLongitude: parameters[1], cellLatitude: parameters[2], cellLongitude: parameters[3],
            columns: Int(parameters[5]), rows: Int(parameters[6]), cellOffsets: cellOffsets, cellShapes: cellShapes, cellMeters: parameters[4])
        self.init(
            nodes: nodes, edges: edges, strings: StringTable(offsets: stringOffsets, bytes: stringBytes),
            restrictions: try section(.restrictions), shapePoints: shapePoints, shapeOffsets: shapeOffsets, outOffsets: outOffsets,
            inOffsets: inOffsets, inEdges: inEdges, shapeEdges: shapeEdges, grid: grid, shapeStartBearings: start, shapeEndBearings: end)
        if verifyingContents { try checkContents() }
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
        for r in restrictions where r.from.index < 0 || r.from.index >= edgeCount || r.to.index < 0 || r.to.index >= edgeCount
            || r.via.index < 0 || r.via.index >= nodeCount
        {
            throw .inconsistent("restriction \(r.from)→\(r.to) out of range")
        }
    }
}
