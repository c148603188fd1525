/// The arc list of every node of a graph being contracted, all in one array: each row has a start
/// and a capacity in `storage`; a row that outgrows its capacity moves to the end with twice as
/// much, and the storage is compacted when the rows left behind outweigh the live ones. One Swift
/// array per node (a header and an allocation each, millions of them) took about three times the
/// arcs themselves. Rows keep their arcs in the order they were added, as arrays did.
struct ArcLists {
    private(set) var storage: [HierarchyBuilder.Arc] = []
    private var start: [UInt32]
    private var count: [Int32]
    private var capacity: [Int32]
    /// Arcs in rows (the rest of `storage` is slack or rows left behind).
    private var live = 0

    /// Empty rows for `nodeCount` nodes.
    init(nodeCount: Int) {
        start = [UInt32](repeating: 0, count: nodeCount)
        count = [Int32](repeating: 0, count: nodeCount)
        capacity = [Int32](repeating: 0, count: nodeCount)
    }

    /// The number of rows.
    var nodeCount: Int { count.count }

    /// The arcs of `v`, in the order they were added.
    @inline(__always) subscript(v: Int) -> ArraySlice<HierarchyBuilder.Arc> {
        let s = Int(start[v])
        return storage[s..<(s + Int(count[v]))]
    }

    /// The number of arcs of `v`.
    @inline(__always) func count(of v: Int) -> Int { Int(count[v]) }

    /// Appends `arc` to the row of `v`.
    mutating func append(_ arc: HierarchyBuilder.Arc, to v: Int) {
        let n = Int(count[v])
        live += 1
        count[v] += 1
        if n == Int(capacity[v]) {
            if n == 0 { start[v] = Self.position(storage.count) }  // an empty row moves for free
            if Int(start[v]) + n == storage.count {  // the row ends the storage: it grows in place
                storage.append(arc)
                capacity[v] += 1
                return
            }
            relocate(v, capacity: 2 * n)
        }
        storage[Int(start[v]) + n] = arc
    }

    /// Replaces the `i`-th arc of `v`.
    @inline(__always) mutating func set(_ v: Int, _ i: Int, _ arc: HierarchyBuilder.Arc) { storage[Int(start[v]) + i] = arc }

    /// The position in the row of `v` of its first arc to `node`, nil when none.
    func firstIndex(_ v: Int, node: Int32) -> Int? {
        let s = Int(start[v])
        for i in 0..<Int(count[v]) where storage[s + i].node == node { return i }
        return nil
    }

    /// Removes the arcs of `v` to `node`, keeping the others in order.
    mutating func removeAll(_ v: Int, node: Int32) {
        let s = Int(start[v]), n = Int(count[v])
        var kept = 0
        for i in 0..<n where storage[s + i].node != node {
            if kept != i { storage[s + kept] = storage[s + i] }
            kept += 1
        }
        count[v] = Int32(kept)
        live -= n - kept
    }

    /// Empties the row of `v` (its slots become slack).
    mutating func clear(_ v: Int) {
        live -= Int(count[v])
        count[v] = 0
    }

    /// Moves the row of `v` (its arcs before the one being added) to the end of the storage with
    /// room for `capacity` arcs, compacting first when most of the storage is no longer in rows.
    private mutating func relocate(_ v: Int, capacity newCapacity: Int) {
        let n = Int(count[v]) - 1
        if storage.count > 2 * live + 4096 { compact(growing: v) }
        let s = Int(start[v]), to = storage.count
        storage.reserveCapacity(to + newCapacity)
        for i in 0..<n { storage.append(storage[s + i]) }
        storage.append(contentsOf: repeatElement(HierarchyBuilder.Arc(node: -1, weight: 0, middle: -1), count: newCapacity - n))
        start[v] = Self.position(to)
        capacity[v] = Int32(newCapacity)
    }

    /// `index` as a stored row start.
    private static func position(_ index: Int) -> UInt32 {
        guard let position = UInt32(exactly: index) else { preconditionFailure("more than 2^32 arcs being contracted") }
        return position
    }

    /// Rewrites the storage with every row tight, in node order (`growing`: the row being added
    /// to, whose count already includes the arc not yet stored).
    private mutating func compact(growing: Int) {
        var packed: [HierarchyBuilder.Arc] = []
        packed.reserveCapacity(live + live / 2)
        for v in 0..<count.count {
            let s = Int(start[v]), n = Int(count[v]) - (v == growing ? 1 : 0)
            start[v] = Self.position(packed.count)
            capacity[v] = Int32(n)
            packed.append(contentsOf: storage[s..<(s + n)])
        }
        storage = packed
    }
}

extension ArcLists {
    /// The rows read through pointers, for the contraction's searches: reading an array retains
    /// and releases its storage each time, and threads reading the same arrays contend for their
    /// reference counts. Valid only inside `withRows`.
    struct Rows {
        fileprivate let storage: UnsafeBufferPointer<HierarchyBuilder.Arc>
        fileprivate let start: UnsafeBufferPointer<UInt32>
        fileprivate let count: UnsafeBufferPointer<Int32>

        /// The arcs of `v`, in the order they were added.
        @inline(__always) subscript(v: Int) -> UnsafeBufferPointer<HierarchyBuilder.Arc> {
            UnsafeBufferPointer(rebasing: storage[Int(start[v])..<(Int(start[v]) + Int(count[v]))])
        }
    }

    /// `body` with the rows as they are now.
    func withRows<R>(_ body: (Rows) -> R) -> R {
        storage.withUnsafeBufferPointer { storage in
            start.withUnsafeBufferPointer { start in
                count.withUnsafeBufferPointer { count in body(Rows(storage: storage, start: start, count: count)) }
            }
        }
    }
}
