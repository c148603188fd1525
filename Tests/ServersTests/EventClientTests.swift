import JSON
import Servers
import Testing
import WireProtocol

@Suite("EventClient against a real EventServer", .serialized)
struct EventClientTests {
    @Test("streams HELLO, the subscribe REPLY and published events in order; the stream ends when the server stops")
    func streamsUntilServerStops() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let client = try EventClient(path: h.path, waitingUpTo: 0)
        defer { client.close() }
        var messages = client.messages().makeAsyncIterator()
        guard case .hello(let hello) = try await messages.next() else { Issue.record("no HELLO"); return }
        #expect(hello.protocolVersion == 1)
        try client.send(Request(id: .integer(1), command: .subscribe([.location, .device])))
        #expect(try await messages.next() == .reply(ReplyMessage(id: .integer(1), fields: ["channels": .array([.string("location"), .string("device")])])))
        let seq = h.fanout.publish(.location(helsinki), time: fixTime)
        guard case .event(let event) = try await messages.next() else { Issue.record("no event"); return }
        #expect(event.seq == seq && event.payload == .location(helsinki))
        h.server.stop()
        #expect(try await messages.next() == nil)
    }

    @Test("close ends a running stream")
    func closeEndsStream() async throws {
        let h = try ServerHarness()
        defer { h.close() }
        let client = try EventClient(path: h.path, waitingUpTo: 0)
        var messages = client.messages().makeAsyncIterator()
        guard case .hello = try await messages.next() else { Issue.record("no HELLO"); return }
        client.close()
        #expect(try await messages.next() == nil)
        client.close()
    }
}
