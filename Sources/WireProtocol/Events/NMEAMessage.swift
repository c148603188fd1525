/// NMEA: one raw sentence as received, without CR LF.
public struct NMEAMessage: WireMessage {
    public static let messageClass = "NMEA"

    /// The source the sentence came from (an extension of PROTOCOL.md).
    public var source: String?
    /// The sentence, e.g. `$GPGGA,…*47`.
    public var sentence: String

    /// An NMEA event for `sentence`.
    public init(source: String? = nil, sentence: String) {
        self.source = source
        self.sentence = sentence
    }

    enum CodingKeys: String, CodingKey {
        case source, sentence
    }
}

extension NMEAMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("sentence", sentence)
        object.member("source", source)
    }
}
