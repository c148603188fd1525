import JSON
import Foundation
import Servers
import SystemIO
import Testing
import TestSupport
import Timekeeping
import WireProtocol

/// A running server in a temporary directory; `close()` stops it and removes the directory.
struct ServerHarness {
    let directory: TemporaryDirectory
    let server: EventServer
    /// What numbers and encodes events for the server, as in the daemon.
    let fanout = WireFanout()
    let handler = FakeCommandHandler()
    var path: String { server.listener.path }

    init(maxQueuedEvents: Int = 4_096, access: AccessPolicy = .open) throws {
        directory = try TemporaryDirectory(prefix: "srv")
        let listener = try UnixSocketListener(path: directory.file("waygate.sock"))
        server = try EventServer(
            listener: listener, configuration: .init(version: "0.1.0-test", maxQueuedEvents: maxQueuedEvents, access: access),
            handler: handler)
        fanout.add(server)
    }

    /// A connected client that has read its HELLO.
    func client() async throws -> EventClient {
        let client = try EventClient(path: path, waitingUpTo: 0)
        guard case .hello = try await client.received() else { throw TestClientError.closed }
        return client
    }

    /// A client subscribed to `channels` (REPLY read).
    func subscribed(_ channels: [Channel]) async throws -> EventClient {
        let client = try await client()
        try client.send(Request(id: .integer(1), command: .subscribe(channels)))
        guard case .reply = try await client.received() else { throw TestClientError.closed }
        return client
    }

    func close() {
        server.stop()
        directory.remove()
    }
}

let helsinki = LocationMessage(
    source: "serial:/dev/ttyACM0", mode: 3, lat: 60.169857, lon: 24.938379, alt: 17.4, speed: 12.86, course: 84.3,
    horizontalAccuracy: 3.2, verticalAccuracy: 5.1, hdop: 0.9, satellitesUsed: 9)
let fixTime = Timestamp(secondsSince1970: 1_800_000_000.125)

func nmea(_ i: Int) -> EventPayload { .nmea(NMEAMessage(sentence: "$GPTXT,01,01,02,event \(i)*00")) }

@Suite("EventServer over a real Unix socket", .serialized)
struct EventServerTests {
    @Test("HELLO on connect, then a subscribed LOCATION arrives with exact values")
    func helloSubscribeLocation() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let client = try EventClient(path: h.path, waitingUpTo: 0)
        let hello = try await client.received()
        #expect(hello == .hello(HelloMessage(version: "0.1.0-test", session: .init(mode: .freeDrive), channels: Channel.concrete)))
        try client.send(line: #"{"cmd":"subscribe","channels":["location"],"id":"a"}"#)
        #expect(try await client.received() == .reply(ReplyMessage(id: .string("a"), fields: ["channels": .array([.string("location")])])))
        let seq = h.fanout.publish(.location(helsinki), time: fixTime)
        guard case .event(let event) = try await client.received() else { Issue.record("no event"); return }
        #expect(event.seq == seq)
        #expect(event.time.description == "2027-01-15T08:00:00.125Z")
        #expect(event.payload == .location(helsinki))
    }

    @Test("nothing arrives before subscribe; seq keeps increasing across events the client did not get")
    func nothingBeforeSubscribe() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let client = try await h.client()
        let first = h.fanout.publish(.location(helsinki), time: fixTime)
        try client.send(Request(command: .subscribe([.location])))
        #expect(try await client.received() == .reply(ReplyMessage(fields: ["channels": .array([.string("location")])])))
        let second = h.fanout.publish(.location(helsinki), time: fixTime)
        guard case .event(let event) = try await client.received() else { Issue.record("no event"); return }
        #expect(event.seq == second)
        #expect(second > first)
    }

    @Test("unsubscribe stops a channel and keeps the others; all expands to every channel")
    func unsubscribe() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let client = try await h.subscribed([.all])
        try client.send(Request(id: .integer(2), command: .unsubscribe([.location, .nmea])))
        let remaining: [JSONValue] = ["sky", "match", "progress", "instructions", "guidance", "session", "camera", "device"].map { .string($0) }
        #expect(try await client.received() == .reply(ReplyMessage(id: .integer(2), fields: ["channels": .array(remaining)])))
        h.fanout.publish(.location(helsinki), time: fixTime)
        h.fanout.publish(nmea(0), time: fixTime)
        let sky = h.fanout.publish(.sky(SkyMessage(satellites: [])), time: fixTime)
        guard case .event(let event) = try await client.received() else { Issue.record("no event"); return }
        #expect(event.seq == sky)
        #expect(event.payload.messageClass == "SKY")
    }

    @Test("the channels wanted follow subscribe, unsubscribe and a client leaving")
    func channelsWanted() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        #expect(h.server.channelsWanted == [])
        let first = try await h.subscribed([.location])
        #expect(h.server.channelsWanted == [.location])
        let second = try await h.subscribed([.sky, .device])
        #expect(h.server.channelsWanted == [.location, .sky, .device])
        try first.send(Request(id: .integer(2), command: .unsubscribe([.location])))
        guard case .reply = try await first.received() else { Issue.record("no reply"); return }
        #expect(h.server.channelsWanted == [.sky, .device])
        second.close()
        for _ in 0..<1_000 where h.server.statistics.clients > 1 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(h.server.channelsWanted == [])
    }

    @Test("several clients each get exactly the channels they subscribed to")
    func severalClients() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let locations = try await h.subscribed([.location])
        let devices = try await h.subscribed([.device])
        let both = try await h.subscribed([.location, .device])
        #expect(h.server.statistics.clients == 3)
        let device = EventPayload.device(DeviceMessage(source: "serial:/dev/ttyACM0", state: .lost))
        for i in 0..<10 { h.fanout.publish(i % 2 == 0 ? .location(helsinki) : device, time: fixTime.adding(Double(i))) }
        let a = try await locations.received(5).map(\.messageClass)
        let b = try await devices.received(5).map(\.messageClass)
        let c = try await both.received(10).map(\.messageClass)
        #expect(a == Array(repeating: "LOCATION", count: 5))
        #expect(b == Array(repeating: "DEVICE", count: 5))
        #expect(c == (0..<10).map { $0 % 2 == 0 ? "LOCATION" : "DEVICE" })
    }

    @Test("a client that never reads does not stall others; its queue stays capped and DROPPED counts the loss")
    func slowClient() async throws {
        let cap = 1_000
        let total = 100_000
        let h = try ServerHarness(maxQueuedEvents: cap)
        defer { h.close() }
        let slow = try await h.subscribed([.nmea])
        let fast = try await h.subscribed([.nmea])
        var fastSeqs: [UInt64] = []
        for chunk in stride(from: 0, to: total, by: 500) {
            for i in chunk..<(chunk + 500) { h.fanout.publish(nmea(i), time: fixTime) }
            fastSeqs += try await fast.receivedLines(500).compactMap(seq(of:))
        }
        #expect(fastSeqs.count == total)
        #expect(fastSeqs == fastSeqs.sorted() && Set(fastSeqs).count == total)
        let stats = h.server.statistics
        #expect(stats.deepestQueue <= cap)
        #expect(stats.eventsPublished == UInt64(total))

        // Now the slow client reads everything that is left for it.
        let messages = try await slow.read { read in
            read.reduce(0) { sum, m in
                switch m {
                case .event: sum + 1
                case .dropped(let d): sum + d.count
                default: sum
                }
            } >= total
        }
        var events = 0
        var dropped = 0
        var seqs: [UInt64] = []
        for message in messages {
            switch message {
            case .event(let event):
                events += 1
                seqs.append(event.seq)
            case .dropped(let notice): dropped += notice.count
            default: Issue.record("unexpected \(message.messageClass)")
            }
        }
        #expect(events + dropped == total)
        #expect(dropped > 0)
        #expect(UInt64(dropped) == h.server.statistics.eventsDropped)
        #expect(seqs == seqs.sorted())
        #expect(seqs.last == fastSeqs.last, "the newest event is never the one dropped")
        #expect(events <= cap + 2_000, "only the capped queue plus what fit in the socket buffer arrives")
    }

    @Test("malformed JSON, a non-object and a line over 64 KiB each get ERROR bad_request and the connection stays up")
    func malformedLines() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let client = try await h.client()
        try client.send(line: #"{"cmd":"subscribe""#)
        try client.send(line: #"["subscribe"]"#)
        try client.send(line: #"{"cmd":"status","pad":""# + String(repeating: "x", count: 70_000) + #""}"#)
        try client.send(line: #"{"cmd":"status","id":9}"#)
        let answers = try await client.received(4)
        guard case .error(let malformed) = answers[0], case .error(let array) = answers[1], case .error(let long) = answers[2],
            case .reply(let status) = answers[3]
        else { Issue.record("unexpected answers \(answers.map(\.messageClass))"); return }
        #expect(malformed.code == .badRequest)
        #expect(malformed.message.hasPrefix("malformed JSON: cannot parse 18 bytes"))
        #expect(array == ErrorMessage(code: .badRequest, message: "a request must be a JSON object, got an array"))
        #expect(long == ErrorMessage(code: .badRequest, message: "line of 70025 bytes exceeds the 65536-byte limit"))
        #expect(status.id == .integer(9))
    }

    @Test("an unknown cmd is ERROR bad_request naming it, with the id echoed")
    func unknownCommand() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let client = try await h.client()
        try client.send(line: #"{"cmd":"teleport","id":42}"#)
        guard case .error(let error) = try await client.received() else { Issue.record("no ERROR"); return }
        #expect(error.id == .integer(42))
        #expect(error.code == .badRequest)
        #expect(error.message.hasPrefix(#"unknown command "teleport""#))
    }

    @Test("requests go to the handler in order; status merges the server's counters")
    func handlerAndStatus() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let client = try await h.client()
        try client.send(line: #"{"cmd":"route","waypoints":[[24.94,60.17]],"id":1}"#)
        try client.send(line: #"{"cmd":"camera","state":"overview","id":2}"#)
        try client.send(line: #"{"cmd":"status","id":3}"#)
        h.fanout.publish(.location(helsinki), time: fixTime)
        let answers = try await client.received(3)
        #expect(answers[0] == .error(ErrorMessage(id: .integer(1), code: .noRoute, message: "no road within 200 m of waypoint 0")))
        #expect(answers[1] == .reply(ReplyMessage(id: .integer(2), fields: ["command": .string("camera")])))
        guard case .reply(let status) = answers[2] else { Issue.record("no status REPLY"); return }
        #expect(status.fields["clients"] == .integer(1))
        #expect(status.fields["session"] == JSONValue(["mode": .string("free_drive")]))
        let counters = status.fields["counters"]?.objectValue
        #expect(counters?["fixes"] == .integer(5))
        #expect(counters?["events_dropped"] == .integer(2))
        #expect(counters?["events_published"] != nil)
        #expect(h.handler.received.withLock { $0.map(\.name) } == [.route, .camera, .status])
    }

    @Test("an allow-list that excludes the client's uid and gid answers state changes with ERROR forbidden")
    func forbidden() async throws {
        let h = try ServerHarness(access: AccessPolicy(allowUIDs: [4_242_424], allowGIDs: [4_242_424]))
        defer { h.close() }
        let client = try await h.client()
        try client.send(line: #"{"cmd":"stop","id":1}"#)
        try client.send(line: #"{"cmd":"start","route_index":0,"id":2}"#)
        try client.send(line: #"{"cmd":"status","id":3}"#)
        let answers = try await client.received(3)
        let uid = getuid()
        let gid = getgid()
        #expect(answers[0] == .error(ErrorMessage(id: .integer(1), code: .forbidden, message: "stop is not allowed for uid \(uid) gid \(gid)")))
        #expect(answers[1] == .error(ErrorMessage(id: .integer(2), code: .forbidden, message: "start is not allowed for uid \(uid) gid \(gid)")))
        guard case .reply = answers[2] else { Issue.record("status was refused"); return }
        #expect(h.handler.received.withLock { $0.map(\.name) } == [.status])
    }

    @Test("an allow-list holding the client's uid lets state changes through")
    func allowed() async throws {
        let h = try ServerHarness(access: AccessPolicy(allowUIDs: [getuid()]))
        defer { h.close() }
        let client = try await h.client()
        try client.send(line: #"{"cmd":"stop","id":1}"#)
        #expect(try await client.received() == .reply(ReplyMessage(id: .integer(1), fields: ["command": .string("stop")])))
    }

    @Test("a client that vanishes with unsent events and an unanswered request does not disturb the others")
    func clientVanishes() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let stays = try await h.subscribed([.nmea])
        do {
            let leaves = try await h.subscribed([.nmea])
            try leaves.send(line: #"{"cmd":"status","id":1}"#)
            for chunk in stride(from: 0, to: 4_000, by: 500) {  // more than its socket buffer holds
                for i in chunk..<(chunk + 500) { h.fanout.publish(nmea(i), time: fixTime) }
                #expect(try await stays.receivedLines(500).count == 500)
            }
            withExtendedLifetime(leaves) {}
        }  // `leaves` is closed here, with events and a reply still queued for it
        var clients: JSONValue?
        for attempt in 0..<200 where clients != .integer(1) {
            try stays.send(Request(id: .integer(Int64(attempt)), command: .status))
            guard case .reply(let reply) = try await stays.received() else { break }
            clients = reply.fields["clients"]
        }
        #expect(clients == .integer(1))
        let seq = h.fanout.publish(nmea(4_000), time: fixTime)
        guard case .event(let event) = try await stays.received() else { Issue.record("no event after the other client left"); return }
        #expect(event.seq == seq)
    }

    @Test("HELLO reports the session mode of the last SESSION event")
    func helloSessionMode() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        h.fanout.publish(.session(SessionMessage(mode: .activeGuidance, previous: .freeDrive, routeID: "r-1")), time: fixTime)
        let client = try EventClient(path: h.path, waitingUpTo: 0)
        guard case .hello(let hello) = try await client.received() else { Issue.record("no HELLO"); return }
        #expect(hello.session.mode == .activeGuidance)
    }

    @Test("stop closes every connection and removes the socket file")
    func stopRemovesSocket() async throws {
        let h = try ServerHarness()
        defer { h.directory.remove() }
        let client = try await h.client()
        #expect(FileManager.default.fileExists(atPath: h.path))
        h.server.stop()
        #expect(try await client.readsEOF())
        #expect(!FileManager.default.fileExists(atPath: h.path))
        h.server.stop()
    }
}
