/// A binary min-heap of (key, value) pairs for graph searches (the planner's A*, the matcher's
/// bounded Dijkstra); stale entries are skipped by the caller.
public struct MinHeap: Sendable {
    private var keys: [Double] = []
    private var values: [Int32] = []

    /// An empty heap.
    public init() {}

    /// Whether the heap is empty.
    public var isEmpty: Bool { keys.isEmpty }

    /// The entry with the smallest key, without removing it; nil when the heap is empty.
    public var first: (key: Double, value: Int32)? { keys.first.map { ($0, values[0]) } }

    /// Empties the heap, keeping its storage for the next search.
    public mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    /// Adds `value` with priority `key`.
    public mutating func push(_ key: Double, _ value: Int32) {
        keys.append(key)
        values.append(value)
        var i = keys.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard keys[parent] > keys[i] else { break }
            keys.swapAt(parent, i)
            values.swapAt(parent, i)
            i = parent
        }
    }

    /// Removes and returns the entry with the smallest key.
    public mutating func pop() -> (key: Double, value: Int32)? {
        guard let top = keys.first else { return nil }
        let value = values[0]
        let lastKey = keys.removeLast(), lastValue = values.removeLast()
        if !keys.isEmpty {
            keys[0] = lastKey
            values[0] = lastValue
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < keys.count && keys[l] < keys[m] { m = l }
                if r < keys.count && keys[r] < keys[m] { m = r }
                if m == i { break }
                keys.swapAt(m, i)
                values.swapAt(m, i)
                i = m
            }
        }
        return (top, value)
    }
}
