/// The shapes a nearest-road scan has already looked at: a set of non-negative indexes in an
/// open-addressing table (linear probing, multiplicative hash, doubled at half load). A scan
/// around a waypoint meets a few hundred shapes, many of them in several grid cells; a `Set`
/// hashed each with SipHash and grew step by step, a quarter of snapping a waypoint.
struct SeenIndexes {
    private var keys: [Int32]
    private var mask: Int
    private var shift: UInt32
    private var count = 0

    /// An empty set with room for `capacity` indexes before it grows (rounded up to a power of two).
    init(capacity: Int = 256) {
        var size = 16, bits: UInt32 = 4
        while size < 2 * capacity {
            size *= 2
            bits += 1
        }
        keys = Array(repeating: -1, count: size)
        mask = size - 1
        shift = 32 - bits
    }

    /// Adds `index` (not negative); false when it was there already.
    mutating func insert(_ index: Int32) -> Bool {
        var i = Int((UInt32(bitPattern: index) &* 0x9E37_79B1) >> shift)
        while true {
            let key = keys[i]
            if key == index { return false }
            if key < 0 { break }
            i = (i + 1) & mask
        }
        keys[i] = index
        count += 1
        if 2 * count > keys.count { grow() }
        return true
    }

    /// Doubles the table, placing every index again.
    private mutating func grow() {
        var bigger = SeenIndexes(capacity: keys.count)
        for key in keys where key >= 0 { _ = bigger.insert(key) }
        self = bigger
    }
}
