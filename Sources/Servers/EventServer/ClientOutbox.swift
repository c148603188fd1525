import SystemIO
import WireProtocol

/// What the server holds for one client between publishers, request tasks and the I/O thread
/// (always accessed under `EventServer`'s state lock): subscriptions, queued output and counters.
struct ClientOutbox {
    /// The peer's credentials.
    let credentials: PeerCredentials
    /// Channels the client subscribed to (concrete channels only).
    var subscriptions = ChannelSet()
    /// HELLO, REPLY and ERROR lines, never dropped, sent before queued events (`queueControl`).
    private(set) var control: [[UInt8]] = []
    /// Bytes of the lines in `control`.
    private(set) var controlBytes = 0
    /// The client's request task, waiting for `controlBytes` to fall below the server's
    /// `maxUnsentReplyBytes` before it answers another request.
    var replyRoomWaiter: CheckedContinuation<Void, Never>?
    /// Encoded event lines, oldest first, at most the configured number.
    var events: BoundedQueue<[UInt8]>
    /// Events discarded since the last DROPPED notice.
    var droppedSinceNotice = 0
    /// Requests read but not yet answered.
    var pendingRequests = 0
    /// The client's socket, for writing events straight through (see `writeThrough`).
    let socket: SocketConnection
    /// Whether the I/O thread holds no unsent bytes of this client (set by it under the lock):
    /// only then may a publisher write straight to the socket without reordering output.
    var writerIdle = false
    /// The unsent rest of a line written straight through: sent first, never dropped.
    var partial: [UInt8] = []

    /// An outbox for the client on `socket` whose event queue holds at most `capacity` events.
    init(credentials: PeerCredentials, socket: SocketConnection, capacity: Int) {
        self.credentials = credentials
        self.socket = socket
        events = BoundedQueue(capacity: capacity)
    }

    /// Sends the lines of `lines` the client subscribed to straight to the socket, all in one
    /// `send`, when nothing is queued before them and the I/O thread holds nothing unsent, saving
    /// the hand-off to the I/O thread; otherwise (or for what the socket did not take) queues
    /// them. `scratch` is a reused buffer. Returns how many queued events were dropped for them.
    /// The socket is non-blocking: this never waits for the client.
    mutating func writeThrough(_ lines: [WireLine], scratch: inout [UInt8]) -> Int {
        guard writerIdle, !hasOutput else { return enqueue(lines) }
        scratch.removeAll(keepingCapacity: true)
        for line in lines where subscriptions.contains(line.channel) { scratch += line.bytes }
        guard !scratch.isEmpty else { return 0 }
        let socket = socket
        // Full (EAGAIN) or failing: queue them; the I/O thread sees a failure when it polls.
        guard case .success(let sent) = scratch.withUnsafeBytes({ raw in
            Result { () throws(SystemError) in try socket.send(raw) }
        }), sent > 0 else { return enqueue(lines) }
        var dropped = 0
        var offset = 0
        for line in lines where subscriptions.contains(line.channel) {
            let end = offset + line.bytes.count
            if end <= sent {
                // sent whole
            } else if offset < sent {
                partial = Array(line.bytes[(sent - offset)...])
            } else if enqueue(line.bytes) {
                dropped += 1
            }
            offset = end
        }
        return dropped
    }

    /// Queues the lines of `lines` the client subscribed to; returns how many queued events were dropped.
    private mutating func enqueue(_ lines: [WireLine]) -> Int {
        var dropped = 0
        for line in lines where subscriptions.contains(line.channel) {
            if enqueue(line.bytes) { dropped += 1 }
        }
        return dropped
    }

    /// Queues an event line; returns true when the oldest queued event was dropped for it.
    mutating func enqueue(_ line: [UInt8]) -> Bool {
        let dropped = events.append(line)
        if dropped { droppedSinceNotice += 1 }
        return dropped
    }

    /// Whether anything waits to be written.
    var hasOutput: Bool { !partial.isEmpty || !control.isEmpty || !events.isEmpty || droppedSinceNotice > 0 }

    /// Queues a HELLO, REPLY or ERROR line, counted in `controlBytes`.
    mutating func queueControl(_ line: [UInt8]) {
        control.append(line)
        controlBytes += line.count
    }

    /// Moves queued lines into `buffer` until it holds at least `batchBytes` or nothing is left:
    /// the rest of a line written straight through, control lines, then the DROPPED notice for
    /// the gap, then events.
    mutating func drain(into buffer: inout [UInt8], batchBytes: Int) {
        if !partial.isEmpty {
            buffer += partial
            partial.removeAll()
        }
        while buffer.count < batchBytes, !control.isEmpty {
            let line = control.removeFirst()
            controlBytes -= line.count
            buffer += line
        }
        if droppedSinceNotice > 0, control.isEmpty, buffer.count < batchBytes {
            if let notice = try? WireCoding.line(ServerMessage.dropped(DroppedMessage(count: droppedSinceNotice))) {
                buffer += notice
            }
            droppedSinceNotice = 0
        }
        while buffer.count < batchBytes, let line = events.popFirst() { buffer += line }
    }
}
