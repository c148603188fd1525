/// A UTC time of day as NMEA writes it (`hhmmss.sss`).
public struct NMEATime: Sendable, Hashable {
    /// Hour 0–23.
    public var hour: Int
    /// Minute 0–59.
    public var minute: Int
    /// Second 0–60.
    public var second: Int
    /// Fraction of the second, nanoseconds.
    public var nanoseconds: Int

    /// A time of day.
    public init(hour: Int, minute: Int, second: Int, nanoseconds: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanoseconds = nanoseconds
    }

    /// Seconds since midnight, including the fraction.
    public var secondsOfDay: Double {
        Double(hour * 3600 + minute * 60 + second) + Double(nanoseconds) / 1e9
    }
}

/// A calendar date from RMC (`ddmmyy`, two-digit year) or ZDA (four-digit year).
public struct NMEADate: Sendable, Hashable {
    /// Day of month 1–31.
    public var day: Int
    /// Month 1–12.
    public var month: Int
    /// Year as given: two digits for RMC, four for ZDA.
    public var year: Int

    /// A date.
    public init(day: Int, month: Int, year: Int) {
        self.day = day
        self.month = month
        self.year = year
    }
}

extension NMEAFields {
    /// Field `i` as `hhmmss[.sss]`; nil if empty or malformed (gpsd's `merge_hhmmss` rules).
    public func time(_ i: Int) -> NMEATime? {
        let f = bounds(i)
        guard f.count >= 6 else { return nil }
        /// The two-digit number at `k`…`k + 1` of the field, nil unless both are digits.
        func pair(_ k: Int) -> Int? {
            let a = bytes[f.lowerBound + k], b = bytes[f.lowerBound + k + 1]
            guard a >= 0x30, a <= 0x39, b >= 0x30, b <= 0x39 else { return nil }
            return Int(a - 0x30) * 10 + Int(b - 0x30)
        }
        guard let hour = pair(0), let minute = pair(2), let second = pair(4) else { return nil }
        var nanos = 0
        if f.count > 7, bytes[f.lowerBound + 6] == UInt8(ascii: "."), let (frac, length) = NumberParsing.leadingDigits(bytes, (f.lowerBound + 7)..<f.upperBound) {
            nanos = length <= 9 ? frac * Int(NumberParsing.powersOfTen[9 - length]) : 0
        }
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        return NMEATime(hour: hour, minute: minute, second: second, nanoseconds: nanos)
    }

    /// Field `i` as `ddmmyy`; nil if not exactly six digits or out of range.
    public func ddmmyy(_ i: Int) -> NMEADate? {
        let f = bounds(i)
        guard f.count == 6 else { return nil }
        var d = (0, 0, 0)
        for k in f {
            let b = bytes[k]
            guard b >= 0x30, b <= 0x39 else { return nil }
            let value = Int(b - 0x30)
            switch k - f.lowerBound {
            case 0, 1: d.0 = d.0 * 10 + value
            case 2, 3: d.1 = d.1 * 10 + value
            default: d.2 = d.2 * 10 + value
            }
        }
        let date = NMEADate(day: d.0, month: d.1, year: d.2)
        guard (1...12).contains(date.month), (1...31).contains(date.day) else { return nil }
        return date
    }

    /// A latitude/longitude pair from fields `i`…`i+3` (`ddmm.mmmm,N,dddmm.mmmm,E`), degrees.
    ///
    /// Converted as (whole minutes + fraction) / 60, with whole minutes = 60·dd + mm from the
    /// integer digits and the fraction from the decimals: this reproduces gpsd 3.22's results to
    /// the last printed digit. Nil if any of the four fields is empty or malformed, or when a
    /// latitude or longitude has no decimal point (`4807`: gpsd 3.22 reads none from it).
    public func coordinate(_ i: Int) -> (latitude: Double, longitude: Double)? {
        guard var lat = degrees(bounds(i)), let ns = firstByte(i + 1), var lon = degrees(bounds(i + 2)), let ew = firstByte(i + 3)
        else { return nil }
        if ns == UInt8(ascii: "S") { lat = -lat }
        if ew == UInt8(ascii: "W") { lon = -lon }
        guard abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        return (lat, lon)
    }

    /// `dddmm.mmmm` in `bytes[field]` → degrees; nil if not digits with exactly one point.
    private func degrees(_ field: Range<Int>) -> Double? {
        guard !field.isEmpty else { return nil }
        var point = field.upperBound
        var whole = 0
        for k in field {
            let b = bytes[k]
            if b == UInt8(ascii: ".") {
                point = k
                break
            }
            guard k - field.lowerBound < 9, b >= 0x30, b <= 0x39 else { return nil }  // at most nine integer digits
            whole = whole * 10 + Int(b - 0x30)
        }
        guard point > field.lowerBound, point < field.upperBound else { return nil }
        var fraction = 0.0
        if point + 1 < field.upperBound {
            for k in (point + 1)..<field.upperBound where bytes[k] < 0x30 || bytes[k] > 0x39 { return nil }
            guard let value = NumberParsing.double(bytes, point..<field.upperBound) else { return nil }
            fraction = value
        }
        let minutes = Double(whole / 100 * 60 + whole % 100) + fraction
        return minutes * (1.0 / 60.0)
    }
}
