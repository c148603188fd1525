public import Timekeeping

/// A wire `time`: an instant written as ISO 8601 UTC with milliseconds, `2026-11-29T17:55:42.123Z`.
public struct WireTime: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The instant.
    public var timestamp: Timestamp

    /// The wire form of `timestamp`.
    public init(_ timestamp: Timestamp) { self.timestamp = timestamp }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let timestamp = Timestamp(iso8601: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not an ISO 8601 time")
        }
        self.timestamp = timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(timestamp.iso8601)
    }

    public var description: String { timestamp.iso8601 }
}
