/// A UTC instant with sub-second precision, as seconds since 1970-01-01T00:00:00Z.
///
/// Fixes carry real UTC times (a simulator mints them), which Swift's opaque `Clock` instants
/// cannot express; this is why Waygate has its own type.
///
/// Every instant lies in `representableRange` (years 0000–9999, what ISO 8601's four-digit
/// year can write): the initialiser and `adding(_:)` clamp into it, so no value, however
/// large, can crash a conversion to calendar fields. `init?(validSecondsSince1970:)` and the
/// `Decodable` conformance reject such values instead.
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Seconds since the Unix epoch (UTC, leap seconds not counted, as POSIX time). Kept in
    /// `representableRange` by the initialisers; a value stored directly outside it is
    /// clamped wherever it is converted.
    public var secondsSince1970: Double

    /// The instants a `Timestamp` can hold: 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.
    public static let representableRange: ClosedRange<Double> = -62_167_219_200 ... 253_402_300_799.999

    /// An instant `secondsSince1970` seconds after the Unix epoch, clamped into
    /// `representableRange`; NaN is read as the epoch itself.
    public init(secondsSince1970: Double) {
        self.secondsSince1970 = Self.clamped(secondsSince1970)
    }

    /// An instant `secondsSince1970` seconds after the Unix epoch; nil when the value is not
    /// finite or outside `representableRange` (for values read from outside).
    public init?(validSecondsSince1970: Double) {
        guard Self.representableRange.contains(validSecondsSince1970) else { return nil }
        secondsSince1970 = validSecondsSince1970
    }

    /// Decodes the keyed form `{"secondsSince1970": …}`, refusing values that are not
    /// finite or outside `representableRange`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let value = try container.decode(Double.self, forKey: .secondsSince1970)
        guard let valid = Timestamp(validSecondsSince1970: value) else {
            throw DecodingError.dataCorruptedError(
                forKey: .secondsSince1970, in: container, debugDescription: "\(value) is not a time between years 0 and 9999")
        }
        self = valid
    }

    private static func clamped(_ seconds: Double) -> Double {
        if seconds.isNaN { return 0 }
        return min(max(seconds, representableRange.lowerBound), representableRange.upperBound)
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.secondsSince1970 < b.secondsSince1970 }

    /// This instant moved by `seconds`, clamped into `representableRange`; a NaN offset
    /// leaves it unchanged.
    public func adding(_ seconds: Double) -> Timestamp {
        seconds.isNaN ? self : Timestamp(secondsSince1970: secondsSince1970 + seconds)
    }

    /// Seconds from `other` to this instant (positive when `self` is later).
    public func seconds(since other: Timestamp) -> Double { secondsSince1970 - other.secondsSince1970 }

    /// The instant of a UTC calendar date and time of day; nil if a field is out of range,
    /// including days the month does not have (31 February) and years outside 0–9999.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0) {
        guard (0...9999).contains(year), (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), second >= 0, second < 61
        else { return nil }
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        secondsSince1970 = Double(days * 86_400 + hour * 3_600 + minute * 60) + second
    }

    /// The number of days of `month` (1–12) in `year` (proleptic Gregorian).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The UTC calendar fields of this instant; `second` includes the fraction.
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double) {
        let seconds = Self.clamped(secondsSince1970)
        let whole = Int(seconds.rounded(.down))
        let fraction = seconds - Double(whole)
        var days = whole / 86_400
        var secs = whole % 86_400
        if secs < 0 {
            secs += 86_400
            days -= 1
        }
        let (y, m, d) = Self.civilFromDays(days)
        return (y, m, d, secs / 3_600, (secs % 3_600) / 60, Double(secs % 60) + fraction)
    }

    /// ISO 8601 in UTC with milliseconds, e.g. `2026-11-29T17:55:42.123Z` (the wire format).
    public var iso8601: String { iso8601(fractionDigits: 3) }

    /// ISO 8601 in UTC with the given number of fraction digits (0–9; others are clamped).
    public func iso8601(fractionDigits: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        appendISO8601(fractionDigits: fractionDigits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `iso8601(fractionDigits:)`'s text to `bytes` as UTF-8, without making a String
    /// (the wire and gpsd writers put times straight into their buffers).
    public func appendISO8601(fractionDigits: Int, to bytes: inout [UInt8]) {
        // Put together on the stack and appended at once: one capacity check, not one per byte.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.iso8601MaximumCount) { text in
            guard let start = text.baseAddress else { return }
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: writeISO8601(fractionDigits: fractionDigits, to: start)))
        }
    }

    /// The most bytes `writeISO8601` writes: 7 numbers of 21 bytes (20 digits and a sign) and 7
    /// separators.
    public static let iso8601MaximumCount = 160

    /// Writes `iso8601(fractionDigits:)`'s text at `out` (room for `iso8601MaximumCount` bytes)
    /// as UTF-8 and returns how many bytes, for writers that reserved room in their own buffer.
    public func writeISO8601(fractionDigits: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = min(max(fractionDigits, 0), 9)
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        // Whole seconds and the fraction are split in Double: seconds × 10⁹ overflows Int past 2262.
        let scaled = (Self.clamped(secondsSince1970) * scale).rounded()
        let unitsPerSecond = Int(scale)
        let whole = (scaled / scale).rounded(.down)
        var wholeSeconds = Int(whole)
        var fraction = Int((scaled - whole * scale).rounded())
        if fraction < 0 {
            fraction += unitsPerSecond
            wholeSeconds -= 1
        } else if fraction >= unitsPerSecond {
            fraction -= unitsPerSecond
            wholeSeconds += 1
        }
        let c = Timestamp(secondsSince1970: Double(wholeSeconds)).components
        var n = 0
        func number(_ value: Int, _ width: Int) { n += writePadded(value, width, to: out + n) }
        func byte(_ b: UInt8) {
            out[n] = b
            n += 1
        }
        number(c.year, 4)
        byte(UInt8(ascii: "-"))
        number(c.month, 2)
        byte(UInt8(ascii: "-"))
        number(c.day, 2)
        byte(UInt8(ascii: "T"))
        number(c.hour, 2)
        byte(UInt8(ascii: ":"))
        number(c.minute, 2)
        byte(UInt8(ascii: ":"))
        number(Int(c.second), 2)
        if digits > 0 {
            byte(UInt8(ascii: "."))
            number(fraction, digits)
        }
        byte(UInt8(ascii: "Z"))
        return n
    }

    public var description: String { iso8601 }

    /// Parses ISO 8601 `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM)`; nil if it is not one.
    public init?(iso8601 text: String) {
        let b = Array(text.utf8)
        func int(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var v = 0
            for i in from..<(from + count) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard b.count >= 19, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 32, b[13] == 58, b[16] == 58,
            let y = int(0, 4), let mo = int(5, 2), let d = int(8, 2), let h = int(11, 2), let mi = int(14, 2),
            let s = int(17, 2)
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offset = 0
        if i < b.count {
            if b[i] == 90 && i == b.count - 1 {
                offset = 0
            } else if (b[i] == 43 || b[i] == 45), let oh = int(i + 1, 2) {
                var om = 0
                if b.count == i + 6, b[i + 3] == 58, let m = int(i + 4, 2) { om = m } else if b.count != i + 3 { return nil }
                guard oh <= 23, om <= 59 else { return nil }  // +99:99 is no offset (it read as 4 days)
                offset = (oh * 60 + om) * 60 * (b[i] == 45 ? -1 : 1)
            } else {
                return nil
            }
        }
        guard let t = Timestamp(year: y, month: mo, day: d, hour: h, minute: mi, second: Double(s) + fraction) else {
            return nil
        }
        self = t.adding(Double(-offset))
    }

    // Howard Hinnant's days_from_civil / civil_from_days, proleptic Gregorian.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

/// Writes `String(value)` left-padded with zeros to `width` characters (a sign counts as one)
/// at `out` (room for `max(width, 21)` bytes); returns the number of bytes written.
private func writePadded(_ value: Int, _ width: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
    var digits = 1
    var rest = value.magnitude / 10
    while rest > 0 {
        digits += 1
        rest /= 10
    }
    let length = digits + (value < 0 ? 1 : 0)
    var n = 0
    while n < width - length {
        out[n] = UInt8(ascii: "0")
        n += 1
    }
    if value < 0 {
        out[n] = UInt8(ascii: "-")
        n += 1
    }
    rest = value.magnitude
    for k in stride(from: n + digits - 1, through: n, by: -1) {
        out[k] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
    }
    return n + digits
}
