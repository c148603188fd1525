/// PGRMF — Garmin proprietary fix data.
///
///     $PGRMF,290,293895,160305,093802,13,5213.1439,N,02100.6511,E,A,2,0,226,2,1*11
///     1 GPS week  2 GPS seconds  3 UTC date ddmmyy  4 UTC time hhmmss  5 leap seconds
///     6-9 lat/lon  10 mode (A automatic, M manual)  11 fix (0 none, 1 2D, 2 3D)
///     12 ground speed, km/h  13 course, degrees true  14 PDOP  15 TDOP
public struct PGRMF: Sendable, Hashable {
    /// UTC date and time of day of the fix.
    public var date: NMEADate?, time: NMEATime?
    /// GPS − UTC leap seconds.
    public var leapSeconds: Int?
    /// Whether the GPS week and seconds fields start with a digit (gpsd then prefers them to the
    /// UTC date and time, given leap seconds).
    public var hasGPSTime: Bool
    /// Position, degrees (north and east positive); nil when empty.
    public var latitude: Double?, longitude: Double?
    /// `A` automatic or `M` manual.
    public var mode: Character?
    /// Fix type: 0 no fix, 1 2D, 2 3D.
    public var fixType: Int?
    /// Ground speed (km/h) and course (degrees true); gpsd reads empty ones as 0.
    public var speedKmh: Double?, course: Double?
    /// Position and time dilution of precision.
    public var pdop: Double?, tdop: Double?

    /// Reads a PGRMF sentence's fields; one of fewer than gpsd 3.22's 15, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(15)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        hasGPSTime = f.firstByte(1).map(digits.contains) == true && f.firstByte(2).map(digits.contains) == true
        date = f.ddmmyy(3)
        time = f.time(4)
        leapSeconds = f.int(5)
        if let c = f.coordinate(6) { latitude = c.latitude; longitude = c.longitude }
        mode = f.character(10)
        fixType = f.int(11)
        speedKmh = f.double(12)
        course = f.double(13)
        pdop = f.double(14)
        tdop = f.double(15)
    }
}
