public import Timekeeping
public import WireProtocol

/// A message written as `{"class": …, "time": …, fields…}` without a sequence number: how
/// `waygate decode --format json` prints what a log contains, outside any server session.
public struct TimeTaggedMessage: Encodable {
    /// The message.
    public let payload: EventPayload
    /// The fix time it belongs to, when known.
    public let time: Timestamp?

    /// A tagged message.
    public init(_ payload: EventPayload, time: Timestamp?) {
        self.payload = payload
        self.time = time
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        try payload.message.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(payload.messageClass, forKey: Key("class"))
        try container.encodeIfPresent(time.map(WireTime.init), forKey: Key("time"))
    }
}
