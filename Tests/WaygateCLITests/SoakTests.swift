import Foundation
import Simulation
import SystemIO
import TestSupport
import Testing
import WireProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A soak of the real daemon: a receiver on a pty that is unplugged and replugged, a second
/// receiver behind a real gpsd that is restarted, a real mosquitto the daemon publishes to that is
/// restarted, readers subscribed to the event channels, clients that never read, and a stream of
/// clients that connect, misbehave (garbage, invalid UTF-8, overlong lines, 1 MB on the gpsd port)
/// and leave.
///
/// Runs `WAYGATE_SOAK_SECONDS` (default 20: the smoke in `make test`; `make soak` runs 600) with
/// `WAYGATE_SOAK_READERS` readers (default 48; `make soak` 1,000). Checks that no reader loses an
/// event (`seq` without gaps, no DROPPED, never closed by the daemon), that every unplug, gpsd
/// restart and broker restart reaches every reader as one DEVICE lost and one connected, and that
/// the daemon's descriptors and threads are back where they started; prints descriptors, threads
/// and RSS at start, middle and end (docs/reliability.md).
@Suite("soak: the daemon under churn, unplugs, gpsd and broker restarts and bad clients", .serialized)
struct SoakTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seconds = Double(environment["WAYGATE_SOAK_SECONDS"] ?? "") ?? 20
    static let readerCount = max(8, Int(environment["WAYGATE_SOAK_READERS"] ?? "") ?? 48)

    /// What the daemon process holds, from /proc.
    struct Usage: CustomStringConvertible {
        var descriptors: Int
        var threads: Int
        var rssKiB: Int

        init(pid: pid_t) {
            descriptors = ProcessUsage.descriptorCount(ofProcess: pid) ?? -1
            threads = ProcessUsage.threadCount(ofProcess: pid) ?? -1
            rssKiB = (ProcessUsage.residentBytes(ofProcess: pid) ?? -1024) / 1024
        }

        var description: String { "\(descriptors) fds, \(threads) threads, RSS \(rssKiB / 1024) MiB" }
    }

    /// What one reader has seen: events, gaps in `seq` (for a reader of every channel: `seq` is
    /// per server, so a reader of some channels sees gaps for the others), DROPPED notices, and
    /// per source the DEVICE changes (lost after connected, connected after lost).
    struct Tally {
        struct Changes { var lost = 0, connected = 0, isLost = false }
        var checksSeq = true
        var events = 0, gaps = 0, dropped = 0
        var closed = false
        var lastSeq: Int?
        var sources: [String: Changes] = [:]

        static let droppedClass = Array(#""class":"DROPPED""#.utf8), deviceClass = Array(#""class":"DEVICE""#.utf8)
        static let seqKey = Array(#""seq":"#.utf8), sourceKey = Array(#""source":""#.utf8)
        static let lostState = Array(#""state":"lost""#.utf8), connectedState = Array(#""state":"connected""#.utf8)

        /// Counts one framed line (a reader of every channel).
        mutating func count(_ line: [UInt8]) {
            if Self.has(line, Self.droppedClass) { dropped += 1 }
            guard let seq = Self.number(after: Self.seqKey, in: line) else { return }
            if checksSeq, let last = lastSeq, seq != last + 1 { gaps += 1 }
            lastSeq = seq
            events += 1
            if Self.has(line, Self.deviceClass) { countChange(line) }
        }

        /// Bytes after the last newline a light reader has seen, carried to its next read.
        var carry: [UInt8] = []

        /// Counts what a light reader read without framing every line (a thousand readers in a
        /// debug build cannot afford an array per line): lines, DROPPED notices and DEVICE changes,
        /// found by searching the bytes.
        mutating func scan(_ bytes: [UInt8]) {
            let data = carry.isEmpty ? bytes : carry + bytes
            let complete = data.withUnsafeBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                var end = buffer.count  // just after the last newline (a partial line is short)
                while end > 0, buffer[end - 1] != 0x0A { end -= 1 }
                guard end > 0 else { return 0 }
                let lines = UnsafeBufferPointer(rebasing: buffer[..<end])
                var at = 0
                while at < end, let newline = memchr(base + at, 0x0A, end - at) {
                    events += 1
                    at = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                }
                at = 0
                while let hit = Self.offset(of: Self.droppedClass, in: lines, from: at) {
                    dropped += 1
                    at = hit
                }
                at = 0
                while let hit = Self.offset(of: Self.deviceClass, in: lines, from: at) {
                    var start = hit - Self.deviceClass.count
                    while start > 0, lines[start - 1] != 0x0A { start -= 1 }
                    var stop = hit
                    while stop < end, lines[stop] != 0x0A { stop += 1 }
                    countChange(Array(lines[start..<stop]))
                    at = stop
                }
                return end
            }
            carry = Array(data[complete...])
        }

        /// Counts a DEVICE line's change of state for its source: changes only, since a
        /// connected source also reports DEVICE connected with a message (the log's fix times
        /// jump back each time it loops).
        mutating func countChange(_ line: [UInt8]) {
            guard let source = Self.string(after: Self.sourceKey, in: line) else { return }
            var changes = sources[source] ?? Changes()
            if Self.has(line, Self.lostState), !changes.isLost {
                changes.lost += 1
                changes.isLost = true
            } else if Self.has(line, Self.connectedState), changes.isLost {
                changes.connected += 1
                changes.isLost = false
            }
            sources[source] = changes
        }

        // Plain byte searches (memchr + memcmp): a thousand readers see ~100,000 lines a second here.
        /// Where `needle` ends in `hay` at or after `from`, if it occurs.
        static func offset(of needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
            guard let first = needle.first, let base = hay.baseAddress, hay.count - from >= needle.count else { return nil }
            return needle.withUnsafeBufferPointer { pattern -> Int? in
                guard let wanted = pattern.baseAddress else { return nil }
                let last = hay.count - pattern.count
                var i = from
                while i <= last {
                    guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
                    let j = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + j, wanted, pattern.count) == 0 { return j + pattern.count }
                    i = j + 1
                }
                return nil
            }
        }

        static func offset(of needle: [UInt8], in line: [UInt8]) -> Int? {
            line.withUnsafeBufferPointer { offset(of: needle, in: $0) }
        }

        static func has(_ line: [UInt8], _ text: [UInt8]) -> Bool { offset(of: text, in: line) != nil }

        static func number(after key: [UInt8], in line: [UInt8]) -> Int? {
            guard let start = offset(of: key, in: line) else { return nil }
            var value = 0, end = start
            while end < line.count, (0x30...0x39).contains(line[end]) {
                value = value &* 10 &+ Int(line[end] - 0x30)
                end += 1
            }
            return end > start ? value : nil
        }

        static func string(after key: [UInt8], in line: [UInt8]) -> String? {
            guard let start = offset(of: key, in: line) else { return nil }
            return String(decoding: line[start...].prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
        }
    }

    /// Readers sharing one thread that polls their sockets: each subscribes to `channels` (every
    /// channel when nil) and reads everything the daemon sends it into its own `Tally`.
    final class ReaderGroup: Sendable {
        let tallies: Locked<[Tally]>
        private let flags = Locked((stopped: false, done: false))
        private let sockets: [SocketConnection]
        /// Readers of every channel frame each line and check `seq`; the others scan their bytes.
        private let checksSeq: Bool

        static let everyChannel = ["location", "sky", "nmea", "match", "progress", "instructions", "guidance", "session", "camera", "device"]

        init(path: String, count: Int, channels: [String]? = nil) throws {
            let list = (channels ?? Self.everyChannel).map { "\"\($0)\"" }.joined(separator: ",")
            let subscribe = Array(#"{"cmd":"subscribe","channels":[\#(list)],"id":1}"#.utf8) + [0x0A]
            sockets = try (0..<count).map { _ in
                let socket = try SocketConnection.connect(unixPath: path)
                try socket.sendAll(subscribe)
                try socket.descriptor.setNonBlocking(true)
                return socket
            }
            checksSeq = channels == nil
            var tally = Tally()
            tally.checksSeq = checksSeq
            tallies = Locked(Array(repeating: tally, count: count))
            Thread { [self] in run() }.start()
        }

        private func run() {
            defer {
                sockets.forEach { $0.close() }
                flags.withLock { $0.done = true }
            }
            var framers = Array(repeating: LineFramer(limit: LineFramer.serverLineLimit), count: sockets.count)
            var polled = sockets.map { pollfd(fd: $0.descriptor.rawValue, events: Int16(POLLIN), revents: 0) }
            while !flags.withLock({ $0.stopped }) {
                guard poll(&polled, nfds_t(polled.count), 200) > 0 else { continue }
                for index in polled.indices where polled[index].revents != 0 {
                    guard let bytes = try? sockets[index].read(upTo: 65_536) else { continue }  // EAGAIN
                    if bytes.isEmpty {
                        polled[index].fd = -1
                        tallies.withLock { $0[index].closed = true }
                        continue
                    }
                    if checksSeq {
                        let lines = framers[index].push(bytes)
                        tallies.withLock { tallies in
                            for case .line(let line) in lines { tallies[index].count(line) }
                        }
                    } else {
                        tallies.withLock { $0[index].scan(bytes) }
                    }
                }
            }
        }

        func stop() {
            flags.withLock { $0.stopped = true }
            for _ in 0..<300 where !flags.withLock({ $0.done }) { usleep(10_000) }
        }
    }

    /// The daemon's thread stacks (by gdb, when installed), to tell a thread that leaked from one
    /// a pool keeps.
    static func threadStacks(pid: pid_t, dir: TemporaryDirectory) -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb"),
              let gdb = try? ChildProcess("/usr/bin/gdb", ["-p", "\(pid)", "-batch", "-ex", "thread apply all bt 12"], stdout: dir.file("stacks.txt"), stderr: "/dev/null")
        else { return "" }
        _ = gdb.wait(timeout: 60)
        let stacks = (try? String(contentsOfFile: dir.file("stacks.txt"), encoding: .utf8)) ?? ""
        return "; the daemon's threads:\n" + stacks.split(separator: "\n").filter { $0.hasPrefix("Thread ") || $0.hasPrefix("#") }.joined(separator: "\n")
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

    @Test("readers lose nothing, every unplug and restart reaches them, descriptors and threads come back to where they were")
    func soak() throws {
        try #require(LoopbackGPSD.isInstalled && LoopbackMosquitto.isInstalled, "the soak needs gpsd and mosquitto (make deps)")
        let dir = try TemporaryDirectory(prefix: "soak")
        defer { dir.remove() }
        // The serial receiver, unplugged and replugged every second, at about 10 fixes a second
        // (the log has ~3.8 sentences a fix), as fast as real receivers go.
        let lines = try traceLines("bu353s4.nmea")
        let link = dir.file("gps"), socket = dir.file("s.sock")
        var pty = try PseudoTerminal(link: link)
        var feeder = NMEAFeeder(pty, lines: lines, interval: 0.025)
        defer {
            feeder.stop()
            pty.close()
        }
        // The second receiver, behind a real gpsd that is restarted (~13 sentences a fix: ~8 Hz).
        let gpsdLink = dir.file("gps2")
        let gpsdPty = try PseudoTerminal(link: gpsdLink)
        let gpsdFeeder = NMEAFeeder(gpsdPty, lines: try traceLines("neo-m8n.nmea"), interval: 0.01)
        defer {
            gpsdFeeder.stop()
            gpsdPty.close()
        }
        let gpsdPort = LoopbackGPSD.freePort()
        var gpsdRuns = 0
        var gpsd = try LoopbackGPSD.start(port: gpsdPort, device: gpsdLink, dir: dir, run: gpsdRuns)
        defer { gpsd.stop() }
        #expect(LoopbackGPSD.waitForListener(port: gpsdPort))
        // The MQTT broker the daemon publishes every event to, restarted too.
        let broker = try LoopbackMosquitto(dir: dir)
        defer { broker.stop() }

        let port = LoopbackGPSD.freePort()
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--serial", link, "--gpsd", "127.0.0.1:\(gpsdPort)", "--socket", socket, "--gpsd-listen", "127.0.0.1:\(port)",
             "--mqtt", broker.url, "--vehicle", "soak"],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        _ = try WireClient(path: socket)
        #expect(LoopbackGPSD.waitForListener(port: port))
        let serial = "serial:\(link)", gpsdSource = "gpsd:127.0.0.1:\(gpsdPort)", mqtt = "mqtt:127.0.0.1:\(broker.port)"
        // 8 readers of every channel (checking `seq`), the rest of the fix and state channels
        // (checking that no DROPPED comes), 250 to a thread.
        var groups = [try ReaderGroup(path: socket, count: 8)]
        for start in stride(from: 8, to: Self.readerCount, by: 250) {
            groups.append(try ReaderGroup(path: socket, count: min(250, Self.readerCount - start), channels: ["location", "session", "device"]))
        }
        defer { groups.forEach { $0.stop() } }
        func everyReader(_ condition: (Tally) -> Bool) -> Bool {
            groups.allSatisfy { $0.tallies.withLock { $0.allSatisfy(condition) } }
        }
        func changes(_ tally: Tally, _ source: String) -> Tally.Changes { tally.sources[source] ?? Tally.Changes() }
        #expect(Self.eventually { everyReader { $0.events > 20 } }, "every reader gets events")
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

        // Unplug and replug the receiver every second; every `restartEvery` seconds restart gpsd
        // or (in turn) the broker. Every reader must see each change.
        let began = Date()
        let deadline = began.addingTimeInterval(Self.seconds)
        let restartEvery = max(5, Self.seconds / 40)
        var cycles = 0, gpsdRestarts = 0, brokerRestarts = 0
        var lastRestart = began
        var reconnectSeconds: (serial: [Double], gpsd: [Double], broker: [Double]) = ([], [], [])
        var middle: Usage?
        // The daemon's log from its crash report when it has one (the crashing thread comes first), else its end.
        func daemonLog() -> String {
            let log = (try? String(contentsOfFile: dir.file("serve.log"), encoding: .utf8)) ?? ""
            guard let crash = log.range(of: "Fatal error") ?? log.range(of: "crashed") else { return String(log.suffix(2_000)) }
            let from = log.index(crash.lowerBound, offsetBy: -1_000, limitedBy: log.startIndex) ?? log.startIndex
            return String(log[from...].prefix(8_000))
        }
        while Date() < deadline {
            usleep(1_000_000)
            guard server.isRunning else {
                Issue.record("the daemon exited (status \(server.exitCode.map(String.init) ?? "?")); its log ends: \(daemonLog())")
                break
            }
            feeder.stop()
            pty.close()
            cycles += 1
            let expected = cycles
            #expect(Self.eventually { everyReader { changes($0, serial).lost >= expected } }, "unplug \(cycles) reached every reader")
            pty = try PseudoTerminal(link: link)
            feeder = NMEAFeeder(pty, lines: lines, interval: 0.025)
            let plugged = Date()
            #expect(Self.eventually { everyReader { changes($0, serial).connected >= expected } }, "replug \(cycles) reached every reader")
            reconnectSeconds.serial.append(Date().timeIntervalSince(plugged))

            if Date().timeIntervalSince(lastRestart) >= restartEvery {
                lastRestart = Date()
                if gpsdRestarts <= brokerRestarts {
                    gpsd.stop()
                    gpsdRestarts += 1
                    let expected = gpsdRestarts
                    #expect(Self.eventually { everyReader { changes($0, gpsdSource).lost >= expected } }, "gpsd stop \(expected) reached every reader")
                    gpsdRuns += 1
                    gpsd = try LoopbackGPSD.start(port: gpsdPort, device: gpsdLink, dir: dir, run: gpsdRuns)
                    let restarted = Date()
                    #expect(Self.eventually { everyReader { changes($0, gpsdSource).connected >= expected } }, "gpsd restart \(expected) reached every reader")
                    reconnectSeconds.gpsd.append(Date().timeIntervalSince(restarted))
                } else {
                    broker.kill()
                    brokerRestarts += 1
                    let expected = brokerRestarts
                    #expect(Self.eventually { everyReader { changes($0, mqtt).lost >= expected } }, "broker kill \(expected) reached every reader")
                    try broker.restart()
                    let restarted = Date()
                    #expect(Self.eventually { everyReader { changes($0, mqtt).connected >= expected } }, "broker restart \(expected) reached every reader")
                    reconnectSeconds.broker.append(Date().timeIntervalSince(restarted))
                }
            }
            if middle == nil, Date().timeIntervalSince(began) >= Self.seconds / 2 { middle = Usage(pid: server.pid) }
        }
        churn.withLock { $0.running = false }
        #expect(Self.eventually { churn.withLock { $0.done } })
        let churned = churn.withLock { $0 }
        idle.forEach { $0.close() }

        #expect(server.isRunning, "the daemon exited; its log ends: \(daemonLog())")
        let tallies = groups.flatMap { $0.tallies.withLock { $0 } }
        // The daemon is back to the clients it had at the start: its descriptors and threads must be
        // too. The receivers go quiet first: while events arrive every few milliseconds libdispatch
        // keeps the extra pool workers it started under load (an idle one exits after seconds
        // without work), which must not be mistaken for a thread that leaked.
        feeder.stop()
        gpsdFeeder.stop()
        let settled = Self.eventually(timeout: 30) {
            let now = Usage(pid: server.pid)
            return now.descriptors <= start.descriptors && now.threads <= start.threads
        }
        let end = Usage(pid: server.pid)
        #expect(settled, "descriptors: \(start.descriptors) at start, \(end.descriptors) at the end; threads \(start.threads) → \(end.threads)\(settled ? "" : Self.threadStacks(pid: server.pid, dir: dir))")
        #expect(end.rssKiB < start.rssKiB + 64 * 1024, "RSS grew from \(start.rssKiB) KiB to \(end.rssKiB) KiB")
        for (index, tally) in tallies.enumerated() {
            #expect(tally.gaps == 0 && tally.dropped == 0 && !tally.closed,
                    "reader \(index): \(tally.gaps) gaps in seq, \(tally.dropped) DROPPED in \(tally.events) events, closed by the daemon: \(tally.closed)")
            let s = changes(tally, serial), g = changes(tally, gpsdSource), m = changes(tally, mqtt)
            #expect(s.lost == cycles && s.connected == cycles, "reader \(index): \(s.lost) lost, \(s.connected) connected for \(cycles) unplugs")
            #expect(g.lost == gpsdRestarts && g.connected == gpsdRestarts,
                    "reader \(index): gpsd \(g.lost) lost, \(g.connected) connected for \(gpsdRestarts) restarts")
            #expect(m.lost == brokerRestarts && m.connected == brokerRestarts,
                    "reader \(index): broker \(m.lost) lost, \(m.connected) connected for \(brokerRestarts) restarts")
        }
        #expect(churned.made > 0)
        #expect(churned.failed == 0)
        let events = tallies.map(\.events)
        func slowest(_ seconds: [Double]) -> String { String(format: "%.2f", seconds.max() ?? 0) }
        print("""
            soak \(Int(Self.seconds)) s: \(cycles) unplug/replug cycles, \(gpsdRestarts) gpsd restarts, \(brokerRestarts) broker restarts \
            (seen by every reader within \(slowest(reconnectSeconds.serial)) / \(slowest(reconnectSeconds.gpsd)) / \
            \(slowest(reconnectSeconds.broker)) s), \(churned.made) short-lived clients (\(churned.failed) failed), \
            \(tallies.count) readers with \(events.min() ?? 0)–\(events.max() ?? 0) events each and none lost, 10 idle clients; \
            daemon at start: \(start); middle: \(middle.map(String.init(describing:)) ?? "-"); end: \(end)
            """)
    }
}
