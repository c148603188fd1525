/// The graph's strings (names, refs, destinations) as UTF-8 bytes back to back with an offsets
/// table (string `i` is `bytes[offsets[i]..<offsets[i + 1]]`), decoded on access. Offsets out of
/// order or beyond the bytes read as an empty string.
public struct StringTable: RandomAccessCollection, Equatable, Sendable {
    let offsets: MappedArray<UInt32>
    let bytes: MappedArray<UInt8>

    /// The table of `strings`.
    init(_ strings: [String]) {
        var offsets: [UInt32] = [0], bytes: [UInt8] = []
        for s in strings {
            bytes.append(contentsOf: s.utf8)
            offsets.append(UInt32(bytes.count))
        }
        self.offsets = MappedArray(offsets)
        self.bytes = MappedArray(bytes)
    }

    /// A table over stored offsets (at least one) and bytes.
    init(offsets: MappedArray<UInt32>, bytes: MappedArray<UInt8>) {
        self.offsets = offsets
        self.bytes = bytes
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Swift.max(0, offsets.count - 1) }

    /// The string at `index`.
    public subscript(index: Int) -> String {
        let start = Int(offsets[index]), end = Int(offsets[index + 1])
        guard start <= end, end <= bytes.count else { return "" }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes.rawBytes[start..<end]), as: UTF8.self)
    }
}
