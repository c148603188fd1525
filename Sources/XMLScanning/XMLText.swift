/// Writing text into XML: the one escaping every writer of GPX, SVG, SSML and OSM XML uses.
public enum XMLText {
    /// `text` fit for element content and for attribute values in either kind of quotes, which
    /// an XML 1.0 reader (`XMLScanner` too) reads back as `text`:
    /// - `& < > " '` become their named entities;
    /// - tab, line feed and carriage return become `&#9;` `&#10;` `&#13;`, since a reader turns
    ///   them, raw, into spaces in an attribute value (XML 1.0 §3.3.3) and a carriage return into
    ///   a line feed anywhere (§2.11);
    /// - a character XML 1.0 does not allow at all, not even as a reference (U+0000–U+001F other
    ///   than those three, U+FFFE, U+FFFF), becomes U+FFFD: the one change a reader sees, made so
    ///   that the document stays readable.
    ///
    /// Text without any of these is returned as it is.
    public static func escaped(_ text: String) -> String {
        // On the UTF-8 bytes in place (every voice prompt passes here): all but U+FFFE and U+FFFF
        // are ASCII, so replacing their bytes leaves every other character as it was.
        var utf8 = text
        return utf8.withUTF8 { bytes in
            guard let first = bytes.indices.first(where: { replacement(bytes, at: $0) != nil }) else { return text }
            var out = Array(bytes[..<first])
            out.reserveCapacity(bytes.count + 16)
            var i = first
            while i < bytes.count {
                if let (string, length) = replacement(bytes, at: i) {
                    out += string.utf8
                    i += length
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// What the character starting at `bytes[i]` is written as, and its length in bytes; nil when
    /// it is written as it is.
    private static func replacement(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (String, Int)? {
        switch bytes[i] {
        case UInt8(ascii: "&"): ("&amp;", 1)
        case UInt8(ascii: "<"): ("&lt;", 1)
        case UInt8(ascii: ">"): ("&gt;", 1)
        case UInt8(ascii: "\""): ("&quot;", 1)
        case UInt8(ascii: "'"): ("&apos;", 1)
        case 0x09: ("&#9;", 1)
        case 0x0A: ("&#10;", 1)
        case 0x0D: ("&#13;", 1)
        case ..<0x20: ("\u{FFFD}", 1)
        // U+FFFE and U+FFFF: EF BF BE, EF BF BF.
        case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE: ("\u{FFFD}", 3)
        default: nil
        }
    }
}
