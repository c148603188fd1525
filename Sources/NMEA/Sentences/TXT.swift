/// TXT — Text transmission.
///
///     $GNTXT,01,01,02,u-blox AG - www.u-blox.com*4E
///     1 sentences in group  2 this sentence  3 type (00 error, 01 warning, 02 notice, 07 user)  4 text
public struct TXT: Sendable, Hashable {
    /// Message type (00 error, 01 warning, 02 notice, 07 user).
    public var messageType: Int?
    /// The message text.
    public var text: String

    /// Reads a TXT sentence's fields; one of fewer than gpsd 3.22's 5, as gpsd counts them, is too short.
    public init(_ f: NMEAFields) throws {
        try f.requireGPSDFieldCount(5)
        messageType = f.int(3)
        text = f.string(4) ?? ""
    }
}
