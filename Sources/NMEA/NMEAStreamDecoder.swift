// TEMPORARY STAND-IN, not for merge: the real NMEA module is written by another helper with
// this same public API (NMEAStreamDecoder, NMEAStatistics). Only what LocationSources needs
// for its tests: checksummed line framing, GGA/RMC cycles → Fix. Drop this commit on merge.
public import Positioning
import Timekeeping
import Geodesy

/// Counters of what a decoder accepted and dropped (stand-in).
public struct NMEAStatistics: Sendable, Hashable {
    /// Sentences with a valid checksum.
    public var sentences = 0
    /// Lines whose checksum did not match.
    public var badChecksums = 0
    /// Bytes outside any sentence.
    public var discardedBytes = 0
    /// Fixes emitted.
    public var fixes = 0
    /// An empty set of counters.
    public init() {}
}

/// Bytes in, events out (stand-in): `.sentence` for each valid sentence, `.fix` per cycle.
public struct NMEAStreamDecoder: Sendable {
    private var line: [UInt8] = []
    private var cycleTime: String?
    private var fix = Fix()
    private var date: (Int, Int, Int)?
    /// What has been decoded and dropped so far.
    public var statistics = NMEAStatistics()

    /// A decoder with nothing buffered.
    public init() {}

    /// Feeds bytes; returns the events they completed.
    public mutating func push(_ bytes: some Collection<UInt8>) -> [SourceEvent] {
        var events: [SourceEvent] = []
        for b in bytes {
            if b == 0x0A {
                events += take(line)
                line.removeAll(keepingCapacity: true)
            } else if line.count < 200 {
                line.append(b)
            } else {
                statistics.discardedBytes += line.count
                line.removeAll()
            }
        }
        return events
    }

    /// Ends the stream: flushes the last cycle.
    public mutating func finish() -> [SourceEvent] {
        var events = take(line)
        line.removeAll()
        if cycleTime != nil { events.append(emit()) }
        cycleTime = nil
        return events
    }

    private mutating func take(_ raw: [UInt8]) -> [SourceEvent] {
        var bytes = raw
        while bytes.last == 0x0D { bytes.removeLast() }
        guard let start = bytes.firstIndex(of: 0x24), let star = bytes.lastIndex(of: 0x2A), star > start, star + 3 == bytes.count else {
            statistics.discardedBytes += raw.count
            return []
        }
        statistics.discardedBytes += start
        let body = bytes[(start + 1)..<star]
        let sum = body.reduce(UInt8(0), ^)
        guard let given = UInt8(String(decoding: bytes[(star + 1)...], as: UTF8.self), radix: 16), given == sum else {
            statistics.badChecksums += 1
            return []
        }
        statistics.sentences += 1
        let text = String(decoding: bytes[start...], as: UTF8.self)
        var events: [SourceEvent] = []
        let f = String(decoding: body, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let type = f[0].suffix(3)
        if (type == "GGA" || type == "RMC"), f.count > 6 {
            if let c = cycleTime, c != f[1] { events.append(emit()) }
            cycleTime = f[1]
            apply(type: String(type), f)
        }
        return [.sentence(text)] + events
    }

    private mutating func apply(type: String, _ f: [String]) {
        let coordinate = Self.coordinate(f, type == "GGA" ? 2 : 3)
        if type == "GGA" {
            let quality = Int(f[6]) ?? 0
            if quality > 0, let coordinate {
                fix.coordinate = coordinate
                fix.altitudeMSL = f.count > 9 ? Double(f[9]) : nil
                fix.mode = max(fix.mode, fix.altitudeMSL == nil ? .twoD : .threeD)
            } else {
                fix.mode = max(fix.mode, .noFix)
            }
            fix.satellitesUsed = Int(f[7])
        } else {
            if f[2] == "A", let coordinate {
                fix.coordinate = coordinate
                fix.mode = max(fix.mode, .twoD)
                fix.speed = Double(f[7]).map { $0 * 1852 / 3600 }
                fix.course = Double(f[8])
            }
            if f.count > 9, f[9].count == 6, let d = Int(f[9]) { date = (2000 + d % 100, d / 100 % 100, d / 10000) }
        }
        if let date, let t = Double(f[1]), f[1].count >= 6 {
            let h = Int(t / 10000), m = Int(t / 100) % 100
            fix.time = Timestamp(year: date.0, month: date.1, day: date.2, hour: h, minute: m, second: t - Double(h * 10000 + m * 100))
        }
    }

    private mutating func emit() -> SourceEvent {
        defer { fix = Fix() }
        statistics.fixes += 1
        return .fix(fix)
    }

    private static func coordinate(_ f: [String], _ i: Int) -> Coordinate? {
        guard f.count > i + 3, let la = Double(f[i]), let lo = Double(f[i + 2]) else { return nil }
        let lat = (la / 100).rounded(.towardZero) + la.truncatingRemainder(dividingBy: 100) / 60
        let lon = (lo / 100).rounded(.towardZero) + lo.truncatingRemainder(dividingBy: 100) / 60
        return Coordinate(latitude: f[i + 1] == "S" ? -lat : lat, longitude: f[i + 3] == "W" ? -lon : lon)
    }
}
