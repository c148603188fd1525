/// Writing text into XML: the one escaping every writer of GPX, SVG, SSML and OSM XML uses.
public enum XMLText {
    /// `text` with XML's five special characters (`& < > " '`) replaced by their entities, fit for
    /// element content and for attribute values in either kind of quotes; `XMLScanner` reads it
    /// back unchanged. Text without them is returned as it is.
    public static func escaped(_ text: String) -> String {
        // On the UTF-8 bytes in place (every voice prompt passes here): the five are ASCII, so
        // replacing their bytes leaves every other character as it was.
        var utf8 = text
        return utf8.withUTF8 { bytes in
            guard bytes.contains(where: isSpecial) else { return text }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): out += "&amp;".utf8
                case UInt8(ascii: "<"): out += "&lt;".utf8
                case UInt8(ascii: ">"): out += "&gt;".utf8
                case UInt8(ascii: "\""): out += "&quot;".utf8
                case UInt8(ascii: "'"): out += "&apos;".utf8
                default: out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
