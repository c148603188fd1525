/// GGA — Global Positioning System fix data.
///
///     $GPGGA,123519.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47
///     1 time  2-5 lat/lon  6 quality (0 none, 1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float, 6 DR)
///     7 satellites used  8 HDOP  9-10 altitude MSL, M  11-12 geoid separation, M
///     13 age of DGPS data (s)  14 DGPS station id
public struct GGA: Sendable, Hashable {
    /// UTC time of day the sentence refers to.
    public var time: NMEATime?
    /// Position, degrees (north and east positive); nil when empty.
    public var latitude: Double?, longitude: Double?
    /// Fix quality indicator (field 6).
    public var quality: Int?
    /// Number of satellites used in the solution.
    public var satellitesUsed: Int?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Whether the HDOP field holds anything: gpsd 3.22 then replaces the HDOP with it, unknown when
    /// it is not a number (`M` in a receiver's garbled sentence).
    public var hdopGiven: Bool
    /// Altitude above mean sea level, metres.
    public var altitude: Double?
    /// Geoid separation, metres.
    public var geoidSeparation: Double?
    /// Age of differential corrections, seconds.
    public var dgpsAge: Double?
    /// Differential reference station id.
    public var dgpsStation: Int?

    /// Reads a GGA sentence's fields; one of fewer than gpsd 3.22's 13 (counted as gpsd counts them,
    /// `NMEAFields.gpsdFieldCount`: through the geoid separation's unit) is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(13)
        time = f.time(1)
        if let c = f.coordinate(2) { latitude = c.latitude; longitude = c.longitude }
        quality = f.int(6)
        satellitesUsed = f.int(7)
        hdop = f.double(8)
        hdopGiven = !f.isEmpty(8)
        altitude = f.double(9)
        geoidSeparation = f.double(11)
        dgpsAge = f.double(13)
        dgpsStation = f.int(14)
    }
}
