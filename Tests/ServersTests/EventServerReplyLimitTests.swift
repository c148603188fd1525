import JSON
import Servers
import SystemIO
import Testing
import TestSupport
import WireProtocol

/// Answers every request with a REPLY carrying a string of `replyBytes` bytes (as a route with
/// alternatives is about 1 MB), counting the requests it answered.
final class BigReplyHandler: CommandHandler {
    let replyBytes: Int
    let answered = Locked(0)

    init(replyBytes: Int) { self.replyBytes = replyBytes }

    func handle(_ command: Command, from client: ClientInfo) async -> CommandResult {
        answered.withLock { $0 += 1 }
        return .success([:], written: ["blob": [0x22] + Array(repeating: 0x61, count: replyBytes) + [0x22]])
    }
}

@Suite("EventServer bounds a client's unread replies in bytes", .serialized)
struct EventServerReplyLimitTests {
    @Test("a client pipelining requests with 1 MiB replies and reading nothing gets none answered past 4 MiB of replies queued; others are served; read later, every reply arrives in order")
    func unreadRepliesAreBounded() async throws {
        let directory = try TemporaryDirectory(prefix: "srv-replies")
        defer { directory.remove() }
        let reply = 1 << 20, limit = 4 << 20, requests = 24
        let handler = BigReplyHandler(replyBytes: reply)
        let server = try EventServer(listener: UnixSocketListener(path: directory.file("waygate.sock")),
                                     configuration: .init(version: "0.1.0-test", maxUnsentReplyBytes: limit), handler: handler)
        defer { server.stop() }
        let greedy = try EventClient(path: server.listener.path, waitingUpTo: 0)
        for id in 1...requests { try greedy.send(line: #"{"cmd":"status","id":\#(id)}"#) }
        // 24 MiB of replies cannot fit the kernel's socket buffer, the send buffer and the queue:
        // the queue reaches the limit (the wait is a safety net, not an assertion).
        for _ in 0..<2_000 where server.statistics.deepestReplyBytes < limit { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.statistics.deepestReplyBytes >= limit)
        #expect(server.statistics.deepestReplyBytes < limit + reply + 4_096, "below the limit plus one reply")

        // Another client is answered meanwhile; the greedy one has at most its 4 queued replies,
        // one in the I/O thread's send buffer and what the kernel's socket buffer took answered.
        let other = try EventClient(path: server.listener.path, waitingUpTo: 0)
        guard case .hello = try await other.received() else { Issue.record("no HELLO"); return }
        try other.send(line: #"{"cmd":"status","id":"other"}"#)
        guard case .reply(let answer) = try await other.received() else { Issue.record("no REPLY"); return }
        #expect(answer.id == .string("other"))
        let answered = handler.answered.withLock { $0 } - 1
        #expect(answered >= limit / reply && answered <= limit / reply + 3)
        #expect(answered < requests)
        #expect(server.statistics.deepestReplyBytes < limit + reply + 4_096)

        // Reading, the client gets HELLO and every reply, in order: nothing was dropped.
        let lines = try await greedy.receivedLines(requests + 1)
        #expect(String(decoding: lines[0], as: UTF8.self).contains(#""class":"HELLO""#))
        for (offset, line) in lines.dropFirst().enumerated() {
            #expect(line.count > reply)
            #expect(String(decoding: line.suffix(40), as: UTF8.self).hasSuffix(#""id":\#(offset + 1),"ok":true}"#))
        }
        #expect(handler.answered.withLock { $0 } == requests + 1)
        #expect(server.statistics.deepestReplyBytes < limit + reply + 4_096)
    }
}
