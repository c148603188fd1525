/// MWV — Wind speed and angle.
///
///     $WIMWV,57.5,R,13.0,N,A*26
///     1 angle  2 reference (R relative/apparent, T theoretical)  3 speed  4 unit (K, M, N)  5 status (A valid)
public struct MWV: Sendable, Hashable {
    /// Wind angle, degrees.
    public var angle: Double?
    /// Wind speed in the sentence's unit.
    public var speed: Double?
    /// Whether the sentence is what gpsd 3.22 uses: relative (apparent) wind, in knots, valid.
    /// gpsd ignores every other MWV.
    public var isApparentInKnots: Bool

    /// Reads an MWV sentence's fields; gpsd 3.22 asks no number of fields (a bare `$WIMWV` is read with
    /// every field empty).
    public init(_ f: NMEAFields) throws {
        angle = f.double(1)
        speed = f.double(3)
        isApparentInKnots = f.firstByte(2) == UInt8(ascii: "R") && f.firstByte(4) == UInt8(ascii: "N") && f.firstByte(5) == UInt8(ascii: "A")
    }
}
