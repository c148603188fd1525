/// GST — GNSS pseudorange error statistics.
///
///     $GPGST,150119.00,4.0,8.7,4.7,132.3,6.8,7.2,14*5F
///     1 time  2 RMS of ranges  3 semi-major σ (m)  4 semi-minor σ (m)  5 orientation (deg true)
///     6 latitude σ (m)  7 longitude σ (m)  8 altitude σ (m)
public struct GST: Sendable, Hashable {
    /// UTC time of day the sentence refers to.
    public var time: NMEATime?
    /// RMS of the pseudorange residuals, metres.
    public var rms: Double?
    /// Error ellipse: semi-major and semi-minor σ (metres), orientation (degrees true).
    public var semiMajor: Double?, semiMinor: Double?, orientation: Double?
    /// Latitude, longitude and altitude error, metres.
    public var latitudeError: Double?, longitudeError: Double?, altitudeError: Double?

    /// Reads a GST sentence's fields; one of fewer than gpsd 3.22's 8, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(8)
        time = f.time(1)
        rms = f.double(2)
        semiMajor = f.double(3)
        semiMinor = f.double(4)
        orientation = f.double(5)
        latitudeError = f.double(6)
        longitudeError = f.double(7)
        altitudeError = f.double(8)
    }
}
