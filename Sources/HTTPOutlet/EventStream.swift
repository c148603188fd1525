import Foundation
import WireProtocol

/// One `GET /events` connection: a bounded queue of framed lines that `deliver` fills without
/// ever blocking, and that the connection's own thread (libmicrohttpd's thread per connection)
/// drains into the socket, waiting on a condition variable while nothing is queued.
///
/// When the queue is full the oldest *stream* line (LOCATION, MATCH…) is dropped; state lines
/// (SESSION, DEVICE, REROUTE, ARRIVAL) are kept, up to `capacity` of them: a reader that falls
/// further behind on state than that is cut off — it gets what is queued, then the stream ends
/// (its EventSource reconnects and starts afresh) — so no reader holds unbounded memory. The
/// browser learns about drops from an `event: dropped` notice sent before the next events, as
/// the socket sends DROPPED.
final class EventStream: @unchecked Sendable {  // every mutable field is guarded by `condition`
    /// The channels this connection asked for.
    let channels: ChannelSet
    /// The most stream lines queued at once, and the most state lines.
    let capacity: Int
    /// How long the reader waits before sending a keep-alive comment, in seconds.
    let keepAliveInterval: Double

    private let condition = NSCondition()
    /// Stream lines (bounded, oldest dropped first) and state lines (never dropped), each in `seq`
    /// order; the reader merges them by `seq`.
    private var samples = FrameQueue()
    private var states = FrameQueue()
    private var droppedSinceNotice = 0
    private var droppedTotal = 0
    private var closed = false
    /// Whether the reader fell `capacity` state lines behind: nothing more is queued, and the
    /// stream ends once what is queued is read.
    private var cutOff = false
    private var pending: [UInt8] = EventFrame.preamble
    private var pendingOffset = 0

    /// A stream for `channels`.
    init(channels: ChannelSet, capacity: Int, keepAliveInterval: Double = 15) {
        self.channels = channels
        self.capacity = max(1, capacity)
        self.keepAliveInterval = keepAliveInterval
    }

    /// Queues the frames on this stream's channels; never blocks beyond the queue's lock.
    func offer(_ frames: [(Channel, EventFrame)]) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, !cutOff else { return }
        var added = false
        for (channel, frame) in frames where channels.contains(channel) {
            if frame.isState {
                guard states.count < capacity else {
                    cutOff = true
                    condition.signal()
                    return
                }
                states.append(frame)
            } else {
                if samples.count >= capacity {
                    _ = samples.popFirst()
                    droppedSinceNotice += 1
                    droppedTotal += 1
                }
                samples.append(frame)
            }
            added = true
        }
        if added { condition.signal() }
    }

    /// Ends the stream: the reader returns end-of-stream at its next call.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Lines queued now, and stream lines dropped since the connection opened.
    var counts: (queued: Int, dropped: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (samples.count + states.count, droppedTotal)
    }

    /// Copies up to `max` bytes of the next events into `buffer`, waiting while there are none
    /// (a keep-alive comment after `keepAliveInterval`); -1 once the stream is closed.
    func read(into buffer: UnsafeMutableRawPointer, max: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        if pendingOffset >= pending.count {
            let deadline = Date(timeIntervalSinceNow: keepAliveInterval)
            let nothingQueued = { self.samples.isEmpty && self.states.isEmpty && self.droppedSinceNotice == 0 }
            while !closed && !cutOff && nothingQueued() {
                if !condition.wait(until: deadline) { break }
            }
            if closed || (cutOff && nothingQueued()) { return -1 }
            pending = []
            pendingOffset = 0
            if droppedSinceNotice > 0 {
                pending += EventFrame.droppedNotice(droppedSinceNotice)
                droppedSinceNotice = 0
            }
            while pending.count < 64 * 1024 {
                let next: EventFrame?
                if let a = samples.first, let b = states.first {
                    next = b.seq < a.seq ? states.popFirst() : samples.popFirst()
                } else {
                    next = samples.popFirst() ?? states.popFirst()
                }
                guard let next else { break }
                pending += next.bytes
            }
            if pending.isEmpty { pending = EventFrame.keepAlive }
        }
        let n = min(max, pending.count - pendingOffset)
        pending.withUnsafeBytes { raw in
            if let base = raw.baseAddress { buffer.copyMemory(from: base + pendingOffset, byteCount: n) }
        }
        pendingOffset += n
        return n
    }

}

/// A FIFO of frames over an array with a moving head, compacted once the consumed part dominates.
struct FrameQueue {
    private var storage: [EventFrame] = []
    private var head = 0

    /// Frames queued.
    var count: Int { storage.count - head }
    /// Whether none is queued.
    var isEmpty: Bool { head == storage.count }
    /// The oldest frame.
    var first: EventFrame? { isEmpty ? nil : storage[head] }

    /// Appends a frame.
    mutating func append(_ frame: EventFrame) { storage.append(frame) }

    /// Removes and returns the oldest frame.
    mutating func popFirst() -> EventFrame? {
        guard !isEmpty else { return nil }
        let frame = storage[head]
        head += 1
        if head >= 256 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return frame
    }
}
