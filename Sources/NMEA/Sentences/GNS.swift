/// GNS — GNSS fix data (multi-constellation GGA).
///
///     $GNGNS,122310.2,3722.425671,N,12258.856215,W,DAAA,14,0.9,1005.543,6.5,,,S*0E
///     1 time  2-5 lat/lon  6 mode per system (N none, A autonomous, D differential, R/F RTK, E DR)
///     7 satellites  8 HDOP  9 altitude MSL  10 geoid separation  11 DGPS age  12 station  13 nav status
public struct GNS: Sendable, Hashable {
    /// UTC time of day the sentence refers to.
    public var time: NMEATime?
    /// Position, degrees (north and east positive); nil when empty.
    public var latitude: Double?, longitude: Double?
    /// Mode characters, one per constellation.
    public var modes: String?
    /// Number of satellites used in the solution.
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Altitude above mean sea level, metres.
    public var altitude: Double?
    /// Geoid separation (ellipsoid minus geoid), metres.
    public var geoidSeparation: Double?
    /// Age of differential corrections, seconds.
    public var dgpsAge: Double?
    /// Differential reference station id.
    public var dgpsStation: Int?
    /// NMEA 4.1 navigational status (S safe, C caution, U unsafe, V not valid).
    public var navigationalStatus: Character?

    /// Reads a GNS sentence's fields; one of fewer than gpsd 3.22's 13, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(13)
        time = f.time(1)
        if let c = f.coordinate(2) { latitude = c.latitude; longitude = c.longitude }
        modes = f.string(6)
        satellitesUsed = f.int(7)
        hdop = f.double(8)
        altitude = f.double(9)
        geoidSeparation = f.double(10)
        dgpsAge = f.double(11)
        dgpsStation = f.int(12)
        navigationalStatus = f.character(13)
    }
}
