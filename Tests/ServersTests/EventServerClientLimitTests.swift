import Foundation
import JSON
import Servers
import SystemIO
import Testing
import TestSupport
import WireProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A server on a temporary socket whose log lines are kept.
private struct LoggingServer {
    let directory: TemporaryDirectory
    let server: EventServer
    let lines = Locked<[String]>([])

    init(maxClients: Int) throws {
        directory = try TemporaryDirectory(prefix: "srv-clients")
        let lines = self.lines
        server = try EventServer(
            listener: UnixSocketListener(path: directory.file("waygate.sock")),
            configuration: .init(version: "0.1.0-test", maxClients: maxClients), handler: FakeCommandHandler(),
            log: { line in lines.withLock { $0.append(line) } })
    }

    var path: String { server.listener.path }
    var log: [String] { lines.withLock { $0 } }

    /// A connected client that has read its HELLO.
    func client() async throws -> EventClient {
        let client = try EventClient(path: path, waitingUpTo: 0)
        guard case .hello = try await client.received() else { throw TestClientError.closed }
        return client
    }

    func close() {
        server.stop()
        directory.remove()
    }
}

@Suite("EventServer caps its clients", .serialized)
struct EventServerClientLimitTests {
    @Test("client N+1 gets one ERROR busy line and end of file, is logged and counted in status; after one leaves a new one is served")
    func clientPastTheCapIsRefused() async throws {
        let s = try LoggingServer(maxClients: 2)
        defer { s.close() }
        let first = try await s.client()
        let second = try await s.client()

        let third = try EventClient(path: s.path, waitingUpTo: 0)
        let refusal = try await offPool { try third.nextLine(timeout: EventClient.readTimeout) }
        #expect(refusal.map { String(decoding: $0, as: UTF8.self) } == #"{"class":"ERROR","code":"busy","message":"too many clients (2 connected)"}"#)
        #expect(try await third.readsEOF())
        #expect(s.log == ["socket client pid \(getpid()) uid \(getuid()) refused: too many clients (2 connected)"])

        try first.send(Request(id: .integer(7), command: .status))
        guard case .reply(let status) = try await first.received() else { Issue.record("no REPLY to status"); return }
        #expect(status.fields["clients"] == .integer(2))
        #expect(status.fields["counters"]?.objectValue?["refused_clients"] == .integer(1))
        #expect(s.server.statistics.refusedClients == 1)

        second.close()
        for _ in 0..<2_000 where s.server.statistics.clients > 1 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(s.server.statistics.clients == 1)
        let fourth = try await s.client()
        try fourth.send(Request(id: .integer(8), command: .status))
        guard case .reply(let again) = try await fourth.received() else { Issue.record("no REPLY to status"); return }
        #expect(again.fields["clients"] == .integer(2))
        #expect(again.fields["counters"]?.objectValue?["refused_clients"] == .integer(1))
    }
}
