/// PSTI,030 — SkyTraq's recommended minimum 3D GNSS data (position, velocity as east, north and
/// up components, date and time).
///
///     $PSTI,030,213121.000,A,4404.1295864,N,12118.8685453,W,1102.537,-0.01,0.01,0.03,070416,D,0.0,0.0*13
///     1 030  2 time  3 status (A valid, V invalid)  4-7 lat/lon  8 altitude above mean sea level (m)
///     9 east velocity  10 north velocity  11 up velocity (m/s)  12 date ddmmyy  13 FAA mode
///     14 RTK age  15 RTK ratio
///
/// gpsd reads it only with exactly these 15 fields (`processPSTI030`).
public struct PSTI030: Sendable, Hashable {
    /// UTC time of day the sentence refers to.
    public var time: NMEATime?
    /// `A` valid or `V` invalid.
    public var status: Character?
    /// Position, degrees (north and east positive); nil when empty.
    public var latitude: Double?, longitude: Double?
    /// Altitude above mean sea level, metres.
    public var altitudeMSL: Double?
    /// Velocity east, north and up, m/s; nil when empty (gpsd then reports none) or impossible.
    public var east: Double?, north: Double?, up: Double?
    /// Date of the fix, two-digit year.
    public var date: NMEADate?
    /// FAA mode indicator (A autonomous, D differential, F float RTK, R fixed RTK, N not valid, …).
    public var faaMode: Character?

    /// Reads a PSTI,030 sentence's fields (field 1 is the `030` subtype).
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(16)
        time = f.time(2)
        status = f.character(3)
        if let c = f.coordinate(4) { latitude = c.latitude; longitude = c.longitude }
        altitudeMSL = f.double(8)
        east = f.double(9)
        north = f.double(10)
        up = f.double(11)
        date = f.ddmmyy(12)
        faaMode = f.character(13)
    }
}

/// PSTI,032 — SkyTraq's RTK baseline. gpsd 3.22 takes only its date and time from it (when its
/// status is `A`), which makes it one more timestamped `PSTI` sentence for the end-of-cycle
/// detector: the baseline itself is not reported.
///
///     $PSTI,032,041457.000,170316,A,R,0.603,-0.837,-0.089,1.036,144.22,,,,,*1B
///     1 032  2 time  3 date ddmmyy  4 status (A valid, V void)  5 mode (F float, R fixed RTK)
///     6-8 baseline east, north, up (m)  9 length (m)  10 course (degrees)  11-15 reserved
public struct PSTI032: Sendable, Hashable {
    /// UTC time of day the sentence refers to.
    public var time: NMEATime?
    /// Date of the baseline, two-digit year.
    public var date: NMEADate?
    /// `A` valid or `V` void.
    public var status: Character?

    /// Reads a PSTI,032 sentence's fields (field 1 is the `032` subtype).
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(16)
        time = f.time(2)
        date = f.ddmmyy(3)
        status = f.character(4)
    }
}
