/// The bounded queue between `deliver` and the network thread: state messages and stream
/// messages in one order, with stream messages dropped oldest-first beyond their limit and state
/// messages only beyond a hard cap. A value type with no I/O, so its policy is tested directly.
struct MQTTOutbox {
    private struct Entry {
        let order: Int
        let message: MQTTMessage
    }

    /// The bounds.
    let limits: MQTTOutboxLimits
    private var state = FIFO<Entry>()
    private var stream = FIFO<Entry>()
    private var nextOrder = 0
    /// Payload bytes held.
    private(set) var bytes = 0
    /// Stream messages dropped so far.
    private(set) var droppedStream: UInt64 = 0
    /// State messages dropped so far (only beyond the hard cap).
    private(set) var droppedState: UInt64 = 0

    init(limits: MQTTOutboxLimits) { self.limits = limits }

    /// Messages held.
    var count: Int { state.count + stream.count }
    var isEmpty: Bool { count == 0 }

    /// Appends `message`, dropping what the limits require.
    mutating func append(_ message: MQTTMessage) {
        let entry = Entry(order: nextOrder, message: message)
        nextOrder += 1
        bytes += message.payload.count
        if message.isState { state.append(entry) } else { stream.append(entry) }
        enforceLimits()
    }

    /// Removes and returns up to `limit` messages, oldest first.
    mutating func take(_ limit: Int) -> [MQTTMessage] {
        var taken: [MQTTMessage] = []
        taken.reserveCapacity(min(limit, count))
        while taken.count < limit {
            // Only the orders are peeked at: a copy of the first entries would retain their payloads.
            let entry: Entry?
            switch (state.first { $0.order }, stream.first { $0.order }) {
            case (let s?, let t?): entry = s < t ? state.removeFirst() : stream.removeFirst()
            case (.some, nil): entry = state.removeFirst()
            case (nil, .some): entry = stream.removeFirst()
            case (nil, nil): entry = nil
            }
            guard let entry else { break }
            bytes -= entry.message.payload.count
            taken.append(entry.message)
        }
        return taken
    }

    /// Puts back messages `take` returned and that could not be published, ahead of the rest.
    mutating func putBack(_ messages: [MQTTMessage]) {
        guard !messages.isEmpty else { return }
        // Orders below every held entry keep them first (they may go negative: only compared).
        let lowest = min(state.first { $0.order } ?? nextOrder, stream.first { $0.order } ?? nextOrder)
        for (i, message) in messages.enumerated().reversed() {
            let order = lowest - (messages.count - i)
            let entry = Entry(order: order, message: message)
            bytes += message.payload.count
            if message.isState { state.prepend(entry) } else { stream.prepend(entry) }
        }
        enforceLimits()
    }

    private mutating func enforceLimits() {
        while stream.count > limits.streamMessages, let dropped = stream.removeFirst() {
            bytes -= dropped.message.payload.count
            droppedStream += 1
        }
        while state.count > limits.stateMessages, let dropped = state.removeFirst() {
            bytes -= dropped.message.payload.count
            droppedState += 1
        }
        while bytes > limits.bytes {
            if let dropped = stream.removeFirst() {
                bytes -= dropped.message.payload.count
                droppedStream += 1
            } else if state.count > 1, let dropped = state.removeFirst() {
                bytes -= dropped.message.payload.count
                droppedState += 1
            } else {
                break  // one state message larger than the cap: kept, it is the newest state
            }
        }
    }
}

/// A first-in first-out queue over an array with a moving head (amortised O(1) both ends).
struct FIFO<Element> {
    private var storage: [Element?] = []
    private var head = 0

    var count: Int { storage.count - head }
    /// `project` of the first element, read in place (no copy of the element's other fields).
    func first<T>(_ project: (Element) -> T) -> T? { head < storage.count ? storage[head].map(project) : nil }

    mutating func append(_ element: Element) { storage.append(element) }

    mutating func removeFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()  // moved out: no retain and release of the payload and topic
        head += 1
        if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    mutating func prepend(_ element: Element) {
        if head > 0 {
            head -= 1
            storage[head] = element
        } else {
            storage.insert(element, at: 0)
        }
    }
}
