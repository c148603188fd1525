public import Positioning
import NMEA
import SystemIO
public import Timekeeping

#if canImport(Glibc)
import Glibc
#endif

/// Plays a recorded NMEA log as if a receiver were sending it: at its recorded pace, at ×N,
/// or as fast as the consumer takes events, on an injected `TimeSource`.
///
/// Emits `.device(.connected, driver: "replay")`, then the decoded sentences, fixes and sky
/// views, each held back until its recorded time comes (see `ReplayPacer`), and at the end of
/// the log `.device(.lost, driver: "replay")`, after which the stream ends. A batch is one
/// pacing cycle: the events due at the same time (a fix's sentences, the fix, its sky), at most
/// `maximumBatch` of them (as fast as possible, every event is due at once). The stream is
/// pulled: nothing is decoded ahead of the consumer, so "as fast as possible" never drops.
public final class ReplaySource: LocationSource {
    /// How fast the log plays.
    public enum Pace: Sendable, Hashable {
        /// Recorded time × `speed` (1 = real time, 10 = ten times faster).
        case recorded(speed: Double)
        /// No waiting at all.
        case asFastAsPossible

        /// The recorded pace.
        public static let realTime = Pace.recorded(speed: 1)
    }

    /// Most events in one batch.
    public static let maximumBatch = 256

    /// The wire name of the source.
    public let id: SourceID
    /// How fast the log plays.
    public let pace: Pace
    /// Recorded jumps longer than this (seconds) are played as no pause.
    public let maximumGap: Double
    private let bytes: [UInt8]
    private let timeSource: any TimeSource
    private let shared = SharedStatistics()

    /// A replay of the NMEA log in `bytes`, named `id`.
    public init(bytes: [UInt8], id: SourceID, pace: Pace = .realTime, timeSource: any TimeSource,
                maximumGap: Double = 10) throws(LocationSourcesError) {
        if case .recorded(let speed) = pace, !(speed > 0 && speed.isFinite) { throw .invalidSpeed(speed) }
        self.bytes = bytes
        self.id = id
        self.pace = pace
        self.timeSource = timeSource
        self.maximumGap = maximumGap
    }

    /// Largest NMEA log read (1 GiB): a day at 10 Hz is 200–700 MB (250–800 bytes an epoch in
    /// `traces/nmea`, by the receiver's sentences). The log is held in memory whole.
    public static let maximumLogBytes = 1 << 30

    /// A replay of the NMEA log at `path`: a regular file of at most `maximumLogBytes`, or a
    /// FIFO or pipe read until its writer closes it (a start-up task cancelled meanwhile stops
    /// the read). Throws `.unreadableLog` for anything else (a directory, a device) and when
    /// it cannot be read.
    public convenience init(contentsOf path: String, pace: Pace = .realTime, timeSource: any TimeSource,
                            maximumGap: Double = 10) throws(LocationSourcesError) {
        let data: [UInt8]
        do {
            data = try FileContents.readFileOrPipe(path, maximumBytes: Self.maximumLogBytes)
        } catch {
            throw .unreadableLog(path: path, reason: error.description)
        }
        try self.init(bytes: data, id: .replay(path), pace: pace, timeSource: timeSource, maximumGap: maximumGap)
    }

    /// Counters and device state so far (all sessions of this source).
    public var statistics: SourceStatistics { shared.value }

    /// Live at a recorded pace (×N included), as a receiver would send; not as fast as possible.
    public var isLive: Bool { pace != .asFastAsPossible }

    /// Starts a session (see the type's summary) and returns its events.
    public func events() -> AsyncStream<[SourceEvent]> {
        let speed: Double? = if case .recorded(let s) = pace { s } else { nil }
        let player = ReplayPlayer(bytes: bytes, speed: speed, maximumGap: maximumGap, timeSource: timeSource, statistics: shared)
        return AsyncStream(unfolding: { await player.next() })
    }
}

/// One playback of a `ReplaySource`: decodes a line at a time as events are asked for.
private actor ReplayPlayer {
    private let speed: Double?
    private let maximumGap: Double
    private let timeSource: any TimeSource
    private let statistics: SharedStatistics
    /// The log and how far it is decoded and handed out: one value, so that taking an event is
    /// one access to the actor's state, not one per field.
    private var playback: Playback
    /// An event whose deadline (already taken from the pacer) fell after the last batch's.
    private var held: (event: SourceEvent, deadline: Timestamp)?
    private var pacer: ReplayPacer?

    init(bytes: [UInt8], speed: Double?, maximumGap: Double, timeSource: any TimeSource, statistics: SharedStatistics) {
        playback = Playback(bytes: bytes)
        self.speed = speed
        self.maximumGap = maximumGap
        self.timeSource = timeSource
        self.statistics = statistics
    }

    /// The next pacing cycle once it is due: the events due no later than its first timed one,
    /// up to `ReplaySource.maximumBatch`; nil at the end or when the consumer is cancelled.
    func next() async -> [SourceEvent]? {
        if playback.start() {
            if let speed { pacer = ReplayPacer(start: timeSource.now(), speed: speed, maximumGap: maximumGap) }
        }
        var batch: [SourceEvent] = []
        batch.reserveCapacity(ReplaySource.maximumBatch)
        if pacer == nil {
            playback.take(upTo: ReplaySource.maximumBatch, into: &batch)  // every event is due at once
        } else if await !takeDue(into: &batch) {
            return nil
        }
        guard !batch.isEmpty else { return nil }
        let (bytesRead, nmea) = playback.report()
        statistics.update { s in
            for e in batch { s.record(e) }
            s.bytesRead += bytesRead
            s.nmea = nmea
        }
        return batch
    }

    /// Fills `batch` with the next pacing cycle once it is due; false when the consumer is cancelled.
    private func takeDue(into batch: inout [SourceEvent]) async -> Bool {
        /// The latest deadline in the batch (nil: none timed yet).
        var due: Timestamp?
        while batch.count < ReplaySource.maximumBatch {
            let event: SourceEvent, deadline: Timestamp?
            if let h = held {
                (event, deadline) = h
                held = nil
            } else {
                guard let e = playback.take() else { break }
                (event, deadline) = (e, pacer?.deadline(for: e))
            }
            if let deadline {
                if batch.isEmpty {
                    do {
                        try await timeSource.sleep(until: deadline)
                    } catch {
                        playback.end()
                        return false
                    }
                } else if deadline > (due ?? timeSource.now()) {
                    held = (event, deadline)  // a later cycle
                    break
                }
                due = max(due ?? deadline, deadline)
            }
            batch.append(event)
        }
        return true
    }
}

/// A log decoded a line at a time as its events are taken, framed by the replay's DEVICE events.
private struct Playback {
    private let bytes: [UInt8]
    private var offset = 0
    private var decoder = NMEAStreamDecoder()
    /// Decoded events; those from `taken` on are not handed out yet.
    private var pending: [SourceEvent] = []
    private var taken = 0
    private var phase = Phase.notStarted
    /// Bytes decoded since the last `report`.
    private var unreported = 0

    private enum Phase { case notStarted, playing, draining, ended }

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Starts the playback with `.device(.connected)`; true the first time only.
    mutating func start() -> Bool {
        guard phase == .notStarted else { return false }
        phase = .playing
        pending = [.device(.connected, driver: "replay", baud: nil)]
        return true
    }

    /// Ends the playback: nothing more is taken.
    mutating func end() { phase = .ended }

    /// The bytes decoded since the last report, and the decoder's counters.
    mutating func report() -> (bytesRead: Int, nmea: NMEAStatistics) {
        defer { unreported = 0 }
        return (unreported, decoder.statistics)
    }

    /// Appends the next events, at most `limit` of them, to `batch`.
    mutating func take(upTo limit: Int, into batch: inout [SourceEvent]) {
        while batch.count < limit, let event = take() { batch.append(event) }
    }

    /// The next decoded event, decoding more of the log as needed; nil when nothing is left.
    mutating func take() -> SourceEvent? {
        while taken == pending.count {
            pending.removeAll(keepingCapacity: true)
            taken = 0
            guard refill() else { return nil }
        }
        defer { taken += 1 }
        return pending[taken]
    }

    /// Decodes the next line (or finishes the log); false when nothing is left.
    private mutating func refill() -> Bool {
        switch phase {
        case .notStarted, .playing:
            guard offset < bytes.count else {
                pending = decoder.finish() + [.device(.lost, driver: "replay", baud: nil)]
                phase = .draining
                return true
            }
            let end = bytes.withUnsafeBytes { log in  // memchr: a bytewise `firstIndex` cost more than decoding the line
                memchr(log.baseAddress! + offset, 0x0A, log.count - offset).map { log.baseAddress!.distance(to: $0) + 1 }
            } ?? bytes.count
            decoder.push(bytes[offset..<end], into: &pending)  // `take` emptied it, keeping its storage
            unreported += end - offset
            offset = end
            return true
        case .draining, .ended:
            phase = .ended
            return false
        }
    }
}
