import Geodesy

/// The binary graph file: "WGRG", a format version, the arrays in order (little-endian), and a
/// trailing CRC-32 of everything before it. Derived indexes (adjacency, spatial grid) are rebuilt on load.
extension RoadGraph {
    /// The version written by `serialized()`; bump it whenever the layout changes.
    public static let fileFormatVersion: UInt32 = 2
    private static let magic: [UInt8] = Array("WGRG".utf8)

    /// The graph as bytes for `init(serialized:)`.
    public func serialized() -> [UInt8] {
        var w = ByteWriter()
        for b in Self.magic { w.write(b) }
        w.write(Self.fileFormatVersion)
        w.write(UInt64(nodes.count))
        for n in nodes {
            w.write(n.latitude)
            w.write(n.longitude)
        }
        w.write(UInt64(shapeOffsets.count))
        for o in shapeOffsets { w.write(o) }
        w.write(UInt64(shapePoints.count))
        for p in shapePoints {
            w.write(p.latitude)
            w.write(p.longitude)
        }
        w.write(UInt64(strings.count))
        for s in strings { w.write(s) }
        w.write(UInt64(edges.count))
        for e in edges {
            w.write(e.from.rawValue)
            w.write(e.to.rawValue)
            w.write(e.shape)
            w.write(e.length)
            w.write(e.wayID)
            w.write(e.name)
            w.write(e.ref)
            w.write(e.destination)
            w.write(e.roadClass.rawValue)
            w.write(SpeedLimit.pack(e.speedLimit))
            w.write(e.defaultSpeed)
            w.write(e.flags.rawValue)
            w.write(e.durations.car)
            w.write(e.durations.bike)
            w.write(e.durations.foot)
            w.write(e.carPreference)
        }
        w.write(UInt64(restrictions.count))
        for r in restrictions {
            w.write(r.from.rawValue)
            w.write(r.via.rawValue)
            w.write(r.to.rawValue)
            w.write(r.kind.rawValue)
            w.write(r.profiles.rawValue)
        }
        var bytes = w.bytes
        withUnsafeBytes(of: CRC32.checksum(bytes).littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Loads a graph written by `serialized()`.
    /// - Throws: `RoadGraphError` for bad magic, another version, truncation, checksum mismatch or inconsistent data.
    public init(serialized bytes: [UInt8]) throws(RoadGraphError) {
        guard bytes.count >= 12, Array(bytes[0..<4]) == Self.magic else { throw .notAGraphFile }
        var r = ByteReader(bytes, offset: 4)
        let version = try r.read(UInt32.self)
        guard version == Self.fileFormatVersion else { throw .unsupportedVersion(version) }
        var tail = ByteReader(bytes, offset: bytes.count - 4)
        let stored = try tail.read(UInt32.self)
        let computed = CRC32.checksum(bytes[0..<(bytes.count - 4)])
        guard stored == computed else { throw .checksumMismatch(expected: stored, found: computed) }
        func coordinates() throws(RoadGraphError) -> [Coordinate] {
            let count = try r.readCount(minimumSize: 16)
            var result: [Coordinate] = []
            result.reserveCapacity(count)
            for _ in 0..<count { result.append(Coordinate(latitude: try r.readDouble(), longitude: try r.readDouble())) }
            return result
        }
        let nodes = try coordinates()
        var shapeOffsets: [Int32] = []
        for _ in 0..<(try r.readCount(minimumSize: 4)) { shapeOffsets.append(try r.read()) }
        let shapePoints = try coordinates()
        var strings: [String] = []
        for _ in 0..<(try r.readCount(minimumSize: 4)) { strings.append(try r.readString()) }
        let edgeCount = try r.readCount(minimumSize: 55)
        var edges: [RoadEdge] = []
        edges.reserveCapacity(edgeCount)
        for i in 0..<edgeCount {
            let from = NodeID(try r.read()), to = NodeID(try r.read()), shape: Int32 = try r.read()
            let length = try r.readFloat(), wayID: Int64 = try r.read()
            let name: Int32 = try r.read(), ref: Int32 = try r.read(), destination: Int32 = try r.read()
            guard let roadClass = RoadClass(rawValue: try r.read()) else { throw .inconsistent("edge \(i) has an unknown road class") }
            let limit = SpeedLimit.unpack(try r.read()), defaultSpeed: UInt8 = try r.read()
            let flags = EdgeFlags(rawValue: try r.read())
            let durations = ProfileDurations(car: try r.readFloat(), bike: try r.readFloat(), foot: try r.readFloat())
            let preference: UInt8 = try r.read()
            edges.append(
                RoadEdge(
                    from: from, to: to, shape: shape, length: length, wayID: wayID, name: name, ref: ref,
                    destination: destination, roadClass: roadClass, speedLimit: limit, defaultSpeed: defaultSpeed,
                    flags: flags, durations: durations, carPreference: preference))
        }
        var restrictions: [TurnRestriction] = []
        for _ in 0..<(try r.readCount(minimumSize: 14)) {
            let from = EdgeID(try r.read()), via = NodeID(try r.read()), to = EdgeID(try r.read())
            guard let kind = TurnRestriction.Kind(rawValue: try r.read()) else { throw .inconsistent("unknown restriction kind") }
            restrictions.append(TurnRestriction(from: from, via: via, to: to, kind: kind, profiles: ProfileSet(rawValue: try r.read())))
        }
        try self.init(
            sortedNodes: nodes, shapePoints: shapePoints, shapeOffsets: shapeOffsets, edges: edges, strings: strings,
            restrictions: restrictions)
    }
}
