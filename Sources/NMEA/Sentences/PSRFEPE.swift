/// PSRFEPE — SiRF proprietary error estimates (SiRFstar IV and later).
///
///     $PSRFEPE,100542.000,A,0.7,6.82,10.69,0.0,180.0*24
///     1 time  2 status (A valid, V invalid)  3 HDOP  4 horizontal position error (m)
///     5 vertical position error (m)  6 speed error (m/s)  7 heading error (degrees)
public struct PSRFEPE: Sendable, Hashable {
    /// UTC time of day the estimates refer to.
    public var time: NMEATime?
    /// `A` valid or `V` invalid.
    public var status: Character?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Estimated horizontal and vertical position error, metres.
    public var horizontalError: Double?, verticalError: Double?
    /// Estimated speed error, m/s.
    public var speedError: Double?
    /// Estimated heading error, degrees.
    public var headingError: Double?

    /// Reads a PSRFEPE sentence's fields; one of fewer than gpsd 3.22's 7, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(7)
        time = f.time(1)
        status = f.character(2)
        hdop = f.double(3)
        horizontalError = f.double(4)
        verticalError = f.double(5)
        speedError = f.double(6)
        headingError = f.double(7)
    }
}
