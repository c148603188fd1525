/// GBS — GNSS satellite fault detection (RAIM): expected position errors.
///
///     $GNGBS,003956.00,2.3,3.5,4.0,,,,,,*55
///     1 time  2 latitude error (m)  3 longitude error (m)  4 altitude error (m)
///     5 most likely failed satellite  6 probability of missed detection  7 bias  8 σ of bias
public struct GBS: Sendable, Hashable {
    /// UTC time of day the sentence refers to.
    public var time: NMEATime?
    /// Latitude, longitude and altitude error, metres.
    public var latitudeError: Double?, longitudeError: Double?, altitudeError: Double?

    /// Reads a GBS sentence's fields; one of fewer than gpsd 3.22's 7, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(7)
        time = f.time(1)
        latitudeError = f.double(2)
        longitudeError = f.double(3)
        altitudeError = f.double(4)
    }
}
