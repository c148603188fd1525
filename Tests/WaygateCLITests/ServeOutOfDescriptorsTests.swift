import Foundation
import SystemIO
import TestSupport
import Testing

/// `waygate serve` run out of file descriptors by its own clients (started under `prlimit` with a
/// low open-files limit): a listener that cannot accept says so once and waits for a client to
/// leave instead of polling a listener that stays readable, then serves the connections waiting.
@Suite("waygate serve out of file descriptors", .serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")))
struct ServeOutOfDescriptorsTests {
    @Test("gpsd port: EMFILE is logged once, and a connection waiting in the backlog gets VERSION once clients leave")
    func gpsdPortOutOfDescriptors() throws {
        let dir = try TemporaryDirectory(prefix: "serve-emfile")
        defer { dir.remove() }
        let port = LoopbackGPSD.freePort()
        let log = dir.file("serve.log")
        let server = try ChildProcess(
            "/usr/bin/prlimit",
            ["--nofile=96:96", Fixtures.waygateExecutable.path, "serve", "--replay", Fixtures.trace("nmea/garmin15x.nmea").path, "--replay-speed", "max",
             "--socket", dir.file("s.sock"), "--gpsd-listen", "127.0.0.1:\(port)"],
            stderr: log)
        defer { server.stop() }
        try #require(LoopbackGPSD.waitForListener(port: port, timeout: 30))

        // More clients than the daemon has descriptors: the last ones wait in the listen backlog.
        var clients: [SocketConnection] = []
        defer { clients.forEach { $0.close() } }
        for _ in 0..<120 { clients.append(try SocketConnection.connect(host: "127.0.0.1", port: UInt16(port))) }
        let marker = "gpsd port 127.0.0.1:\(port): cannot accept (Too many open files)"
        var logged: [String] = []
        for _ in 0..<200 where logged.isEmpty {
            usleep(100_000)
            logged = Self.lines(of: log).filter { $0.contains(marker) }
        }
        try #require(logged.count == 1, "\(Self.lines(of: log))")
        // The listener is tried again every second while it stays full: still one line.
        sleep(3)
        #expect(Self.lines(of: log).filter { $0.contains(marker) }.count == 1, "\(Self.lines(of: log))")

        for client in clients.prefix(60) { client.close() }
        clients.removeFirst(60)
        let last = try #require(clients.last)
        try last.setReceiveTimeout(seconds: 20)
        let greeting = String(decoding: try last.read(upTo: 4_096), as: UTF8.self)
        #expect(greeting.hasPrefix(#"{"class":"VERSION","release":"3.22""#), "\(greeting)")
        #expect(server.isRunning)
    }

    /// The lines of the file at `path` so far.
    static func lines(of path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
