public import JSON
public import Timekeeping
public import WireProtocol

/// A message written as `{"class": …, "time": …, fields…}` without a sequence number: how
/// `waygate decode --format json` prints what a log contains, outside any server session.
///
/// Written by the wire writers (`writeLine(to:)`); the `Encodable` form is the reference the
/// tests compare against.
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

    /// Appends the message's JSON object and `\n` to `json` (nothing is reset).
    public func writeLine(to json: inout JSONWriter) {
        payload.write(seq: nil, time: time, to: &json)
        json.endLine()
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
