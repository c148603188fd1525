/// A FIFO ring buffer holding at most `capacity` elements: appending to a full queue evicts the
/// oldest element, which is how slow clients lose their oldest events.
struct BoundedQueue<Element> {
    private var storage: [Element?]
    private var head = 0
    /// Number of elements queued.
    private(set) var count = 0

    /// An empty queue for at most `capacity` (≥ 1) elements.
    init(capacity: Int) { storage = Array(repeating: nil, count: max(1, capacity)) }

    /// The most elements the queue holds.
    var capacity: Int { storage.count }

    /// Whether nothing is queued.
    var isEmpty: Bool { count == 0 }

    /// Appends `element`; returns true when the oldest element had to be evicted to make room.
    mutating func append(_ element: Element) -> Bool {
        if count == storage.count {
            storage[head] = element
            head = (head + 1) % storage.count
            return true
        }
        storage[(head + count) % storage.count] = element
        count += 1
        return false
    }

    /// Removes and returns the oldest element, or nil when empty.
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        return element
    }

    /// The oldest element without removing it.
    var first: Element? { count > 0 ? storage[head] : nil }
}
