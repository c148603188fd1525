import Foundation
import JSON
import SystemIO
import TestSupport
import Testing
import WireProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Many clients connecting at once to a real `waygate serve` that is not accepting (stopped
/// with SIGSTOP, as a busy or restarting daemon is): every connect must find room in the
/// listen backlog, on the event socket and on the gpsd port, and each client is served once
/// the daemon goes on.
@Suite("waygate serve: connect bursts", .serialized)
struct ServeConnectBurstTests {
    static let clients = 200

    /// Starts a non-blocking connect to `address`; the socket, or the errno it failed with.
    static func connect(_ family: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Result<Int32, SystemError> {
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(SystemError(code: errno, operation: "socket")) }
        if Glibc.connect(fd, address, length) == 0 || errno == EINPROGRESS { return .success(fd) }
        let code = errno
        close(fd)
        return .failure(SystemError(code: code, operation: "connect"))
    }

    static func connectUnix(_ path: String) -> Result<Int32, SystemError> {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        return withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(AF_UNIX, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    static func connectLoopback(_ port: Int) -> Result<Int32, SystemError> {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(AF_INET, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// Waits (up to `timeout` seconds) until every TCP connect in `fds` has completed its
    /// handshake; returns those that have not, or that failed.
    static func unfinished(_ fds: [Int32], timeout: Double) -> [Int32] {
        let deadline = Date().addingTimeInterval(timeout)
        var waiting = fds
        while !waiting.isEmpty, Date() < deadline {
            var polled = waiting.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
            _ = poll(&polled, nfds_t(polled.count), 200)
            waiting = polled.filter { $0.revents & Int16(POLLOUT) == 0 }.map(\.fd)
        }
        let failed = fds.filter { fd in
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0
        }
        return waiting + failed.filter { !waiting.contains($0) }
    }

    /// The first line the server sends on `fd` (made blocking, read with a timeout).
    static func firstLine(_ fd: Int32) throws -> String {
        let socket = SocketConnection(descriptor: FileDescriptor(rawValue: fd))
        try socket.descriptor.setNonBlocking(false)
        try socket.setReceiveTimeout(seconds: 30)
        var framer = LineFramer()
        while true {
            let bytes = try socket.read(upTo: 4_096)
            guard !bytes.isEmpty else { return "" }
            if case .line(let line)? = framer.push(bytes).first { return String(decoding: line, as: UTF8.self) }
        }
    }

    @Test("200 clients connecting at once while the daemon is stopped: none refused on the socket or the gpsd port; each gets HELLO / VERSION")
    func burst() throws {
        let dir = try TemporaryDirectory(prefix: "serve-burst")
        defer { dir.remove() }
        let port = LoopbackGPSD.freePort()
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--serial", dir.file("gps"), "--socket", dir.file("s.sock"), "--gpsd-listen", "127.0.0.1:\(port)"],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let first = try WireClient(path: dir.file("s.sock"))
        guard case .hello = try first.next() else { Issue.record("no HELLO"); return }
        #expect(LoopbackGPSD.waitForListener(port: port))

        kill(server.pid, SIGSTOP)
        defer { kill(server.pid, SIGCONT) }
        var unixSockets: [Int32] = [], tcpSockets: [Int32] = []
        defer { (unixSockets + tcpSockets).forEach { close($0) } }
        var refused: [String] = []
        for _ in 0..<Self.clients {
            switch Self.connectUnix(dir.file("s.sock")) {
            case .success(let fd): unixSockets.append(fd)
            case .failure(let error): refused.append(error.description)
            }
            switch Self.connectLoopback(port) {
            case .success(let fd): tcpSockets.append(fd)
            case .failure(let error): refused.append(error.description)
            }
        }
        #expect(refused.isEmpty, "refused: \(Set(refused))")
        // The kernel completes TCP handshakes for a stopped listener while its backlog has room;
        // a full backlog drops the SYNs, and those connects never finish while it stays stopped.
        let pending = Self.unfinished(tcpSockets, timeout: 20)
        #expect(pending.isEmpty, "\(pending.count) of \(tcpSockets.count) gpsd-port connects did not complete")

        kill(server.pid, SIGCONT)
        var greeted = 0
        for fd in unixSockets {
            if case .hello = try ServerMessage.decode(line: Array(Self.firstLine(fd).utf8)) { greeted += 1 }
        }
        #expect(greeted == Self.clients)
        var versions = 0
        for fd in tcpSockets where try Self.firstLine(fd).hasPrefix(#"{"class":"VERSION""#) { versions += 1 }
        #expect(versions == Self.clients)
        // The daemon still answers the first client.
        try first.send(.status)
        let status = try first.next { if case .reply = $0 { true } else { false } }
        guard case .reply(let reply) = try #require(status) else { return }
        // All 200 gpsd-port clients are still connected: within the 256 the port serves.
        let gpsd = try #require(reply.fields["gpsd"]?.objectValue)
        #expect(gpsd["listen"] == .string("127.0.0.1:\(port)"))
        #expect(gpsd["clients"] == .integer(Int64(Self.clients)) && gpsd["refused_clients"] == .integer(0))
    }
}
