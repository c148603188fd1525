/// PGRME — Garmin proprietary estimated position errors.
///
///     $PGRME,15.0,M,45.0,M,25.0,M*22
///     1 horizontal error  2 unit  3 vertical error  4 unit  5 spherical error  6 unit
///
/// Garmin does not say what the figures are; gpsd reads them as 50 % CEP figures and scales
/// them to its 95 % confidence (see `FixAssembler.handlePGRME`).
public struct PGRME: Sendable, Hashable {
    /// Estimated horizontal, vertical and spherical position error, in `unit`s.
    public var horizontalError: Double?, verticalError: Double?, sphericalError: Double?
    /// Whether all three figures are in metres (`M`): gpsd ignores the sentence otherwise.
    public var inMetres: Bool

    /// Reads a PGRME sentence's fields; one of fewer than gpsd 3.22's 7, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(7)
        horizontalError = f.double(1)
        verticalError = f.double(3)
        sphericalError = f.double(5)
        inMetres = f.firstByte(2) == UInt8(ascii: "M") && f.firstByte(4) == UInt8(ascii: "M") && f.firstByte(6) == UInt8(ascii: "M")
    }
}
