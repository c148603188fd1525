/// Writing text into XML: the one escaping every writer of GPX, SVG, SSML and OSM XML uses.
public enum XMLText {
    /// `text` with XML's five special characters (`& < > " '`) replaced by their entities, fit for
    /// element content and for attribute values in either kind of quotes; `XMLScanner` reads it
    /// back unchanged. Text without them is returned as it is.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: isSpecial) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(ch)
            }
        }
        return out
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
