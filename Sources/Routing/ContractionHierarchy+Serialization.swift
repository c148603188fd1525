import RoadGraph

/// The binary hierarchy format: "WGCH", a format version, the profile, the graph's edge count, the
/// cost fingerprint, both upward graphs (offsets, heads, weights, middles; little-endian), and a
/// trailing CRC-32 of everything before it.
extension ContractionHierarchy {
    /// The version written by `serialized()`; bump it whenever the layout changes.
    public static let fileFormatVersion: UInt32 = 1
    private static let magic: [UInt8] = Array("WGCH".utf8)

    /// The hierarchy as bytes for `init(serialized:)` (the same hierarchy always gives the same bytes).
    public func serialized() -> [UInt8] {
        var w = ByteWriter()
        for b in Self.magic { w.write(b) }
        w.write(Self.fileFormatVersion)
        w.write(profile.rawValue)
        w.write(UInt64(edgeCount))
        w.write(fingerprint)
        var bytes = w.bytes
        for graph in [upward, downward] {
            Self.append(UInt64(graph.offsets.count), to: &bytes)
            Self.append(contentsOf: graph.offsets, to: &bytes)
            Self.append(UInt64(graph.heads.count), to: &bytes)
            Self.append(contentsOf: graph.heads, to: &bytes)
            Self.append(contentsOf: graph.weights.map(\.bitPattern), to: &bytes)
            Self.append(contentsOf: graph.middles, to: &bytes)
        }
        Self.append(CRC32.checksum(bytes), to: &bytes)
        return bytes
    }

    /// Loads a hierarchy written by `serialized()`.
    /// - Throws: `RoutingError.badHierarchy` for bad magic, another version, truncation, a checksum
    ///   mismatch or arcs that do not fit the stated edge count.
    public init(serialized bytes: [UInt8]) throws(RoutingError) {
        guard bytes.count >= 12, Array(bytes[0..<4]) == Self.magic else { throw .badHierarchy("not a hierarchy (bad magic)") }
        do {
            var r = ByteReader(bytes, offset: 4)
            let version = try r.read(UInt32.self)
            guard version == Self.fileFormatVersion else { throw RoutingError.badHierarchy("unsupported format version \(version)") }
            var tail = ByteReader(bytes, offset: bytes.count - 4)
            let stored = try tail.read(UInt32.self), computed = CRC32.checksum(bytes[0..<(bytes.count - 4)])
            guard stored == computed else { throw RoutingError.badHierarchy("checksum mismatch (expected \(stored), found \(computed))") }
            let name = try r.readString()
            guard let profile = TravelProfile(rawValue: name) else { throw RoutingError.badHierarchy("unknown profile '\(name)'") }
            let edgeCount = Int(try r.read(UInt64.self)), fingerprint = try r.read(UInt64.self)
            var offset = r.offset
            var graphs: [UpwardGraph] = []
            for _ in 0..<2 {
                let offsets: [Int32] = try Self.array(bytes, &offset, count: try Self.count(bytes, &offset))
                let arcCount = try Self.count(bytes, &offset)
                let heads: [Int32] = try Self.array(bytes, &offset, count: arcCount)
                let weights: [UInt64] = try Self.array(bytes, &offset, count: arcCount)
                let middles: [Int32] = try Self.array(bytes, &offset, count: arcCount)
                let graph = UpwardGraph(offsets: offsets, heads: heads, weights: weights.map(Double.init(bitPattern:)), middles: middles)
                try Self.check(graph, edgeCount: edgeCount)
                graphs.append(graph)
            }
            guard offset == bytes.count - 4 else { throw RoutingError.badHierarchy("\(bytes.count - 4 - offset) bytes after the arcs") }
            self.init(profile: profile, edgeCount: edgeCount, fingerprint: fingerprint, upward: graphs[0], downward: graphs[1])
        } catch let error as RoutingError {
            throw error
        } catch {
            throw .badHierarchy("truncated (\(error))")
        }
    }

    /// Appends `value` little-endian.
    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `values` little-endian, back to back.
    private static func append<T: FixedWidthInteger>(contentsOf values: [T], to bytes: inout [UInt8]) {
        values.map(\.littleEndian).withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Reads a little-endian UInt64 count at `offset` (advancing it).
    private static func count(_ bytes: [UInt8], _ offset: inout Int) throws(RoutingError) -> Int {
        let values: [UInt64] = try array(bytes, &offset, count: 1)
        guard values[0] <= UInt64(bytes.count) else { throw .badHierarchy("count \(values[0]) beyond the data at byte \(offset - 8)") }
        return Int(values[0])
    }

    /// Reads `count` little-endian integers at `offset` (advancing it), leaving the 4 checksum bytes alone.
    private static func array<T: FixedWidthInteger>(_ bytes: [UInt8], _ offset: inout Int, count: Int) throws(RoutingError) -> [T] {
        let size = MemoryLayout<T>.size
        guard count <= (bytes.count - 4 - offset) / size else { throw .badHierarchy("truncated at byte \(offset)") }
        let start = offset
        offset += count * size
        return bytes.withUnsafeBytes { raw in
            (0..<count).map { T(littleEndian: raw.loadUnaligned(fromByteOffset: start + $0 * size, as: T.self)) }
        }
    }

    /// Throws unless `graph` has one row per edge, rows in order, and every arc names edges that exist.
    private static func check(_ graph: UpwardGraph, edgeCount: Int) throws(RoutingError) {
        guard graph.offsets.count == edgeCount + 1, graph.offsets.first == 0, graph.offsets.last.map({ Int($0) == graph.heads.count }) ?? false,
            zip(graph.offsets, graph.offsets.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw .badHierarchy("arc offsets do not run from 0 to the arc count over \(edgeCount) edges") }
        guard graph.heads.allSatisfy({ $0 >= 0 && Int($0) < edgeCount }), graph.middles.allSatisfy({ $0 >= -1 && Int($0) < edgeCount }),
            graph.weights.allSatisfy({ $0.isFinite && $0 >= 0 })
        else { throw .badHierarchy("an arc names an edge beyond \(edgeCount) or has a negative weight") }
    }
}
