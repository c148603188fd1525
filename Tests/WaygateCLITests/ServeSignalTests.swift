import Foundation
import TestSupport
import Testing
import WireProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `waygate serve` stopped by a signal before it has finished starting, or once running by the
/// other stop signals (SIGHUP, SIGUSR1, SIGUSR2).
@Suite("waygate serve: signals", .serialized)
struct ServeSignalTests {
    /// A GeoJSON LineString route of `count` positions zig-zagging north from Helsinki: big
    /// enough (about 26 bytes a position) that reading it and starting guidance take a while.
    static func writeLongRoute(_ path: String, count: Int) throws {
        var text = #"{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":["#
        text.reserveCapacity(count * 28 + 100)
        for i in 0..<count {
            if i > 0 { text += "," }
            let lat = 60.0 + Double(i) * 0.00005
            let lon = 24.9 + (i % 2 == 0 ? 0 : 0.00003)
            text += "[\(String(format: "%.6f", lon)),\(String(format: "%.6f", lat))]"
        }
        text += "]}}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Waits up to `timeout` seconds for `path` to exist.
    static func waitForFile(_ path: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(2_000)
        }
        return false
    }

    @Test("SIGTERM or SIGINT while --guide is still loading: exit 0, no socket file, the gpsd port free again", arguments: [SIGTERM, SIGINT])
    func signalWhileGuideLoads(signal: Int32) throws {
        let dir = try TemporaryDirectory(prefix: "serve-signal")
        defer { dir.remove() }
        let route = dir.file("long.geojson")
        try Self.writeLongRoute(route, count: 200_000)
        let port = LoopbackGPSD.freePort()
        let socket = dir.file("s.sock")
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--serial", dir.file("gps"), "--guide", route, "--socket", socket, "--gpsd-listen", "127.0.0.1:\(port)"],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        // The socket exists before the --guide route is read: the signal lands while it loads.
        #expect(Self.waitForFile(socket, timeout: 60))
        server.send(signal)
        #expect(server.wait(timeout: 120) == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
        let log = (try? String(contentsOfFile: dir.file("serve.log"), encoding: .utf8)) ?? ""
        // Either the start-up was cut short or it had just finished; both end cleanly.
        #expect(log.contains("stopped by signal \(signal) while starting") || log.contains("serving on"), "\(log)")
        #expect(!LoopbackGPSD.waitForListener(port: port, timeout: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["long.geojson", "serve.log"])
    }

    @Test("SIGHUP (the terminal or ssh session gone), SIGQUIT (Ctrl-\\), SIGUSR1 or SIGUSR2 to a running serve: exit 0, socket file removed",
          arguments: [SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2])
    func stopSignalWhileRunning(signal: Int32) throws {
        let dir = try TemporaryDirectory(prefix: "serve-hup")
        defer { dir.remove() }
        let socket = dir.file("s.sock")
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path, ["serve", "--replay", Fixtures.trace("nmea/garmin15x.nmea").path, "--socket", socket],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: socket)
        guard case .hello = try client.next() else { Issue.record("no HELLO"); return }
        server.send(signal)
        #expect(server.wait(timeout: 120) == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test("SIGTERM while --replay waits for a FIFO's writer: exit 0, stopped while starting")
    func signalWhileReplayFIFOWaits() throws {
        let dir = try TemporaryDirectory(prefix: "serve-fifo")
        defer { dir.remove() }
        let fifo = dir.file("log.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path, ["serve", "--replay", fifo, "--socket", dir.file("s.sock")], stderr: dir.file("serve.log"))
        defer { server.stop() }
        // Once the FIFO is open the signal lands while the replay waits for a writer.
        #expect(Self.waitForOpenFile(fifo, pid: server.pid, timeout: 60))
        server.send(SIGTERM)
        #expect(server.wait(timeout: 120) == 0)
        let log = (try? String(contentsOfFile: dir.file("serve.log"), encoding: .utf8)) ?? ""
        #expect(log.contains("stopped by signal \(SIGTERM) while starting"), "\(log)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("s.sock")))
    }

    /// Waits up to `timeout` seconds for process `pid` to hold `path` open.
    static func waitForOpenFile(_ path: String, pid: pid_t, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            if fds.contains(where: { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path }) { return true }
            usleep(2_000)
        }
        return false
    }
}
