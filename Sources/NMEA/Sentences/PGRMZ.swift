/// PGRMZ — Garmin proprietary altitude.
///
///     $PGRMZ,246,f,3*1B
///     1 altitude (feet, whole)  2 `f`  3 fix (1 none, 2 2D, 3 3D)
public struct PGRMZ: Sendable, Hashable {
    /// Altitude above mean sea level in whole feet, as sent; nil when empty or not in feet.
    public var altitudeFeet: Int?
    /// Fix type: 1 no fix, 2 2D, 3 3D.
    public var fixType: Character?

    /// Reads a PGRMZ sentence's fields; one of fewer than gpsd 3.22's 4, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(4)
        altitudeFeet = f.firstByte(2) == UInt8(ascii: "f") ? f.int(1) : nil
        fixType = f.character(3)
    }
}
