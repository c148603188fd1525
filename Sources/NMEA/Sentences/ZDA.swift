/// ZDA — Time and date.
///
///     $GPZDA,160012.71,11,03,2004,-1,00*7D
///     1 time  2 day  3 month  4 year (4 digits)  5-6 local zone hours, minutes
public struct ZDA: Sendable, Hashable {
    /// UTC time of day the sentence refers to.
    public var time: NMEATime?
    /// The date, nil when any part is empty or out of range (1900–2200).
    public var date: NMEADate?

    /// Reads a ZDA sentence's fields; one of fewer than gpsd 3.22's 4, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(4)
        time = f.time(1)
        if let d = f.int(2), let m = f.int(3), let y = f.int(4), (1...31).contains(d), (1...12).contains(m), (1900...2200).contains(y) {
            date = NMEADate(day: d, month: m, year: y)
        }
    }
}
