/// GLL — Geographic position, latitude/longitude.
///
///     $GNGLL,4404.13387,N,12118.85628,W,000941.00,A,A*69
///     1-4 lat/lon  5 time  6 status (A valid, V invalid)  7 FAA mode (2.3+)
public struct GLL: Sendable, Hashable {
    /// Position, degrees (north and east positive); nil when empty.
    public var latitude: Double?, longitude: Double?
    /// UTC time of day the sentence refers to.
    public var time: NMEATime?
    /// `A` valid or `V` invalid.
    public var status: Character?
    /// FAA mode indicator (NMEA 2.3+: A autonomous, D differential, E estimated, N not valid).
    public var faaMode: Character?

    /// Reads a GLL sentence's fields; one of fewer than gpsd 3.22's 7, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(7)
        if let c = f.coordinate(1) { latitude = c.latitude; longitude = c.longitude }
        time = f.time(5)
        status = f.character(6)
        faaMode = f.character(7)
    }
}
