import SystemIO
import WireProtocol

/// What the server holds for one client between publishers, request tasks and the I/O thread
/// (always accessed under `EventServer`'s state lock): subscriptions, queued output and counters.
struct ClientOutbox {
    /// The peer's credentials.
    let credentials: PeerCredentials
    /// Channels the client subscribed to (concrete channels only).
    var subscriptions: Set<Channel> = []
    /// HELLO, REPLY and ERROR lines, never dropped, sent before queued events.
    var control: [[UInt8]] = []
    /// Encoded event lines, oldest first, at most the configured number.
    var events: BoundedQueue<[UInt8]>
    /// Events discarded since the last DROPPED notice.
    var droppedSinceNotice = 0
    /// Requests read but not yet answered.
    var pendingRequests = 0

    /// An outbox whose event queue holds at most `capacity` events.
    init(credentials: PeerCredentials, capacity: Int) {
        self.credentials = credentials
        events = BoundedQueue(capacity: capacity)
    }

    /// Queues an event line; returns true when the oldest queued event was dropped for it.
    mutating func enqueue(_ line: [UInt8]) -> Bool {
        let dropped = events.append(line)
        if dropped { droppedSinceNotice += 1 }
        return dropped
    }

    /// Whether anything waits to be written.
    var hasOutput: Bool { !control.isEmpty || !events.isEmpty || droppedSinceNotice > 0 }

    /// Moves queued lines into `buffer` until it holds at least `batchBytes` or nothing is left:
    /// control lines first, then the DROPPED notice for the gap, then events.
    mutating func drain(into buffer: inout [UInt8], batchBytes: Int) {
        while buffer.count < batchBytes, !control.isEmpty { buffer += control.removeFirst() }
        if droppedSinceNotice > 0, control.isEmpty, buffer.count < batchBytes {
            if let notice = try? WireCoding.line(ServerMessage.dropped(DroppedMessage(count: droppedSinceNotice))) {
                buffer += notice
            }
            droppedSinceNotice = 0
        }
        while buffer.count < batchBytes, let line = events.popFirst() { buffer += line }
    }
}
