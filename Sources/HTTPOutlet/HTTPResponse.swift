/// A complete HTTP response held in memory.
struct HTTPResponse: Sendable {
    /// The status code.
    var status: Int
    /// The `Content-Type` header.
    var contentType: String
    /// The body.
    var body: [UInt8]
    /// Whether browsers may cache it (static assets) or must not (API answers).
    var cacheable = false

    /// A JSON body.
    static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: body)
    }

    /// A JSON error body shaped like the socket's ERROR line: `{"class":"ERROR","code":…,"message":…}`.
    static func error(_ status: Int, code: String, _ message: String) -> HTTPResponse {
        let text = "{\"class\":\"ERROR\",\"code\":\(JSONText.quoted(code)),\"message\":\(JSONText.quoted(message))}\n"
        return .json(Array(text.utf8), status: status)
    }
}

/// Minimal JSON text helpers for the hand-written bodies (GeoJSON roads, error bodies).
enum JSONText {
    /// `string` as a JSON string literal, with quotes.
    static func quoted(_ string: String) -> String {
        var out = "\""
        out.reserveCapacity(string.utf8.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
