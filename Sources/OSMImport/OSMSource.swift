/// An OSM file the importer reads by byte ranges, so that a large PBF is never held whole: a byte
/// array (tests, small files), or a file read block by block by the runtime layer (`MapStore`'s
/// file source; this layer does no I/O).
public protocol OSMSource: Sendable {
    /// The file's size in bytes.
    var byteCount: Int { get }
    /// The bytes in `range`, which lies within `0..<byteCount`.
    /// - Throws: `OSMImportError.unreadable` when they cannot be read.
    func bytes(in range: Range<Int>) throws(OSMImportError) -> [UInt8]
}

extension Array: OSMSource where Element == UInt8 {
    /// The array's length.
    public var byteCount: Int { count }

    /// A copy of the bytes in `range`.
    public func bytes(in range: Range<Int>) -> [UInt8] { Array(self[range]) }
}
