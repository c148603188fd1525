import Foundation
import HTTPOutlet
import Servers
import SystemIO
import Testing
import WireProtocol

@Suite("HTTP server: Server-Sent Events")
struct EventStreamTests {
    func line(_ seq: UInt64, _ channel: Channel, padding: Int = 0) -> WireLine {
        let messageClass = channel == .session ? "SESSION" : channel == .match ? "MATCH" : "LOCATION"
        let pad = String(repeating: "x", count: padding)
        return WireLine(seq: seq, channel: channel, bytes: Array("{\"class\":\"\(messageClass)\",\"pad\":\"\(pad)\",\"seq\":\(seq)}\n".utf8))
    }

    /// Waits (bounded) until the server has `count` event streams open.
    func waitForStreams(_ server: HTTPServer, _ count: Int) throws {
        let deadline = Date(timeIntervalSinceNow: 10)
        while server.eventStreamCount < count {
            guard Date() < deadline else { throw HTTPTestError.malformed("no event stream opened") }
            usleep(10_000)
        }
    }

    @Test("delivered lines arrive in order with their seq as id and the exact wire JSON as data")
    func linesInOrder() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner())
        defer { server.stop() }
        let client = try EventStreamClient(port: server.port, path: "/events?channels=location,session")
        defer { client.close() }
        #expect(try client.readHead() == 200)
        try waitForStreams(server, 1)
        var lines: [WireLine] = []
        for seq in UInt64(1)...50 {
            let channel: Channel = seq % 10 == 0 ? .session : seq % 3 == 0 ? .match : .location
            lines.append(line(seq, channel))
        }
        server.deliver(Array(lines[..<20]))
        server.deliver(Array(lines[20...]))
        let expected = lines.filter { $0.channel != Channel.match }
        for wanted in expected {
            let event = try client.next()
            #expect(event.name == nil)
            #expect(event.id == String(wanted.seq))
            #expect(Array(event.data.utf8) + [0x0A] == wanted.bytes)
        }
    }

    @Test("channels naming none (channels=,,) stream every channel, as no channels= does")
    func channelsNamingNone() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner())
        defer { server.stop() }
        let client = try EventStreamClient(port: server.port, path: "/events?channels=,,")
        defer { client.close() }
        #expect(try client.readHead() == 200)
        try waitForStreams(server, 1)
        server.deliver([line(1, .location), line(2, .match), line(3, .device)])
        #expect(try (0..<3).map { _ in try client.next().id } == ["1", "2", "3"])
    }

    @Test("the content type is text/event-stream")
    func contentType() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner())
        defer { server.stop() }
        let connection = try SocketConnection.connect(host: "127.0.0.1", port: server.port)
        defer { connection.close() }
        try connection.setReceiveTimeout(seconds: 10)
        try connection.sendAll(Array("GET /events HTTP/1.0\r\n\r\n".utf8))
        var head: [UInt8] = []
        while HTTPTestClient.find([13, 10, 13, 10], in: head) == nil { head += try connection.read(upTo: 4096) }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        #expect(text.hasPrefix("http/1.0 200") || text.hasPrefix("http/1.1 200"))
        #expect(text.contains("content-type: text/event-stream"))
    }

    @Test("a client that never reads is bounded: oldest stream lines dropped and counted, state lines kept")
    func neverReadingClientIsBounded() throws {
        let capacity = 64
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner(), limits: .init(maxQueuedLines: capacity))
        defer { server.stop() }
        let client = try EventStreamClient(port: server.port, path: "/events?channels=location,session", timeout: 20)
        defer { client.close() }
        #expect(try client.readHead() == 200)
        try waitForStreams(server, 1)
        // 20,000 lines of ~2 KB: far more than the socket buffers and the queue hold.
        var delivered: [WireLine] = []
        for seq in UInt64(1)...20_000 {
            delivered.append(line(seq, seq % 1000 == 0 ? .session : .location, padding: 2000))
            if delivered.count % 500 == 0 { server.deliver(Array(delivered.suffix(500))) }
        }
        let counts = try #require(server.eventStreamCounts.first)
        #expect(counts.queued <= capacity + 20)
        #expect(counts.dropped > 5_000)
        // Now read everything: seqs increase, every state line is there, and what was not received
        // was announced as dropped.
        var seen: [UInt64] = []
        var announced = 0
        while seen.last != 20_000 {
            let event = try client.next()
            if event.name == "dropped" {
                let notice = try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
                #expect(notice["class"] as? String == "DROPPED")
                announced += try #require(notice["count"] as? Int)
                continue
            }
            seen.append(try #require(UInt64(event.id ?? "")))
        }
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set((1...20).map { UInt64($0 * 1000) }).isSubset(of: Set(seen)))
        #expect(seen.count + announced == 20_000)
    }

    @Test("a client that never reads while state lines keep coming is cut off past the capacity, not held in memory")
    func neverReadingClientIsCutOffOnState() throws {
        let capacity = 64
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner(), limits: .init(maxQueuedLines: capacity))
        defer { server.stop() }
        let client = try EventStreamClient(port: server.port, path: "/events?channels=session", timeout: 20)
        defer { client.close() }
        #expect(try client.readHead() == 200)
        try waitForStreams(server, 1)
        // 2,000 state lines of ~2 KB (4 MB): far more than the socket buffers and 64 queued hold.
        for first in stride(from: UInt64(1), through: 2_000, by: 100) {
            server.deliver((first..<first + 100).map { line($0, .session, padding: 2000) })
        }
        // What was queued before the cut arrives in order, then the stream ends.
        var seen: [UInt64] = []
        while let event = try? client.next() { seen.append(try #require(UInt64(event.id ?? ""))) }
        #expect(seen.count >= capacity && seen.count < 2_000)
        #expect(seen == Array((1...2_000).prefix(seen.count)))
    }

    @Test("stopping the server ends open streams")
    func stopEndsStreams() throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: TestRunner())
        let client = try EventStreamClient(port: server.port, path: "/events")
        defer { client.close() }
        #expect(try client.readHead() == 200)
        try waitForStreams(server, 1)
        server.stop()
        #expect(throws: (any Error).self) { _ = try client.next() }
        #expect(server.eventStreamCount == 0)
    }
}
