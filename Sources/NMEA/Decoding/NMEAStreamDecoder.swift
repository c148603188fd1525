public import Positioning

/// Bytes in, `SourceEvent`s out: framing, checksum policy, parsing and cycle assembly in one value.
///
/// Emits `.sentence` for every accepted sentence (checksum valid, or absent as gpsd accepts),
/// then `.fix` / `.sky` / `.noise` exactly where gpsd 3.22 would report a TPV / SKY / GST for the same input.
/// Feeding the same bytes in any chunking gives the same events.
public struct NMEAStreamDecoder: Sendable {
    private var framer = NMEAFramer()
    private var assembler = FixAssembler()
    private var counters = NMEAStatistics()
    /// The field bounds' memory, reused from sentence to sentence.
    private var fieldStorage: [Int] = []
    /// Where the `.sentence` events' bytes are copied.
    private var texts = SentenceText.Writer()

    /// A decoder with no history.
    public init() {}

    /// What has been seen so far.
    public var statistics: NMEAStatistics {
        var s = counters
        s.discardedBytes = framer.discardedBytes
        s.overlong = framer.overlongSentences
        s.rejectedValues = counters.rejectedValues + assembler.rejectedDates
        return s
    }

    /// Feeds bytes; returns the events they complete.
    public mutating func push(_ bytes: some Collection<UInt8>) -> [SourceEvent] {
        var events: [SourceEvent] = []
        push(bytes, into: &events)
        return events
    }

    /// Feeds bytes; appends the events they complete to `events` (a caller decoding line by
    /// line reuses one array).
    public mutating func push(_ bytes: some Collection<UInt8>, into events: inout [SourceEvent]) {
        var framer = takeFramer()
        framer.push(bytes) { handle($0, into: &events) }
        self.framer = framer
    }

    /// Ends the stream (an unterminated last line is dropped, as gpsd does).
    public mutating func finish() -> [SourceEvent] {
        var events: [SourceEvent] = []
        for frame in framer.finish() { handle(frame, into: &events) }
        return events
    }

    /// Feeds bytes; returns the gpsd-shaped reports (fix, sky and noise) they complete.
    public mutating func pushReports(_ bytes: some Collection<UInt8>) -> [AssembledReport] {
        var reports: [AssembledReport] = []
        pushReports(bytes) { reports.append($0) }
        return reports
    }

    /// Feeds bytes; hands each gpsd-shaped report (fix, sky and noise) they complete to `body`,
    /// in order, as soon as its sentence is decoded.
    public mutating func pushReports(_ bytes: some Collection<UInt8>, _ body: (AssembledReport) -> Void) {
        var framer = takeFramer()
        framer.push(bytes) { frame in
            var positionRejected = false
            guard let sentence = accept(frame, positionRejected: &positionRejected) else { return }
            var tally = ReportTally()
            _ = assembler.apply(sentence, positionRejected: positionRejected) { report in
                tally.count(report)
                body(report)
            }
            tally.add(to: &counters)
        }
        self.framer = framer
    }

    /// The framer, moved out for a push (the closure it calls mutates the rest of `self`);
    /// the push puts it back.
    private mutating func takeFramer() -> NMEAFramer {
        let taken = framer
        framer = NMEAFramer(maxLength: 0)  // a placeholder: reserves no storage
        return taken
    }

    private mutating func handle(_ frame: NMEAFrame, into events: inout [SourceEvent]) {
        var positionRejected = false
        guard let sentence = accept(frame, positionRejected: &positionRejected) else { return }
        events.append(.sentence(texts.text(frame.bytes)))
        var tally = ReportTally()
        _ = assembler.apply(sentence, positionRejected: positionRejected) { report in
            tally.count(report)
            switch report {
            case .fix(let fix): events.append(.fix(fix))
            case .sky(let sky): events.append(.sky(sky))
            case .noise(let noise): events.append(.noise(noise))
            }
        }
        tally.add(to: &counters)
    }

    /// Reports counted while the assembler runs (the closure it calls cannot touch `counters`).
    private struct ReportTally {
        var fixes = 0, skyViews = 0

        mutating func count(_ report: AssembledReport) {
            switch report {
            case .fix: fixes += 1
            case .sky: skyViews += 1
            case .noise: break
            }
        }

        func add(to counters: inout NMEAStatistics) {
            counters.fixes += fixes
            counters.skyViews += skyViews
        }
    }

    /// Applies checksum policy and parses; nil for dropped frames. `positionRejected` says the
    /// parser dropped the sentence's position as impossible. (No optional tuple is returned: its
    /// destruction went through the runtime's generic value witnesses, ~5 % of decoding.)
    @inline(__always)
    private mutating func accept(_ frame: NMEAFrame, positionRejected: inout Bool) -> NMEASentence? {
        guard frame.checksum != .invalid else {
            counters.badChecksum += 1
            return nil
        }
        counters.sentences += 1
        let fields = NMEAFields(frame.bytes, reusing: &fieldStorage)
        var rejected = ValueRejections.none
        let sentence: NMEASentence
        do {
            sentence = try SentenceParser.parse(fields, rejected: &rejected)
        } catch {
            sentence = .unrecognized(address: "")
            rejected = .none
        }
        fieldStorage = fields.reclaimStorage()
        if case .unrecognized = sentence { counters.unrecognized += 1 }
        counters.rejectedValues += rejected.count
        positionRejected = rejected.count > 0 && rejected.position
        return sentence
    }
}
