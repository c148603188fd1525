import Foundation
import SystemIO

/// A response read by `HTTPTestClient`.
struct HTTPTestResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    /// The body as a JSON object, nil when it is not one.
    var json: [String: Any]? { try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] }
}

enum HTTPTestError: Error { case malformed(String) }

/// A plain HTTP/1.0 client over a loopback TCP socket: one request, the whole answer (the server
/// closes the connection after it). Every read is bounded by a receive timeout.
enum HTTPTestClient {
    static func request(
        _ method: String, _ path: String, port: UInt16, body: [UInt8]? = nil, headers: [String: String] = [:], timeout: Double = 30,
        http11: Bool = false
    ) throws -> HTTPTestResponse {
        let connection = try SocketConnection.connect(host: "127.0.0.1", port: port)
        defer { connection.close() }
        try connection.setReceiveTimeout(seconds: timeout)
        var fields = ["Host": http11 ? "127.0.0.1:\(port)" : "127.0.0.1"]
        if let body {
            fields["Content-Length"] = String(body.count)
            fields["Content-Type"] = "application/json"
        }
        if http11 { fields["Connection"] = "close" }
        fields.merge(headers) { _, given in given }
        var head = "\(method) \(path) HTTP/\(http11 ? "1.1" : "1.0")\r\n"
        for (k, v) in fields.sorted(by: { $0.key < $1.key }) { head += "\(k): \(v)\r\n" }
        try connection.sendAll(Array((head + "\r\n").utf8) + (body ?? []))
        var bytes: [UInt8] = []
        while true {
            let chunk = try connection.read(upTo: 65_536)
            if chunk.isEmpty { break }
            bytes += chunk
            // Servers that keep the connection open are done once Content-Length bytes are in.
            if HTTPTestClient.find([13, 10, 13, 10], in: bytes) != nil, let partial = try? parse(bytes),
                let length = partial.headers["content-length"].flatMap({ Int($0) }), partial.body.count >= length
            {
                break
            }
        }
        return try parse(bytes)
    }

    static func get(_ path: String, port: UInt16) throws -> HTTPTestResponse { try request("GET", path, port: port) }

    static func parse(_ bytes: [UInt8]) throws -> HTTPTestResponse {
        guard let split = find([13, 10, 13, 10], in: bytes) else { throw HTTPTestError.malformed("no header end") }
        let head = String(decoding: bytes[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw HTTPTestError.malformed(head.first ?? "") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPTestResponse(status: status, headers: headers, body: Array(bytes[(split + 4)...]))
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for i in start...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}

/// One Server-Sent Events connection read frame by frame (HTTP/1.0, so the body is not chunked).
final class EventStreamClient {
    let connection: SocketConnection
    private var buffer: [UInt8] = []
    private var headerDone = false

    /// One parsed event: `event:` name (nil for plain messages), `id:` and `data:`.
    struct Event: Equatable {
        var name: String?
        var id: String?
        var data: String
    }

    init(port: UInt16, path: String, timeout: Double = 10) throws {
        connection = try SocketConnection.connect(host: "127.0.0.1", port: port)
        try connection.setReceiveTimeout(seconds: timeout)
        try connection.sendAll(Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".utf8))
    }

    /// The status line and headers; call first.
    func readHead() throws -> Int {
        while HTTPTestClient.find([13, 10, 13, 10], in: buffer) == nil { try fill() }
        let split = HTTPTestClient.find([13, 10, 13, 10], in: buffer)!
        let head = String(decoding: buffer[..<split], as: UTF8.self)
        buffer.removeFirst(split + 4)
        headerDone = true
        let parts = head.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
    }

    /// The next event with data (comments and `retry:` blocks are skipped).
    func next() throws -> Event {
        while true {
            while HTTPTestClient.find([10, 10], in: buffer) == nil { try fill() }
            let end = HTTPTestClient.find([10, 10], in: buffer)!
            let block = String(decoding: buffer[..<end], as: UTF8.self)
            buffer.removeFirst(end + 2)
            var event = Event(name: nil, id: nil, data: "")
            var hasData = false
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                if line.hasPrefix("data: ") {
                    event.data = String(line.dropFirst(6))
                    hasData = true
                }
            }
            if hasData { return event }
        }
    }

    private func fill() throws {
        let chunk = try connection.read(upTo: 65_536)
        if chunk.isEmpty { throw HTTPTestError.malformed("the stream ended") }
        buffer += chunk
    }

    func close() { connection.close() }
}
