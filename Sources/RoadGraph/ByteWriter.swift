/// Appends fixed-width little-endian values to a byte buffer (the graph file writer, also used by
/// other binary formats stored next to a graph).
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// Appends an integer in little-endian order.
    public mutating func write<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a `Float` as its IEEE bit pattern.
    public mutating func write(_ value: Float) { write(value.bitPattern) }

    /// Appends a `Double` as its IEEE bit pattern.
    public mutating func write(_ value: Double) { write(value.bitPattern) }

    /// Appends a length-prefixed UTF-8 string.
    public mutating func write(_ value: String) {
        let utf8 = Array(value.utf8)
        write(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }
}

/// Reads fixed-width little-endian values from a byte buffer, throwing `RoadGraphError.truncated` at its end.
public struct ByteReader: Sendable {
    private let bytes: [UInt8]
    /// The next byte to read.
    public private(set) var offset: Int

    /// A reader over `bytes` starting at `offset`.
    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Reads an integer stored in little-endian order.
    public mutating func read<T: FixedWidthInteger>(_: T.Type = T.self) throws(RoadGraphError) -> T {
        let size = MemoryLayout<T>.size
        guard offset + size <= bytes.count else { throw .truncated(offset: offset) }
        var value: T = 0
        for i in 0..<size { value |= T(truncatingIfNeeded: bytes[offset + i]) << (8 * i) }
        offset += size
        return value
    }

    /// Reads a `Float` bit pattern.
    public mutating func readFloat() throws(RoadGraphError) -> Float { Float(bitPattern: try read(UInt32.self)) }

    /// Reads a `Double` bit pattern.
    public mutating func readDouble() throws(RoadGraphError) -> Double { Double(bitPattern: try read(UInt64.self)) }

    /// Reads a length-prefixed UTF-8 string.
    public mutating func readString() throws(RoadGraphError) -> String {
        let count = Int(try read(UInt32.self))
        guard offset + count <= bytes.count else { throw .truncated(offset: offset) }
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    /// Reads a count and checks that at least `count * minimumSize` bytes remain, so a corrupt count cannot allocate wildly.
    public mutating func readCount(minimumSize: Int) throws(RoadGraphError) -> Int {
        let count = try read(UInt64.self)
        guard count <= UInt64(bytes.count - offset) / UInt64(max(1, minimumSize)) else { throw .truncated(offset: offset) }
        return Int(count)
    }
}
