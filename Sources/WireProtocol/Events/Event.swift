/// An event as sent: its body plus the envelope fields `seq` (per server, strictly increasing)
/// and `time` (ISO 8601 UTC, ms; the fix time for fix-derived events).
public struct Event: Sendable, Hashable, Codable {
    /// Sequence number, strictly increasing per server; gaps mean events this client did not get.
    public var seq: UInt64
    /// When the event happened.
    public var time: WireTime
    /// The event body.
    public var payload: EventPayload

    /// An event.
    public init(seq: UInt64, time: WireTime, payload: EventPayload) {
        self.seq = seq
        self.time = time
        self.payload = payload
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let messageClass = try container.decode(String.self, forKey: .messageClass)
        guard let decode = EventPayload.decoders[messageClass] else {
            throw DecodingError.dataCorruptedError(
                forKey: .messageClass, in: container, debugDescription: WireProtocolError.unknownClass(messageClass).description)
        }
        seq = try container.decode(UInt64.self, forKey: AnyCodingKey("seq"))
        time = try container.decode(WireTime.self, forKey: AnyCodingKey("time"))
        payload = try decode(decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try payload.message.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(payload.messageClass, forKey: .messageClass)
        try container.encode(seq, forKey: AnyCodingKey("seq"))
        try container.encode(time, forKey: AnyCodingKey("time"))
    }
}
