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
        let f = raw(i)
        guard f.count >= 6 else { return nil }
        var digits = [Int](repeating: 0, count: 6)
        for k in 0..<6 {
            let b = f[f.startIndex + k]
            guard b >= 0x30, b <= 0x39 else { return nil }
            digits[k] = Int(b - 0x30)
        }
        var nanos = 0
        if f.count > 7, f[f.startIndex + 6] == UInt8(ascii: "."), let frac = NumberParsing.leadingInt(f.dropFirst(7)) {
            let length = f.dropFirst(7).prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            nanos = length <= 9 ? frac * Int(NumberParsing.powersOfTen[9 - length]) : 0
        }
        let time = NMEATime(hour: digits[0] * 10 + digits[1], minute: digits[2] * 10 + digits[3],
                            second: digits[4] * 10 + digits[5], nanoseconds: nanos)
        guard time.hour < 24, time.minute < 60, time.second <= 60 else { return nil }
        return time
    }

    /// Field `i` as `ddmmyy`; nil if not exactly six digits or out of range.
    public func ddmmyy(_ i: Int) -> NMEADate? {
        let f = raw(i)
        guard f.count == 6, f.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let d = f.map { Int($0 - 0x30) }
        let date = NMEADate(day: d[0] * 10 + d[1], month: d[2] * 10 + d[3], year: d[4] * 10 + d[5])
        guard (1...12).contains(date.month), (1...31).contains(date.day) else { return nil }
        return date
    }

    /// A latitude/longitude pair from fields `i`…`i+3` (`ddmm.mmmm,N,dddmm.mmmm,E`), degrees.
    ///
    /// Converted as (whole minutes + fraction) / 60, with whole minutes = 60·dd + mm from the
    /// integer digits and the fraction from the decimals: this reproduces gpsd 3.22's results to
    /// the last printed digit. Nil if any of the four fields is empty or malformed.
    public func coordinate(_ i: Int) -> (latitude: Double, longitude: Double)? {
        guard var lat = Self.degrees(raw(i)), let ns = character(i + 1), var lon = Self.degrees(raw(i + 2)), let ew = character(i + 3)
        else { return nil }
        if ns == "S" { lat = -lat }
        if ew == "W" { lon = -lon }
        guard abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        return (lat, lon)
    }

    /// `dddmm.mmmm` → degrees; nil if not digits with at most one point.
    private static func degrees(_ field: ArraySlice<UInt8>) -> Double? {
        guard !field.isEmpty else { return nil }
        let point = field.firstIndex(of: UInt8(ascii: ".")) ?? field.endIndex
        let integer = field[field.startIndex..<point]
        guard !integer.isEmpty, integer.count <= 9, integer.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let whole = integer.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        var fraction = 0.0
        if point < field.endIndex {
            let decimals = field[(point + 1)...]
            if !decimals.isEmpty {
                guard decimals.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = NumberParsing.double(field[point...]) else { return nil }
                fraction = value
            }
        }
        let minutes = Double(whole / 100 * 60 + whole % 100) + fraction
        return minutes / 60
    }
}
