/// Why an XML document could not be scanned: one line, with the 1-based line it was found on.
public struct XMLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line (1-based) of the problem.
    public let line: Int
    /// What is wrong, e.g. `</way> closes <node>`; names from the document, never its text.
    public let reason: String

    /// An error at `line`.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}

/// A minimal, non-validating XML pull scanner over bytes: enough for GPX and OSM XML
/// (elements, attributes, text, comments, CDATA, processing instructions, a DOCTYPE, the five
/// named entities and numeric character references; line ends and attribute values normalised
/// as XML 1.0 §2.11 and §3.3.3 say). Element and attribute names lose their namespace prefix, so
/// `gpxtpx:speed` is seen as `speed`. It keeps line numbers for error messages and never traps on
/// bad bytes (invalid UTF-8 is read as U+FFFD), which is why Waygate does not use FoundationXML.
public struct XMLScanner: Sendable {
    /// One thing found in the document.
    public enum Event: Equatable, Sendable {
        /// `<name a="v">` (or `<name/>`, followed at once by `.end`).
        case start(name: String, attributes: [String: String], line: Int)
        /// `</name>`.
        case end(name: String, line: Int)
        /// Character data between tags (entities decoded), never empty.
        case text(String)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var pendingEnd: (String, Int)?
    private var open: [String] = []

    /// A scanner of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private func failure(_ reason: String, at errorLine: Int? = nil) -> XMLSyntaxError {
        XMLSyntaxError(line: errorLine ?? line, reason: reason)
    }

    private mutating func advance() {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
    }

    private func startsWith(_ s: String) -> Bool {
        let p = Array(s.utf8)
        return bytes.count - index >= p.count && Array(bytes[index..<(index + p.count)]) == p
    }

    /// Skips to just after `terminator`; fails with `what` unterminated.
    private mutating func skip(past terminator: String, what: String) throws(XMLSyntaxError) -> [UInt8] {
        let startLine = line, start = index
        while index < bytes.count {
            if startsWith(terminator) {
                let content = Array(bytes[start..<index])
                for _ in 0..<terminator.utf8.count { advance() }
                return content
            }
            advance()
        }
        throw failure("unterminated \(what)", at: startLine)
    }

    /// The line (1-based) the scanner has reached.
    public var currentLine: Int { line }

    /// The next event, or nil at the end of a well-formed document.
    /// - Throws: `XMLSyntaxError` naming the line.
    public mutating func next() throws(XMLSyntaxError) -> Event? {
        if let (name, l) = pendingEnd {
            pendingEnd = nil
            return .end(name: name, line: l)
        }
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { advance() }
                let raw = Array(bytes[start..<index])
                if raw.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) { continue }
                guard !open.isEmpty else { throw failure("text outside the root element") }
                return .text(try characters(raw))
            }
            if startsWith("<!--") {
                _ = try skip(past: "-->", what: "comment")
            } else if startsWith("<![CDATA[") {
                for _ in 0..<9 { advance() }
                let content = try skip(past: "]]>", what: "CDATA section")
                if !content.isEmpty { return .text(try characters(content, references: false)) }
            } else if startsWith("<?") {
                _ = try skip(past: "?>", what: "processing instruction")
            } else if startsWith("<!") {
                _ = try skip(past: ">", what: "declaration")
            } else if startsWith("</") {
                let l = line
                advance()
                advance()
                let name = localName(try readName())
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure("expected '>' after </\(name)") }
                advance()
                guard let expected = open.popLast() else { throw failure("</\(name)> without an open element") }
                guard expected == name else { throw failure("</\(name)> closes <\(expected)>") }
                return .end(name: name, line: l)
            } else {
                return try startTag()
            }
        }
        if let unclosed = open.last { throw failure("unexpected end of document inside <\(unclosed)>") }
        return nil
    }

    private mutating func startTag() throws(XMLSyntaxError) -> Event {
        let l = line
        advance()
        let name = localName(try readName())
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            guard index < bytes.count else { throw failure("unterminated <\(name)> tag", at: l) }
            if bytes[index] == UInt8(ascii: ">") {
                advance()
                open.append(name)
                return .start(name: name, attributes: attributes, line: l)
            }
            if startsWith("/>") {
                advance()
                advance()
                pendingEnd = (name, l)
                return .start(name: name, attributes: attributes, line: l)
            }
            let key = localName(try readName())
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw failure("attribute \(key) of <\(name)> without a value") }
            advance()
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw failure("attribute \(key) of <\(name)> is not quoted")
            }
            let quote = bytes[index]
            advance()
            let start = index
            while index < bytes.count, bytes[index] != quote { advance() }
            guard index < bytes.count else { throw failure("unterminated attribute \(key) of <\(name)>", at: l) }
            attributes[key] = try characters(Array(bytes[start..<index]), attribute: true)
            advance()
        }
    }

    private mutating func skipSpaces() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { advance() }
    }

    private mutating func readName() throws(XMLSyntaxError) -> String {
        let start = index
        while index < bytes.count, !([0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "=")].contains(bytes[index])) {
            advance()
        }
        guard index > start else { throw failure("expected a name after '<'") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// The characters of `raw` as an XML 1.0 processor passes them on: a line end (CR LF or a
    /// lone CR) as LF (§2.11), and in an attribute value (`attribute`) a tab or line end as a
    /// space (§3.3.3); with `references`, the five named entities and character references
    /// decoded, a reference keeping its character (`&#9;` is a tab, in an attribute too).
    private func characters(_ raw: [UInt8], attribute: Bool = false, references: Bool = true) throws(XMLSyntaxError) -> String {
        let changes = raw.contains { byte in
            byte == 0x0D || (references && byte == UInt8(ascii: "&")) || (attribute && (byte == 0x09 || byte == 0x0A))
        }
        guard changes else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "&"), references else {
                i += 1
                if byte == 0x0D, i < raw.count, raw[i] == 0x0A { continue }  // CR LF reads as its LF
                let lineEndRead = byte == 0x0D ? 0x0A : byte
                out.append(attribute && (lineEndRead == 0x09 || lineEndRead == 0x0A) ? 0x20 : lineEndRead)
                continue
            }
            guard let semicolon = raw[i...].firstIndex(of: UInt8(ascii: ";")) else { throw failure("unterminated entity reference") }
            let entity = String(decoding: raw[(i + 1)..<semicolon], as: UTF8.self)
            let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
            if let replacement = named[entity] {
                out.append(contentsOf: replacement.utf8)
            } else if entity.hasPrefix("#"), let scalar = Self.characterReference(entity) {
                out.append(contentsOf: String(Character(scalar)).utf8)
            } else {
                throw failure("unknown entity &\(entity);")
            }
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func characterReference(_ entity: String) -> Unicode.Scalar? {
        let body = entity.dropFirst()
        let value = body.hasPrefix("x") ? UInt32(body.dropFirst(), radix: 16) : UInt32(body, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
