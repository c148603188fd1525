/// PGRMZ — Garmin proprietary altitude.
///
///     $PGRMZ,246,f,3*1B
///     1 altitude (feet, whole)  2 `f`  3 fix (1 none, 2 2D, 3 3D)
public struct PGRMZ: Sendable, Hashable {
    /// Altitude above mean sea level in whole feet, as sent; nil when empty or not in feet.
    public var altitudeFeet: Int?
    /// Fix type: 1 no fix, 2 2D, 3 3D.
    public var fixType: Character?

    /// Reads a PGRMZ sentence's fields.
    public init(_ f: NMEAFields) throws {
        guard f.count >= 4 else { throw NMEAError.tooFewFields(f.text, needed: 4, got: f.count) }
        altitudeFeet = f.firstByte(2) == UInt8(ascii: "f") ? f.int(1) : nil
        fixType = f.character(3)
    }
}
