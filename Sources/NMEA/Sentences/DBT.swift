/// DBT — Depth below transducer (a depth sounder, talker `SD`).
///
///     $SDDBT,7.7,f,2.3,M,1.3,F*05
///     1 depth feet  2 `f`  3 depth metres  4 `M`  5 depth fathoms  6 `F`
public struct DBT: Sendable, Hashable {
    /// Depth in metres: the metres field, else the feet or the fathoms field converted, as gpsd
    /// reads it; nil when all three are empty.
    public var depth: Double?

    /// Reads a DBT sentence's fields (gpsd needs all six, empty or not). One of fewer than gpsd 3.22's
    /// 7, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(7)
        if let metres = f.double(3) {
            depth = metres
        } else if let feet = f.double(1) {
            depth = feet * 0.3048
        } else if let fathoms = f.double(5) {
            depth = fathoms * 1.8288
        }
    }
}
