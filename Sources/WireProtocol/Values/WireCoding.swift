public import FoundationEssentials
public import JSON

/// The wire's JSON configuration: deterministic output (sorted keys, `/` unescaped, so equal
/// messages are equal bytes) and one message per line.
///
/// Messages and requests are written by hand (`WireObjectWriter`, `ServerMessage.writeLine`),
/// never through `JSONEncoder`, and read through `JSONValueDecoder` (`ServerMessage.decode`); the
/// `Codable` forms remain for that reading and as the reference encoding tests compare the writers
/// against (`encoder()`, `referenceEncode`).
public enum WireCoding {
    /// A fresh `JSONEncoder` with the wire's output formatting: the reference encoding of the
    /// `Codable` forms, for tests. Production paths use the writers.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The JSON bytes of `message` without a trailing newline, written by its writer.
    /// (Declared `throws` for callers written against the `Codable` form; it never throws.)
    public static func encode(_ message: ServerMessage) throws -> Data {
        var line = message.line
        line.removeLast()
        return Data(line)
    }

    /// The JSON bytes of `request` (sorted keys) without a trailing newline, written by its writer.
    /// (Declared `throws` for callers written against the `Codable` form; it never throws.)
    public static func encode(_ request: Request) throws -> Data {
        var line = request.line
        line.removeLast()
        return Data(line)
    }

    /// The JSON bytes of `value` with every object's members sorted by key, as the wire writes it.
    /// (Declared `throws` for callers written against the `Codable` form; it never throws.)
    public static func encode(_ value: JSONValue) throws -> Data {
        var json = JSONWriter(capacity: 128)
        json.sortedValue(value)
        return Data(json.bytes)
    }

    /// One wire line (JSON and `\n`) of `message`, written by its writer.
    /// (Declared `throws` for callers written against the `Codable` form; it never throws.)
    public static func line(_ message: ServerMessage) throws -> [UInt8] { message.line }

    /// One wire line (JSON and `\n`) of `request`, written by its writer.
    /// (Declared `throws` for callers written against the `Codable` form; it never throws.)
    public static func line(_ request: Request) throws -> [UInt8] { request.line }

    /// The reference encoding of any `Codable` value with `encoder()`: what tests compare the
    /// writers against. Not for per-event paths.
    public static func referenceEncode(_ value: some Encodable) throws -> Data {
        try encoder().encode(value)
    }
}
