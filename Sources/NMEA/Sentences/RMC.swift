/// RMC — Recommended minimum specific GNSS data.
///
///     $GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W,A*6A
///     1 time  2 status (A valid, V warning)  3-6 lat/lon  7 speed, knots  8 track, degrees true
///     9 date ddmmyy  10-11 magnetic variation, E/W  12 FAA mode (NMEA 2.3+)  13 nav status (4.1)
public struct RMC: Sendable, Hashable {
    /// UTC time of day the sentence refers to.
    public var time: NMEATime?
    /// `A` valid or `V` navigation receiver warning.
    public var status: Character?
    /// Position, degrees (north and east positive); nil when empty.
    public var latitude: Double?, longitude: Double?
    /// Speed over ground, knots.
    public var speedKnots: Double?
    /// Course over ground, degrees true.
    public var track: Double?
    /// Date of the fix, two-digit year.
    public var date: NMEADate?
    /// Magnetic variation, degrees, east positive.
    public var magneticVariation: Double?
    /// FAA mode indicator (A autonomous, D differential, E estimated, N not valid, …).
    public var faaMode: Character?
    /// Whether the time or the date field is empty (not merely unreadable): gpsd 3.22 then has
    /// no time for an invalid RMC.
    public var lacksTimeOrDate: Bool

    /// Whether the status says the fix is valid: `A`, or `D` (differential). gpsd 3.22 reads any
    /// other status — `V`, empty, or a letter it does not know — as invalid.
    public var isValid: Bool { status == "A" || status == "D" }

    /// Reads an RMC sentence's fields; one of fewer than gpsd 3.22's 8 (counted as gpsd counts them,
    /// `NMEAFields.gpsdFieldCount`: through the speed) is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(8)
        time = f.time(1)
        status = f.character(2)
        if let c = f.coordinate(3) { latitude = c.latitude; longitude = c.longitude }
        speedKnots = f.double(7)
        track = f.double(8)
        date = f.ddmmyy(9)
        if let v = f.double(10) { magneticVariation = f.firstByte(11) == UInt8(ascii: "W") ? -v : v }
        faaMode = f.character(12)
        lacksTimeOrDate = f.isEmpty(1) || f.isEmpty(9)
    }
}
