public import FoundationEssentials

/// The one JSON configuration of the wire: deterministic output (sorted keys, `/` unescaped,
/// so equal messages are equal bytes) and one message per line.
public enum WireCoding {
    /// A fresh encoder with the wire's output formatting.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A fresh decoder for wire messages.
    public static func decoder() -> JSONDecoder { JSONDecoder() }

    /// The JSON bytes of `value`, without a trailing newline.
    public static func encode(_ value: some Encodable) throws -> Data {
        try encoder().encode(value)
    }

    /// The JSON bytes of `value` followed by `\n`: one wire line.
    public static func line(_ value: some Encodable) throws -> [UInt8] {
        var bytes = [UInt8](try encode(value))
        bytes.append(0x0A)
        return bytes
    }
}

extension WireCoding {
    /// Encodes events into wire lines, reusing its buffers from one event to the next (use one
    /// per thread, or under a lock).
    public struct Writer: Sendable {
        private let encoder = WireCoding.encoder()

        /// A writer.
        public init() {}

        /// The wire line (with `\n`) of `event`.
        public mutating func line(for event: Event) -> [UInt8] {
            var bytes = (try? encoder.encode(event)).map { [UInt8]($0) } ?? Array(#"{"class":"ERROR","code":"internal","message":"unencodable event"}"#.utf8)
            bytes.append(0x0A)
            return bytes
        }
    }
}
