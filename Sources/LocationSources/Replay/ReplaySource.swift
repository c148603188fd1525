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
///
/// A regular file is read `chunkBytes` at a time as the playback needs them, so memory stays
/// bounded whatever its size; a file that shrinks or fails to read ends the session with
/// `.device(.lost)` and the reason in `statistics.lastError`. Each session reads the log from
/// its start.
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
    private let log: ReplayLog
    private let timeSource: any TimeSource
    private let shared = SharedStatistics()

    /// A replay of the NMEA log in `bytes`, named `id`.
    public convenience init(bytes: [UInt8], id: SourceID, pace: Pace = .realTime, timeSource: any TimeSource,
                            maximumGap: Double = 10) throws(LocationSourcesError) {
        try self.init(log: .bytes(bytes), id: id, pace: pace, timeSource: timeSource, maximumGap: maximumGap)
    }

    private init(log: ReplayLog, id: SourceID, pace: Pace, timeSource: any TimeSource, maximumGap: Double) throws(LocationSourcesError) {
        if case .recorded(let speed) = pace, !(speed > 0 && speed.isFinite) { throw .invalidSpeed(speed) }
        self.log = log
        self.id = id
        self.pace = pace
        self.timeSource = timeSource
        self.maximumGap = maximumGap
    }

    /// How much of a regular file is read at a time (64 KiB, a few hundred sentences).
    public static let chunkBytes = 1 << 16

    /// Largest NMEA log read from a FIFO or pipe (1 GiB), which is held in memory whole so that
    /// every session can replay it: a day at 10 Hz is 200–700 MB (250–800 bytes an epoch in
    /// `traces/nmea`, by the receiver's sentences). A regular file has no limit.
    public static let maximumPipedLogBytes = 1 << 30

    /// A replay of the NMEA log at `path`: a regular file of any size, kept open and read in
    /// chunks as the playback goes, or a FIFO or pipe read whole now, until its writer closes
    /// it (a start-up task cancelled meanwhile stops the read). Throws `.unreadableLog` for
    /// anything else (a directory, a device), when it cannot be opened or a pipe holds more
    /// than `maximumPipedLogBytes`.
    public convenience init(contentsOf path: String, pace: Pace = .realTime, timeSource: any TimeSource,
                            maximumGap: Double = 10) throws(LocationSourcesError) {
        let log: ReplayLog
        do {
            switch try FileContents.openFileOrReadPipe(path, maximumPipeBytes: Self.maximumPipedLogBytes) {
            case .file(let file): log = .file(file, path: path)
            case .pipe(let bytes): log = .bytes(bytes)
            }
        } catch {
            throw .unreadableLog(path: path, reason: error.description)
        }
        try self.init(log: log, id: .replay(path), pace: pace, timeSource: timeSource, maximumGap: maximumGap)
    }

    /// Counters and device state so far (all sessions of this source).
    public var statistics: SourceStatistics { shared.value }

    /// Live at a recorded pace (×N included), as a receiver would send; not as fast as possible.
    public var isLive: Bool { pace != .asFastAsPossible }

    /// Starts a session (see the type's summary) and returns its events.
    public func events() -> AsyncStream<[SourceEvent]> {
        let speed: Double? = if case .recorded(let s) = pace { s } else { nil }
        let player = ReplayPlayer(log: log, speed: speed, maximumGap: maximumGap, timeSource: timeSource, statistics: shared)
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

    init(log: ReplayLog, speed: Double?, maximumGap: Double, timeSource: any TimeSource, statistics: SharedStatistics) {
        playback = Playback(log: log)
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
        let (bytesRead, nmea, failure) = playback.report()
        statistics.update { s in
            for e in batch { s.record(e) }
            s.bytesRead += bytesRead
            s.nmea = nmea
            if let failure { s.lastError = failure }
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

/// Where a replay's log is.
private enum ReplayLog: Sendable {
    /// The whole log in memory.
    case bytes([UInt8])
    /// A regular file, read `ReplaySource.chunkBytes` at a time.
    case file(RandomAccessFile, path: String)
}

/// A log decoded a line at a time as its events are taken, framed by the replay's DEVICE events.
private struct Playback {
    /// The file read a chunk at a time, and its path; nil when the whole log is in `chunk`.
    private let file: (handle: RandomAccessFile, path: String)?
    /// The bytes read and not yet decoded from `offset` on: the whole log, or the file's latest chunk.
    private var chunk: [UInt8]
    private var offset = 0
    /// Where the file's next chunk starts.
    private var fileOffset = 0
    /// Why reading the file failed, as one line (the session then ends).
    private var failure: String?
    private var decoder = NMEAStreamDecoder()
    /// Decoded events; those from `taken` on are not handed out yet.
    private var pending: [SourceEvent] = []
    private var taken = 0
    private var phase = Phase.notStarted
    /// Bytes decoded since the last `report`.
    private var unreported = 0

    private enum Phase { case notStarted, playing, draining, ended }

    init(log: ReplayLog) {
        switch log {
        case .bytes(let bytes): (file, chunk) = (nil, bytes)
        case .file(let handle, let path): (file, chunk) = ((handle, path), [])
        }
    }

    /// Starts the playback with `.device(.connected)`; true the first time only.
    mutating func start() -> Bool {
        guard phase == .notStarted else { return false }
        phase = .playing
        pending = [.device(.connected, driver: "replay", baud: nil)]
        return true
    }

    /// Ends the playback: nothing more is taken.
    mutating func end() { phase = .ended }

    /// The bytes decoded since the last report, the decoder's counters and why reading failed.
    mutating func report() -> (bytesRead: Int, nmea: NMEAStatistics, failure: String?) {
        defer { unreported = 0 }
        return (unreported, decoder.statistics, failure)
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
            guard offset < chunk.count || readChunk() else {
                pending = decoder.finish() + [.device(.lost, driver: "replay", baud: nil)]
                phase = .draining
                return true
            }
            // A line split between chunks is pushed in two pieces: the decoder keeps the first.
            let end = chunk.withUnsafeBytes { log in  // memchr: a bytewise `firstIndex` cost more than decoding the line
                memchr(log.baseAddress! + offset, 0x0A, log.count - offset).map { log.baseAddress!.distance(to: $0) + 1 }
            } ?? chunk.count
            decoder.push(chunk[offset..<end], into: &pending)  // `take` emptied it, keeping its storage
            unreported += end - offset
            offset = end
            return true
        case .draining, .ended:
            phase = .ended
            return false
        }
    }

    /// Reads the file's next chunk into `chunk`; false at the end of the log or when reading
    /// fails (`failure` then says why).
    private mutating func readChunk() -> Bool {
        guard let file, fileOffset < file.handle.byteCount else { return false }
        do {
            chunk = try file.handle.read(at: fileOffset, count: min(ReplaySource.chunkBytes, file.handle.byteCount - fileOffset))
        } catch {
            failure = LocationSourcesError.unreadableLog(path: file.path, reason: error.description).description
            return false
        }
        fileOffset += chunk.count
        offset = 0
        return true
    }
}
