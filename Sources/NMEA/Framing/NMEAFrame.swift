/// One candidate sentence cut out of a byte stream by `NMEAFramer`, before checksum policy.
public struct NMEAFrame: Sendable, Hashable {
    /// What the frame's `*hh` trailer says about its integrity.
    public enum ChecksumStatus: Sendable, Hashable {
        /// The trailer matches the body.
        case valid
        /// The trailer does not match the body.
        case invalid
        /// The sentence has no `*hh` trailer (accepted, as gpsd does).
        case absent
    }

    /// The sentence bytes from `$`/`!` through the checksum digits, without CR/LF.
    public let bytes: [UInt8]
    /// The checksum verdict.
    public let checksum: ChecksumStatus

    /// The sentence as text (always ASCII: the framer only keeps printable bytes).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
