import Foundation
import HTTPOutlet
import SystemIO
import Testing

@Suite("HTTP requests whose URI holds a NUL")
struct HTTPNULTests {
    @Test("a raw URI with %00 anywhere gets 400 and one ERROR line; the path cut at it is not served")
    func encodedNULIsRefused() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner())
        defer { server.stop() }
        #expect(try HTTPTestClient.get("/leaflet/leaflet.js", port: server.port).status == 200)
        let expected = #"{"class":"ERROR","code":"bad_request","message":"the request URI contains a NUL byte (raw or as %00)"}"# + "\n"
        for (method, path) in [("GET", "/leaflet/leaflet.js%00.png"), ("GET", "/%00"), ("GET", "/events?channels=location%00"),
                               ("POST", "/command%00")] {
            let response = try HTTPTestClient.request(method, path, port: server.port, body: method == "POST" ? Array(#"{"cmd":"status"}"#.utf8) : nil)
            #expect(response.status == 400, "\(method) \(path)")
            #expect(response.headers["content-type"] == "application/json", "\(method) \(path)")
            #expect(response.text == expected, "\(method) \(path)")
        }
    }

    @Test("a raw NUL byte in the request line gets the same 400; spaces and escapes elsewhere are still served")
    func rawNULIsRefused() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner())
        defer { server.stop() }
        for path in ["/leaflet/leaflet.js\u{0}.png", "/leaflet/leaflet.js\u{0}", "/\u{0}\u{0}leaflet/leaflet.js"] {
            let response = try HTTPTestClient.get(path, port: server.port)
            #expect(response.status == 400, "\(path.debugDescription): \(response.text.prefix(100))")
            #expect(response.text.hasPrefix(#"{"class":"ERROR","code":"bad_request","message":"the request URI contains a NUL byte"#))
        }
        for path in ["/leaflet/leaflet.js?v=1%201", "/leaflet/leaflet%2Ejs", "/leaflet/leaflet.js?"] {
            #expect(try HTTPTestClient.get(path, port: server.port).status == 200, "\(path)")
        }
        #expect(try HTTPTestClient.request("GET", "/leaflet/leaflet.js", port: server.port, http11: true).status == 200)

        // Keep-alive: the second request line of a connection is read like the first.
        let connection = try SocketConnection.connect(host: "127.0.0.1", port: server.port)
        defer { connection.close() }
        try connection.setReceiveTimeout(seconds: 30)
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        try connection.sendAll(Array("GET /live-map.js HTTP/1.1\r\n\(host)\r\n".utf8))
        var bytes: [UInt8] = []
        while (try? HTTPTestClient.parse(bytes)).map({ $0.body.count < Int($0.headers["content-length"] ?? "") ?? 0 }) ?? true {
            let chunk = try connection.read(upTo: 65_536)
            try #require(!chunk.isEmpty, "the connection closed after its first answer")
            bytes += chunk
        }
        #expect(try HTTPTestClient.parse(bytes).status == 200)
        try connection.sendAll(Array("GET /%00 HTTP/1.1\r\n\(host)Connection: close\r\n\r\n".utf8))
        var second: [UInt8] = []
        while case let chunk = try connection.read(upTo: 65_536), !chunk.isEmpty { second += chunk }
        let refusal = try HTTPTestClient.parse(second)
        #expect(refusal.status == 400)
        #expect(refusal.text.hasPrefix(#"{"class":"ERROR","code":"bad_request","message":"the request URI contains a NUL byte"#))
    }
}
