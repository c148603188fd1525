/// A binary min-heap of (key, value) pairs for graph searches (the planner's A*, the matcher's
/// bounded Dijkstra, the hierarchy's witness searches); stale entries are skipped by the caller.
/// Entries move by holes rather than swaps, through one buffer of pairs: the same comparisons as
/// swapping, so the same order of pops.
public struct MinHeap: Sendable {
    private struct Entry {
        var key: Double
        var value: Int32
    }

    private var entries: [Entry] = []

    /// An empty heap.
    public init() {}

    /// Whether the heap is empty.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entry with the smallest key, without removing it; nil when the heap is empty.
    public var first: (key: Double, value: Int32)? { entries.first.map { ($0.key, $0.value) } }

    /// Empties the heap, keeping its storage for the next search.
    public mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// Adds `value` with priority `key`.
    public mutating func push(_ key: Double, _ value: Int32) {
        entries.append(Entry(key: key, value: value))
        entries.withUnsafeMutableBufferPointer { heap in
            var i = heap.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard heap[parent].key > key else { break }
                heap[i] = heap[parent]
                i = parent
            }
            heap[i] = Entry(key: key, value: value)
        }
    }

    /// Removes and returns the entry with the smallest key.
    public mutating func pop() -> (key: Double, value: Int32)? {
        guard let top = entries.first else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries.withUnsafeMutableBufferPointer { heap in
                let count = heap.count
                var i = 0
                while true {
                    let l = 2 * i + 1, r = l + 1
                    var m = i, smallest = last.key
                    if l < count && heap[l].key < smallest {
                        m = l
                        smallest = heap[l].key
                    }
                    if r < count && heap[r].key < smallest { m = r }
                    if m == i { break }
                    heap[i] = heap[m]
                    i = m
                }
                heap[i] = last
            }
        }
        return (top.key, top.value)
    }
}
