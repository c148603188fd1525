/// A strict RFC 8259 JSON parser over bytes, written here (rather than using
/// `JSONSerialization`) so that errors carry a line and column and objects keep member order.
public struct JSONParser {
    private let bytes: [UInt8]
    private let source: String
    private let firstLine: Int
    private var index = 0
    /// Nesting limit, so hostile input cannot exhaust the stack.
    private static let maximumDepth = 512

    /// A parser of `bytes`, naming `source` (e.g. `route JSON`) in errors, counting lines from `firstLine`.
    init(_ bytes: [UInt8], source: String, firstLine: Int = 1) {
        self.bytes = bytes
        self.source = source
        self.firstLine = firstLine
    }

    /// Parses one complete document; trailing non-whitespace is an error. `firstLine` is the
    /// line number of the first byte (for a document cut out of a bigger file).
    public static func parse(_ bytes: [UInt8], source: String, firstLine: Int = 1) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes, source: source, firstLine: firstLine)
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    private mutating func skipByteOrderMark() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func failure(_ reason: String) -> JSONSyntaxError {
        var line = firstLine, column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return JSONSyntaxError(source: source, line: line, column: column, reason: reason)
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let w = word.utf8
        guard bytes.count - index >= w.count, bytes[index..<(index + w.count)].elementsEqual(w) else {
            throw failure("invalid literal, expected \(word)")
        }
        index += w.count
        return value
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    /// A number: `.integer` when written without fraction or exponent and within `Int64` (but `-0`,
    /// which is `.number(-0.0)`), `.unsigned` when such a number is above `Int64.max` but within
    /// `UInt64`, else `.number`.
    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let s = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - s
        }
        guard digits() > 0 else { throw failure("invalid number") }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard digits() > 0 else { throw failure("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("invalid number") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let value = Int64(text) {
            // `-0` keeps its sign as a Double, as Foundation's decoder reads it (the wire writes -0.0 so).
            return value == 0 && bytes[start] == UInt8(ascii: "-") ? .number(-0.0) : .integer(value)
        }
        if integral, let value = UInt64(text) { return .unsigned(value) }
        guard let value = Double(text), value.isFinite else {
            index = start
            throw failure("invalid number")
        }
        return .number(value)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        // Fast path: no escapes before the closing quote.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        var out: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: try parseUnicodeEscape())
                default:
                    index -= 2
                    throw failure("invalid escape in string")
                }
            case 0x00..<0x20:
                index -= 1
                throw failure("control character in string")
            default:
                out.append(b)
            }
        }
        throw failure("unterminated string")
    }

    /// The UTF-8 bytes of a `\uXXXX` escape (the `\u` already consumed), joining surrogate pairs.
    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> [UInt8] {
        func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard bytes.count - index >= 4, let v = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else {
                throw failure("invalid \\u escape in string")
            }
            index += 4
            return v
        }
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            index += 2
            let low = try hex4()
            if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        return Array(String(Character(scalar)).utf8)
    }
}

extension JSONValue {
    /// Parses a complete JSON document; errors name `source` (default `JSON`) with line and column.
    public init(parsing bytes: [UInt8], source: String = "JSON") throws(JSONSyntaxError) {
        self = try JSONParser.parse(bytes, source: source)
    }
}
