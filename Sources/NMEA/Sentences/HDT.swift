/// HDT — Heading, true.
///
///     $HEHDT,341.8,T*21
///     1 heading, degrees true  2 `T`
public struct HDT: Sendable, Hashable {
    /// Heading, degrees true.
    public var heading: Double?

    /// Reads an HDT sentence's fields.
    public init(_ f: NMEAFields) throws {
        guard f.count >= 2 else { throw NMEAError.tooFewFields(f.text, needed: 2, got: f.count) }
        heading = f.double(1)
    }
}
