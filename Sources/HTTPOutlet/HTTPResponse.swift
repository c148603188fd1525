import JSON

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
        var json = JSONWriter(capacity: 96 + message.utf8.count)
        json.beginObject()
        json.member("class", text: "ERROR")
        json.member("code", code)
        json.member("message", message)
        json.endObject()
        json.endLine()
        return .json(json.bytes, status: status)
    }
}
