/// HDT — Heading, true.
///
///     $HEHDT,341.8,T*21
///     1 heading, degrees true  2 `T`
public struct HDT: Sendable, Hashable {
    /// Heading, degrees true.
    public var heading: Double?

    /// Reads an HDT sentence's fields; gpsd 3.22 asks one field as it counts them, so only a bare
    /// `$GPHDT` without a checksum is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(1)
        heading = f.double(1)
    }
}
