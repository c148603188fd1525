import Foundation
import HTTPOutlet
import Servers
import SystemIO
import Testing
import WireProtocol

#if canImport(Glibc)
import Glibc
#endif

@Suite("HTTP server: request deadlines")
struct RequestDeadlineTests {
    static let slowHeader = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
    static let slowBody =
        "POST /command HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n"

    @Test("a header or a POST body trickled a byte at a time is closed once requestTimeout has passed")
    func slowRequestsAreClosed() throws {
        let runner = TestRunner()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: runner, limits: .init(requestTimeout: 1))
        defer { server.stop() }
        let trickler = try Trickler([SlowClient(port: server.port, opening: Self.slowHeader), SlowClient(port: server.port, opening: Self.slowBody)])
        defer { trickler.stop() }
        #expect(eventually { trickler.counts.closed == 2 })
        #expect(runner.received.all.isEmpty)
        #expect(try HTTPTestClient.get("/", port: server.port).status == 200)
    }

    @Test("with maxConnections slow clients trickling their headers, a new client still gets the page")
    func slowClientsLeaveRoomForOthers() throws {
        // A request deadline far beyond the test: only the cap on waiting connections frees slots.
        let limits = HTTPServer.Limits(maxConnections: 8, requestTimeout: 300)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner(), limits: limits)
        defer { server.stop() }
        let trickler = try Trickler((0..<limits.maxConnections).map { _ in try SlowClient(port: server.port, opening: Self.slowHeader) })
        defer { trickler.stop() }
        // The ones that waited longest made way for the later ones.
        #expect(eventually { trickler.counts.closed == limits.maxConnections - limits.maxWaitingConnections })
        let page = try HTTPTestClient.get("/", port: server.port)
        #expect(page.status == 200)
        #expect(page.text.contains("/leaflet/leaflet.js"))
        #expect(trickler.counts.open <= limits.maxWaitingConnections)
    }

    @Test("an event stream outlives requestTimeout; a keep-alive connection makes a second request, then is closed when none follows")
    func answeredRequestsAreNotCut() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner(), limits: .init(requestTimeout: 1))
        defer { server.stop() }
        let stream = try EventStreamClient(port: server.port, path: "/events?channels=session")
        defer { stream.close() }
        #expect(try stream.readHead() == 200)
        let streamOpened = Date()

        let connection = try SocketConnection.connect(host: "127.0.0.1", port: server.port)
        defer { connection.close() }
        try connection.setReceiveTimeout(seconds: 30)
        for path in ["/", "/live-map.css"] {
            try connection.sendAll(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(try Self.response(on: connection).status == 200, "\(path)")
        }
        // No third request within requestTimeout: the server closes the connection.
        #expect(try connection.read(upTo: 1).isEmpty)

        // Well past the stream's requestTimeout, it still delivers.
        let left = 2.5 - Date().timeIntervalSince(streamOpened)
        if left > 0 { usleep(UInt32(left * 1_000_000)) }
        #expect(server.eventStreamCount == 1)
        server.deliver([WireLine(seq: 7, channel: .session, bytes: Array("{\"class\":\"SESSION\",\"seq\":7}\n".utf8))])
        #expect(try stream.next().id == "7")
    }

    /// Whether `condition` holds within 15 s.
    func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 15)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    /// One response with a `Content-Length` read from a connection that stays open.
    static func response(on connection: SocketConnection) throws -> HTTPTestResponse {
        var bytes: [UInt8] = []
        while true {
            if HTTPTestClient.find([13, 10, 13, 10], in: bytes) != nil, let response = try? HTTPTestClient.parse(bytes),
                let length = response.headers["content-length"].flatMap({ Int($0) }), response.body.count >= length
            {
                return response
            }
            let chunk = try connection.read(upTo: 65_536)
            guard !chunk.isEmpty else { throw HTTPTestError.malformed("the connection closed mid-response") }
            bytes += chunk
        }
    }
}

/// A slowloris: a connection that sends the start of a request at once, then one more byte at
/// each `trickle()`, never completing it.
final class SlowClient: Sendable {
    let connection: SocketConnection

    init(port: UInt16, opening: String) throws {
        connection = try SocketConnection.connect(host: "127.0.0.1", port: port)
        try connection.sendAll(Array(opening.utf8))
    }

    /// Sends one more byte; false once the server has closed the connection instead: a read
    /// returns end of file (or, when a byte crossed the server's close, the reset it caused).
    func trickle() -> Bool {
        var byte: UInt8 = 0
        let count = recv(connection.descriptor.rawValue, &byte, 1, Int32(MSG_DONTWAIT))
        if count == 0 || (count < 0 && errno != EAGAIN) { return false }
        _ = try? connection.sendAll([UInt8(ascii: "a")])
        return true
    }
}

/// Trickles on every slow client each 100 ms from its own thread until `stop()`, and counts
/// those the server closed.
final class Trickler: Sendable {
    private let state: Locked<(open: [SlowClient], closed: Int, stopping: Bool)>
    private let stopped = DispatchSemaphore(value: 0)

    init(_ clients: [SlowClient]) {
        state = Locked((clients, 0, false))
        Thread { [self] in
            while let clients = state.withLock({ $0.stopping ? nil : $0.open }) {
                let closed = clients.filter { !$0.trickle() }
                for client in closed { client.connection.close() }
                state.withLock { s in
                    s.open.removeAll { client in closed.contains { $0 === client } }
                    s.closed += closed.count
                }
                usleep(100_000)
            }
            stopped.signal()
        }.start()
    }

    /// Slow clients still connected, and those the server closed.
    var counts: (open: Int, closed: Int) { state.withLock { ($0.open.count, $0.closed) } }

    /// Stops trickling and closes the connections still open.
    func stop() {
        state.withLock { $0.stopping = true }
        stopped.wait()
        for client in state.withLock({ $0.open }) { client.connection.close() }
    }
}
