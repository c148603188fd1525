/// The CRC-32 (IEEE 802.3, as zlib's `crc32`) of a byte buffer, for the graph file checksum.
/// RoadGraph is a pure layer-1 module without zlib, so the table-driven form lives here.
public enum CRC32 {
    @usableFromInline static let table: [UInt32] = (0..<256).map { i -> UInt32 in
        var c = UInt32(i)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The checksum of `bytes`.
    @inlinable public static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        update(0, with: bytes)
    }

    /// The checksum of the bytes behind `checksum` followed by `bytes` (0 to start), so a long
    /// stream is checksummed piece by piece: `update(update(0, with: a), with: b)` is the checksum of a + b.
    @inlinable public static func update(_ checksum: UInt32, with bytes: some Collection<UInt8>) -> UInt32 {
        var crc = checksum ^ 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            for b in bytes { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
