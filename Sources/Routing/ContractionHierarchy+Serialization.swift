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
        for graph in [upward, downward] {
            w.write(UInt64(graph.offsets.count))
            for o in graph.offsets { w.write(o) }
            w.write(UInt64(graph.heads.count))
            for h in graph.heads { w.write(h) }
            for x in graph.weights { w.write(x) }
            for m in graph.middles { w.write(m) }
        }
        var bytes = w.bytes
        withUnsafeBytes(of: CRC32.checksum(bytes).littleEndian) { bytes.append(contentsOf: $0) }
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
            var graphs: [UpwardGraph] = []
            for _ in 0..<2 {
                var graph = UpwardGraph(offsets: [], heads: [], weights: [], middles: [])
                let offsetCount = try r.readCount(minimumSize: 4)
                graph.offsets.reserveCapacity(offsetCount)
                for _ in 0..<offsetCount { graph.offsets.append(try r.read()) }
                let arcCount = try r.readCount(minimumSize: 16)
                graph.heads.reserveCapacity(arcCount)
                for _ in 0..<arcCount { graph.heads.append(try r.read()) }
                graph.weights.reserveCapacity(arcCount)
                for _ in 0..<arcCount { graph.weights.append(try r.readDouble()) }
                graph.middles.reserveCapacity(arcCount)
                for _ in 0..<arcCount { graph.middles.append(try r.read()) }
                try Self.check(graph, edgeCount: edgeCount)
                graphs.append(graph)
            }
            self.init(profile: profile, edgeCount: edgeCount, fingerprint: fingerprint, upward: graphs[0], downward: graphs[1])
        } catch let error as RoutingError {
            throw error
        } catch {
            throw .badHierarchy("truncated (\(error))")
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
