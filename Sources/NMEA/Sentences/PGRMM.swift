/// PGRMM — Garmin proprietary map datum.
///
///     $PGRMM,WGS 84*06
///     1 name of the map datum
public struct PGRMM: Sendable, Hashable {
    /// The datum's name (`WGS 84`, `NAD83`…), at most the 39 characters gpsd 3.22 keeps of it; nil
    /// when empty.
    public var datum: String?

    /// Reads a PGRMM sentence's fields; one of fewer than gpsd 3.22's 2, as gpsd counts them, is too
    /// short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(2)
        datum = f.string(1).map { String($0.prefix(39)) }
    }
}
