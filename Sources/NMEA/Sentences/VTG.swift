/// VTG — Course over ground and ground speed.
///
///     $GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A*25
///     1 track true  3 track magnetic  5 speed knots  7 speed km/h  9 FAA mode (2.3+)
public struct VTG: Sendable, Hashable {
    /// Course over ground, degrees true.
    public var track: Double?
    /// Course over ground, degrees magnetic.
    public var magneticTrack: Double?
    /// Speed over ground, knots.
    public var speedKnots: Double?
    /// Speed over ground, km/h.
    public var speedKmh: Double?
    /// FAA mode indicator (NMEA 2.3+: A autonomous, D differential, E estimated, N not valid).
    public var faaMode: Character?
    /// Whether the sentence has the unit letters of NMEA 2.0 and later (`054.7,T,034.4,M,…`):
    /// gpsd 3.22 reads only that layout, so it takes nothing from an older VTG.
    public var lettered = false

    /// Reads a VTG sentence's fields (also the pre-2.3 form without unit letters). One of fewer than
    /// gpsd 3.22's 5, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(5)
        track = f.double(1)
        if f.firstByte(2) == UInt8(ascii: "T") || f.count >= 9 {
            lettered = true
            magneticTrack = f.double(3)
            speedKnots = f.double(5)
            speedKmh = f.double(7)
            faaMode = f.character(9)
        } else {
            magneticTrack = f.double(2)
            speedKnots = f.double(3)
            speedKmh = f.double(4)
        }
    }
}
