/// The labels of a search by node or edge (one direction of a hierarchy query, the edges an A*
/// search reaches): an open-addressing hash table keyed by a non-negative index (linear probing,
/// multiplicative hash, doubled at half load), made for the few hundred to few thousand a search labels. A `Dictionary` hashes every key with SipHash, which was most
/// of a query's time; the table answers the same questions, so the search and its results are the same.
/// With `Bool` labels it is a set of indexes (the edges, shapes or nodes an alternatives check has seen).
struct SearchLabels<Label> {
    private var keys: [Int32]
    private var labels: [Label?]
    private var mask: Int
    private var shift: UInt32
    /// The number of nodes labelled.
    private(set) var count = 0

    /// An empty table with room for `capacity` labels before it grows (rounded up to a power of two).
    init(capacity: Int = 256) {
        var size = 16, bits: UInt32 = 4
        while size < 2 * capacity {
            size *= 2
            bits += 1
        }
        keys = Array(repeating: -1, count: size)
        labels = Array(repeating: nil, count: size)
        mask = size - 1
        shift = 32 - bits
    }

    /// The slot where the probe for `node` starts.
    @inline(__always) private func home(of node: Int32) -> Int { Int((UInt32(bitPattern: node) &* 0x9E37_79B1) >> shift) }

    /// The slot of `node`: where it is, or the empty slot where it would go.
    @inline(__always) private func slot(of node: Int32) -> Int {
        var i = home(of: node)
        while true {
            let key = keys[i]
            if key == node || key < 0 { return i }
            i = (i + 1) & mask
        }
    }

    /// The label of `node` (or edge), nil when it has none; setting nil is not supported (labels are only replaced).
    subscript(node: Int32) -> Label? {
        get { labels[slot(of: node)] }
        set {
            guard let newValue else { return }
            let i = slot(of: node)
            if keys[i] < 0 {
                keys[i] = node
                count += 1
                labels[i] = newValue
                if 2 * count > keys.count { grow() }
            } else {
                labels[i] = newValue
            }
        }
    }

    /// Calls `body` with the label of `node` (nil when it has none), in one probe, and keeps what it
    /// leaves there (setting nil is not supported, as with the subscript).
    @inline(__always) mutating func withLabel<R>(of node: Int32, _ body: (inout Label?) -> R) -> R {
        let i = slot(of: node)
        var label = labels[i]
        let result = body(&label)
        guard let label else { return result }
        labels[i] = label
        if keys[i] < 0 {
            keys[i] = node
            count += 1
            if 2 * count > keys.count { grow() }
        }
        return result
    }

    /// Empties the table, keeping its size, in time proportional to `labelled`: every node it
    /// labels (the caller's list, in any order, repeats allowed). Since every label goes, each
    /// run of occupied slots is cleared whole from the slot its first listed node hashes to.
    mutating func removeAll(labelled: [Int32]) {
        for node in labelled {
            var i = home(of: node)
            while keys[i] >= 0 {
                keys[i] = -1
                labels[i] = nil
                i = (i + 1) & mask
            }
        }
        count = 0
    }

    /// Every labelled node with its label, in no particular order.
    func forEach(_ visit: (Int32, Label) -> Void) {
        for i in keys.indices where keys[i] >= 0 {
            if let label = labels[i] { visit(keys[i], label) }
        }
    }

    /// Doubles the table and places every label again.
    private mutating func grow() {
        let oldKeys = keys, oldLabels = labels
        keys = Array(repeating: -1, count: 2 * oldKeys.count)
        labels = Array(repeating: nil, count: 2 * oldKeys.count)
        mask = keys.count - 1
        shift -= 1
        for i in oldKeys.indices where oldKeys[i] >= 0 {
            let j = slot(of: oldKeys[i])
            keys[j] = oldKeys[i]
            labels[j] = oldLabels[i]
        }
    }
}
