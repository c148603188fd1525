/// PMGNST — Magellan proprietary receiver status.
///
///     $PMGNST,01.75,3,T,816,11.1,-00496,00*43
///     1 firmware version  2 mode (1 no fix, 2 2D, 3 3D)  3 `T` with a fix, `F` without
///     4 battery left (‰)  5 battery time left (h)  6 frequency compensation  7 PRN in focus
public struct PMGNST: Sendable, Hashable {
    /// The receiver's fix mode (1 no fix, 2 2D, 3 3D), as sent.
    public var mode: Int?
    /// Whether the receiver says it has a fix (`T`).
    public var hasFix: Bool
    /// Fields 3 and 4 (the fix flag and the battery), which gpsd 3.22 reads as mode and fix flag,
    /// one field late: for real Magellan output it therefore always reports no fix.
    public var gpsdMode: Int?, gpsdFixFlag: Character?

    /// Reads a PMGNST sentence's fields; one of fewer than gpsd 3.22's 8, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(8)
        mode = f.int(2)
        hasFix = f.firstByte(3) == UInt8(ascii: "T")
        gpsdMode = f.int(3)
        gpsdFixFlag = f.character(4)
    }
}
