public import RoadGraph

/// The binary hierarchy format, a `SectionedImage` with magic "WGCH": the parameters (profile
/// index, the graph's edge count, the cost fingerprint, the cost model version; UInt64), then per search direction the
/// arc offsets, heads, weights and middles, so it is used in place when mapped.
extension ContractionHierarchy {
    /// The version written by `serialized()`; bump it whenever the layout changes.
    public static let fileFormatVersion: UInt32 = 3
    private static let magic: [UInt8] = Array("WGCH".utf8)
    private static let sectionCount = 9

    /// The hierarchy as bytes for `init(serialized:)` or `init(image:owner:)` (the same hierarchy always gives the same bytes).
    public func serialized() -> [UInt8] { imageWriter().bytes() }

    /// The writer of the hierarchy's image (the bytes of `serialized()`), streaming each array from where it lies.
    public func imageWriter() -> SectionedImage.Writer {
        let parameters = MappedArray([UInt64(profile.index), UInt64(nodeCount), fingerprint, UInt64(costModel)])
        var sections = [parameters.imageSection]
        for graph in [upward, downward] {
            sections += [graph.offsets.imageSection, graph.heads.imageSection, graph.weights.imageSection, graph.middles.imageSection]
        }
        return SectionedImage.Writer(magic: Self.magic, version: Self.fileFormatVersion, sections: sections)
    }

    /// Loads a hierarchy written by `serialized()`, checking all of it (contents CRC and every arc).
    /// - Throws: `RoutingError.badHierarchy` for bad magic, another version, truncation, a checksum
    ///   mismatch or arcs that do not fit the stated edge count.
    public init(serialized bytes: [UInt8]) throws(RoutingError) {
        let heap = HeapBytes(copying: bytes)
        try self.init(image: heap.buffer, owner: heap, verifyingContents: true)
    }

    /// The hierarchy stored in `image` (kept alive by `owner`, e.g. a memory-mapped file), read in
    /// place. Checks the header, the section table's CRC and the sections' sizes (a few pages);
    /// `verifyingContents` also checks the contents CRC and every arc (reads it all).
    /// - Throws: `RoutingError.badHierarchy` naming what is wrong.
    public init(image: UnsafeRawBufferPointer, owner: any ByteOwner, verifyingContents: Bool = false) throws(RoutingError) {
        do {
            let file = try SectionedImage(image, owner: owner, magic: Self.magic, version: Self.fileFormatVersion, sectionCount: Self.sectionCount)
            if verifyingContents { try file.verifyContents() }
            let parameters: MappedArray<UInt64> = try file.section(0)
            guard parameters.count == 4, parameters[3] <= UInt64(UInt32.max), parameters[0] < UInt64(TravelProfile.allCases.count), parameters[1] < UInt64(Int32.max) else {
                throw RoutingError.badHierarchy("bad parameters section")
            }
            let nodeCount = Int(parameters[1])
            var graphs: [UpwardGraph] = []
            for first in [1, 5] {
                let graph = UpwardGraph(
                    offsets: try file.section(first), heads: try file.section(first + 1), weights: try file.section(first + 2),
                    middles: try file.section(first + 3))
                guard graph.offsets.count == nodeCount + 1, graph.offsets[0] == 0, Int(graph.offsets[nodeCount]) == graph.heads.count,
                    graph.weights.count == graph.heads.count, graph.middles.count == graph.heads.count
                else { throw RoutingError.badHierarchy("arc offsets do not run from 0 to the arc count over \(nodeCount) nodes") }
                if verifyingContents { try Self.check(graph, nodeCount: nodeCount) }
                graphs.append(graph)
            }
            self.init(
                profile: TravelProfile.allCases[Int(parameters[0])], nodeCount: nodeCount, fingerprint: parameters[2], costModel: UInt32(parameters[3]), upward: graphs[0],
                downward: graphs[1])
        } catch let error as RoutingError {
            throw error
        } catch let error as RoadGraphError {
            switch error {
            case .notAGraphFile: throw .badHierarchy("not a hierarchy (bad magic)")
            case .unsupportedVersion(let v): throw .badHierarchy("unsupported format version \(v)")
            case .checksumMismatch(let expected, let found): throw .badHierarchy("checksum mismatch (expected \(expected), found \(found))")
            case .truncated(let offset): throw .badHierarchy("truncated at byte \(offset)")
            case .inconsistent(let what): throw .badHierarchy(what)
            }
        } catch {
            throw .badHierarchy("\(error)")
        }
    }

    /// Throws unless `graph`'s rows are in order and every arc names edges that exist with a finite, non-negative weight.
    private static func check(_ graph: UpwardGraph, nodeCount: Int) throws(RoutingError) {
        guard zip(graph.offsets, graph.offsets.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw .badHierarchy("arc offsets do not run from 0 to the arc count over \(nodeCount) nodes")
        }
        guard graph.heads.allSatisfy({ $0 >= 0 && Int($0) < nodeCount }), graph.middles.allSatisfy({ $0 >= -1 && Int($0) < nodeCount }),
            graph.weights.allSatisfy({ $0.isFinite && $0 >= 0 })
        else { throw .badHierarchy("an arc names a node beyond \(nodeCount) or has a negative weight") }
    }
}
