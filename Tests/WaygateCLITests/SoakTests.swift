import Foundation
import Simulation
import SystemIO
import TestSupport
import Testing
import WireProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A soak of the real daemon: a receiver on a pty that is unplugged and replugged, readers
/// subscribed to every channel, clients that never read, and a stream of clients that connect,
/// misbehave (garbage, invalid UTF-8, overlong lines, 1 MB on the gpsd port) and leave.
///
/// Runs `WAYGATE_SOAK_SECONDS` (default 20: the smoke in `make test`; `make soak` runs 600).
/// Checks that no reader loses an event (`seq` without gaps, no DROPPED), that every unplug
/// and replug reaches every reader, and that the daemon's descriptors are back where they
/// started; prints descriptors, threads and RSS at start and end (docs/reliability.md).
@Suite("soak: the daemon under churn, unplugs and bad clients", .serialized)
struct SoakTests {
    static let seconds = Double(ProcessInfo.processInfo.environment["WAYGATE_SOAK_SECONDS"] ?? "") ?? 20

    /// What the daemon process holds, from /proc.
    struct Usage: CustomStringConvertible {
        var descriptors: Int
        var threads: Int
        var rssKiB: Int

        init(pid: pid_t) {
            descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            func field(_ name: String) -> Int {
                guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return -1 }
                return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? -1
            }
            threads = field("Threads")
            rssKiB = field("VmRSS")
        }

        var description: String { "\(descriptors) fds, \(threads) threads, RSS \(rssKiB / 1024) MiB" }
    }

    /// A client subscribed to every channel that reads everything on its own thread, checking
    /// that `seq` never skips and counting DEVICE changes of the serial source.
    final class Reader: Sendable {
        struct Tally {
            var events = 0, gaps = 0, dropped = 0, lost = 0, connected = 0
            var lastSeq: Int?
            var isLost = false
        }
        let tally = Locked(Tally())
        private let flags = Locked((stopped: false, done: false))
        private let socket: SocketConnection
        private let source: String

        init(path: String, source: String) throws {
            socket = try SocketConnection.connect(unixPath: path)
            self.source = #""source":"\#(source)""#
            try socket.setReceiveTimeout(seconds: 0.5)
            try socket.sendAll(Array(#"{"cmd":"subscribe","channels":["location","sky","nmea","match","progress","instructions","guidance","session","camera","device"],"id":1}"#.utf8) + [0x0A])
            Thread { [self] in run() }.start()
        }

        private func run() {
            defer {
                socket.close()
                flags.withLock { $0.done = true }
            }
            var framer = LineFramer(limit: LineFramer.serverLineLimit)
            while !flags.withLock({ $0.stopped }) {
                guard let bytes = try? socket.read(upTo: 65_536) else { continue }
                if bytes.isEmpty { return }
                for case .line(let line) in framer.push(bytes) { tally.withLock { Self.count(line, source: source, into: &$0) } }
            }
        }

        static func count(_ line: [UInt8], source: String, into tally: inout Tally) {
            if has(line, #""class":"DROPPED""#) { tally.dropped += 1 }
            guard let seq = number(after: #""seq":"#, in: line) else { return }
            if let last = tally.lastSeq, seq != last + 1 { tally.gaps += 1 }
            tally.lastSeq = seq
            tally.events += 1
            guard has(line, #""class":"DEVICE""#), has(line, source) else { return }
            // Changes only: a connected source also reports DEVICE connected with a message
            // (the log's fix times jump back each time it loops).
            if has(line, #""state":"lost""#), !tally.isLost {
                tally.lost += 1
                tally.isLost = true
            } else if has(line, #""state":"connected""#), tally.isLost {
                tally.connected += 1
                tally.isLost = false
            }
        }

        static func has(_ line: [UInt8], _ text: String) -> Bool { line.firstRange(of: Array(text.utf8)) != nil }

        static func number(after key: String, in line: [UInt8]) -> Int? {
            guard let range = line.firstRange(of: Array(key.utf8)) else { return nil }
            let digits = line[range.upperBound...].prefix { (0x30...0x39).contains($0) }
            return Int(String(decoding: digits, as: UTF8.self))
        }

        func stop() {
            flags.withLock { $0.stopped = true }
            for _ in 0..<300 where !flags.withLock({ $0.done }) { usleep(10_000) }
        }
    }

    /// Waits up to `timeout` seconds for `condition`.
    static func eventually(timeout: Double = 60, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// One misbehaving or short-lived client, picked by `kind`; returns whether it connected.
    static func churn(_ kind: Int, socket path: String, gpsdPort: Int) -> Bool {
        do {
            if kind % 8 >= 6 {
                let socket = try SocketConnection.connect(host: "127.0.0.1", port: UInt16(gpsdPort))
                defer { socket.close() }
                try socket.setReceiveTimeout(seconds: 20)
                _ = try socket.read(upTo: 4_096)  // VERSION
                if kind % 8 == 6 {
                    try socket.sendAll(Array(#"?WATCH={"enable":true,"json":true};"#.utf8))
                } else {
                    try socket.sendAll([UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\n?VERSION;".utf8))
                }
                _ = try socket.read(upTo: 4_096)
                return true
            }
            let socket = try SocketConnection.connect(unixPath: path)
            defer { socket.close() }
            try socket.setReceiveTimeout(seconds: 20)
            switch kind % 8 {
            case 0: break  // connect and leave at once
            case 1: try socket.sendAll(Array("not json at all\n".utf8))
            case 2: try socket.sendAll([0xFF, 0xFE, 0x7B, 0x0A])  // invalid UTF-8
            case 3: try socket.sendAll([UInt8](repeating: UInt8(ascii: "{"), count: 100_000) + [0x0A])  // over 64 KiB
            case 4: try socket.sendAll(Array(#"{"cmd":"subscribe","channels":["location","nmea"],"id":2}"#.utf8) + [0x0A])
            default: try socket.sendAll(Array(#"{"cmd":"status","id":3}"#.utf8) + [0x0A])
            }
            if kind % 8 != 0 { _ = try socket.read(upTo: 65_536) }  // HELLO (and maybe the answer); then leave
            return true
        } catch {
            return false
        }
    }

    @Test("readers lose nothing, every unplug and replug reaches them, descriptors come back to where they were")
    func soak() throws {
        let dir = try TemporaryDirectory(prefix: "soak")
        defer { dir.remove() }
        let lines = try traceLines("bu353s4.nmea")
        let link = dir.file("gps"), socket = dir.file("s.sock")
        var pty = try PseudoTerminal(link: link)
        var feeder = NMEAFeeder(pty, lines: lines, interval: 0.005)
        defer {
            feeder.stop()
            pty.close()
        }
        let port = LoopbackGPSD.freePort()
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--serial", link, "--socket", socket, "--gpsd-listen", "127.0.0.1:\(port)"],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        _ = try WireClient(path: socket)
        #expect(LoopbackGPSD.waitForListener(port: port))
        let source = "serial:\(link)"
        let readers = try (0..<8).map { _ in try Reader(path: socket, source: source) }
        defer { readers.forEach { $0.stop() } }
        #expect(Self.eventually { readers.allSatisfy { $0.tally.withLock { $0.events } > 20 } }, "every reader gets events")
        usleep(500_000)
        let start = Usage(pid: server.pid)

        // Clients that subscribe and never read, and a thread of short-lived, misbehaving clients.
        let idle = try (0..<10).map { _ in
            let s = try SocketConnection.connect(unixPath: socket)
            try s.sendAll(Array(#"{"cmd":"subscribe","channels":["location","nmea","sky"],"id":1}"#.utf8) + [0x0A])
            return s
        }
        let churn = Locked((running: true, done: false, made: 0, failed: 0))
        Thread {
            var random = SeededGenerator(seed: 11)
            while churn.withLock({ $0.running }) {
                let ok = Self.churn(Int.random(in: 0..<1_000, using: &random), socket: socket, gpsdPort: port)
                churn.withLock { if ok { $0.made += 1 } else { $0.failed += 1 } }
            }
            churn.withLock { $0.done = true }
        }.start()

        // Unplug and replug the receiver until the time is up; every reader must see each change.
        let deadline = Date().addingTimeInterval(Self.seconds)
        var cycles = 0
        var reconnectSeconds: [Double] = []
        while Date() < deadline {
            usleep(1_000_000)
            feeder.stop()
            pty.close()
            cycles += 1
            let expected = cycles
            #expect(Self.eventually { readers.allSatisfy { $0.tally.withLock { $0.lost } >= expected } }, "unplug \(cycles) reached every reader")
            pty = try PseudoTerminal(link: link)
            feeder = NMEAFeeder(pty, lines: lines, interval: 0.005)
            let plugged = Date()
            #expect(Self.eventually { readers.allSatisfy { $0.tally.withLock { $0.connected } >= expected } }, "replug \(cycles) reached every reader")
            reconnectSeconds.append(Date().timeIntervalSince(plugged))
        }
        churn.withLock { $0.running = false }
        #expect(Self.eventually { churn.withLock { $0.done } })
        let churned = churn.withLock { $0 }
        idle.forEach { $0.close() }

        #expect(server.isRunning)
        // The daemon is back to the clients it had at the start: its descriptors must be too.
        let settled = Self.eventually(timeout: 30) { Usage(pid: server.pid).descriptors <= start.descriptors }
        let end = Usage(pid: server.pid)
        #expect(settled, "descriptors: \(start.descriptors) at start, \(end.descriptors) at the end")
        #expect(end.rssKiB < start.rssKiB + 64 * 1024, "RSS grew from \(start.rssKiB) KiB to \(end.rssKiB) KiB")
        for (index, reader) in readers.enumerated() {
            let tally = reader.tally.withLock { $0 }
            #expect(tally.gaps == 0 && tally.dropped == 0, "reader \(index): \(tally.gaps) gaps in seq, \(tally.dropped) DROPPED in \(tally.events) events")
            #expect(tally.lost == cycles && tally.connected == cycles, "reader \(index): \(tally.lost) lost, \(tally.connected) connected for \(cycles) unplugs")
        }
        #expect(churned.made > 0)
        #expect(churned.failed == 0)
        let events = readers.map { $0.tally.withLock { $0.events } }
        let slowest = reconnectSeconds.max() ?? 0
        print("""
            soak \(Int(Self.seconds)) s: \(cycles) unplug/replug cycles (reconnect seen by readers in at most \(String(format: "%.2f", slowest)) s), \
            \(churned.made) short-lived clients (\(churned.failed) failed), \
            8 readers with \(events.min() ?? 0)–\(events.max() ?? 0) events each and none lost, 10 idle clients; \
            daemon at start: \(start); at end: \(end)
            """)
    }
}
