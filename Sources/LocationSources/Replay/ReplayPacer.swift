import Positioning
import Timekeeping

/// When each replayed event is due: events keep the spacing of their recorded times (a
/// fix's time, or the UTC time field of a sentence), divided by the speed.
///
/// Works on the time of day so that logs without dates pace too; midnight wraps are
/// unwrapped, and a jump of more than `maximumGap` seconds (a receiver reset, a log spliced
/// from two runs) is played as no pause. Untimed events (GSV, GSA, device) are due at once.
struct ReplayPacer: Sendable {
    let start: Timestamp
    let speed: Double
    let maximumGap: Double
    /// The latest recorded time of day seen (events of an earlier cycle may trail it).
    private var latest: Double?
    private var elapsed = 0.0

    /// A pacer playing from `start` at `speed` (× recorded time).
    init(start: Timestamp, speed: Double, maximumGap: Double) {
        self.start = start
        self.speed = speed
        self.maximumGap = maximumGap
    }

    /// The instant `event` is due, or nil if it carries no time.
    mutating func deadline(for event: SourceEvent) -> Timestamp? {
        guard let key = Self.timeOfDay(event) else { return nil }
        guard let latest else {
            self.latest = key
            return start
        }
        var step = key - latest
        if step < -43_200 { step += 86_400 }  // past midnight
        if step > 0 {
            if step <= maximumGap { elapsed += step }
            self.latest = key
        } else if step < -maximumGap {
            self.latest = key  // the clock went back for good (receiver reset): continue from here
        }
        return start.adding(elapsed / speed)
    }

    /// Seconds since midnight UTC of the event's recorded time.
    static func timeOfDay(_ event: SourceEvent) -> Double? {
        switch event {
        case .fix(let fix):
            guard let t = fix.time?.secondsSince1970 else { return nil }
            let r = t.truncatingRemainder(dividingBy: 86_400)
            return r < 0 ? r + 86_400 : r
        case .sentence(let text):
            return timeOfDay(sentence: text.string)
        case .sky, .noise, .device:
            return nil
        }
    }

    /// The `hhmmss.ss` field of GGA, RMC, GNS, ZDA, GST, GBS, GRS (field 1) or GLL (field 5).
    static func timeOfDay(sentence: String) -> Double? {
        let fields = sentence.split(separator: ",", maxSplits: 6, omittingEmptySubsequences: false)
        guard let head = fields.first, head.count >= 6 else { return nil }
        let index: Int
        switch head.suffix(3) {
        case "GGA", "RMC", "GNS", "ZDA", "GST", "GBS", "GRS": index = 1
        case "GLL": index = 5
        default: return nil
        }
        guard fields.count > index else { return nil }
        let field = fields[index].prefix { $0 != "*" }
        let digits = Array(field.utf8)
        guard digits.count >= 6, digits.prefix(6).allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let seconds = Double(field.dropFirst(4))
        else { return nil }
        let hours = Double(Int(digits[0] - 48) * 10 + Int(digits[1] - 48))
        let minutes = Double(Int(digits[2] - 48) * 10 + Int(digits[3] - 48))
        guard hours < 24, minutes < 60, seconds < 61 else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }
}
