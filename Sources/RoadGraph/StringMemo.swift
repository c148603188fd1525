/// The graph's strings (names, refs) made once each while a path is built: a path meets the same
/// few names again and again at its intersections, so each string index is decoded once and its
/// `String` shared by every segment and road that carries it. An open-addressing table keyed by
/// the string index (linear probing, multiplicative hash, doubled at half load): a lookup is a
/// multiply and a probe or two, where a `Dictionary` hashed every index with SipHash.
struct StringMemo {
    private var keys: [Int32]
    private var values: [String?]
    private var mask: Int
    private var shift: UInt32
    private var count = 0

    /// An empty memo with room for `capacity` strings before it grows (rounded up to a power of two).
    init(capacity: Int = 128) {
        var size = 16, bits: UInt32 = 4
        while size < 2 * capacity {
            size *= 2
            bits += 1
        }
        keys = Array(repeating: -1, count: size)
        values = Array(repeating: nil, count: size)
        mask = size - 1
        shift = 32 - bits
    }

    /// The string at `index` in `graph` (`RoadGraph.string(_:)`: nil for a negative index or one
    /// beyond the table), made on its first lookup.
    mutating func string(_ index: Int32, in graph: RoadGraph) -> String? {
        guard index >= 0 else { return nil }
        var i = Int((UInt32(bitPattern: index) &* 0x9E37_79B1) >> shift)
        while true {
            let key = keys[i]
            if key == index { return values[i] }
            if key < 0 { break }
            i = (i + 1) & mask
        }
        let text = graph.string(index)
        keys[i] = index
        values[i] = text
        count += 1
        if 2 * count > keys.count { grow() }
        return text
    }

    /// Doubles the table, placing every string again.
    private mutating func grow() {
        var bigger = StringMemo(capacity: keys.count)
        for (key, value) in zip(keys, values) where key >= 0 {
            var i = Int((UInt32(bitPattern: key) &* 0x9E37_79B1) >> bigger.shift)
            while bigger.keys[i] >= 0 { i = (i + 1) & bigger.mask }
            bigger.keys[i] = key
            bigger.values[i] = value
            bigger.count += 1
        }
        self = bigger
    }
}
