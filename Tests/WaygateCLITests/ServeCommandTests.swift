import JSON
import Foundation
import GPSDProtocol
import SystemIO
import TestSupport
import Testing
import WireProtocol

/// `waygate serve` end to end: the built executable, a real pseudo-terminal or log, a real
/// socket client.
@Suite("waygate serve", .serialized)
struct ServeCommandTests {
    /// A fresh pty at `link` with a receiver writing `lines` into it from its own thread.
    static func feed(_ lines: [String], link: String) throws -> (PseudoTerminal, NMEAFeeder) {
        let pty = try PseudoTerminal(link: link)
        return (pty, NMEAFeeder(pty, lines: lines, interval: 0.01))
    }

    @Test("a serial receiver on a pty: DEVICE connected, LOCATION values, unplug → lost, replug → connected and fixes resume")
    func serialUnplugAndReplug() throws {
        let dir = try TemporaryDirectory(prefix: "serve")
        defer { dir.remove() }
        let lines = try traceLines("bu353s4.nmea")
        // The server starts before the receiver is plugged in: it keeps retrying the path.
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path, ["serve", "--serial", dir.file("gps"), "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"))
        guard case .hello(let hello) = try client.next() else { Issue.record("no HELLO"); return }
        #expect(hello.protocolVersion == 1)
        try client.send(.subscribe([.location, .device]))
        _ = try client.next(where: { if case .reply = $0 { true } else { false } })
        var (pty, feeding) = try Self.feed(lines, link: dir.file("gps"))

        let connected = try #require(try client.nextEvent { if case .device(let d) = $0 { d.state == .connected } else { false } })
        guard case .device(let device) = connected.payload else { return }
        #expect(device.state == .connected)
        #expect(device.driver == "termios")
        #expect(device.baud == 4800)
        #expect(device.source == "serial:\(dir.file("gps"))")

        let located = try #require(try client.nextEvent { if case .location(let l) = $0 { l.lat != nil } else { false } })
        guard case .location(let location) = located.payload else { return }
        // Every fix of this log is within a metre of this point in Hamilton, NZ.
        #expect(abs(try #require(location.lat) - -37.78479) < 0.00002)
        #expect(abs(try #require(location.lon) - 175.31489) < 0.00002)
        #expect(location.mode == 3)
        #expect(location.simulated == false)

        feeding.stop()
        pty.close()
        let lost = try client.nextEvent { if case .device(let d) = $0 { d.state == .lost } else { false } }
        #expect(lost != nil)

        (pty, feeding) = try Self.feed(lines, link: dir.file("gps"))
        defer {
            feeding.stop()
            pty.close()
        }
        let back = try client.nextEvent { if case .device(let d) = $0 { d.state == .connected } else { false } }
        #expect(back != nil)
        let resumed = try client.nextEvent { if case .location(let l) = $0 { l.lat != nil } else { false } }
        #expect(resumed != nil)
        #expect(server.isRunning)
    }

    @Test("replay: status counters, malformed and oversized lines get ERROR and the connection stays up")
    func replayStatusAndBadInput() throws {
        let dir = try TemporaryDirectory(prefix: "serve")
        defer { dir.remove() }
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--replay", Fixtures.trace("nmea/garmin15x.nmea").path, "--replay-speed", "max", "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"))
        _ = try client.next()
        // The socket file is mode 0660.
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.file("s.sock"))
        #expect((attributes[.posixPermissions] as? Int) == 0o660)

        try client.send(raw: "not json")
        guard case .error(let e1) = try client.next() else { Issue.record("no ERROR"); return }
        #expect(e1.code == .badRequest)
        try client.send(raw: "[1,2]")
        guard case .error(let e2) = try client.next() else { Issue.record("no ERROR"); return }
        #expect(e2.code == .badRequest)
        try client.send(raw: "{\"cmd\":\"status\",\"pad\":\"" + String(repeating: "x", count: 70_000) + "\"}")
        guard case .error(let e3) = try client.next() else { Issue.record("no ERROR"); return }
        #expect(e3.message.contains("64 KiB") || e3.message.contains("65536") || e3.message.contains("too long"))

        // Ask until the replay has ended (its device is "lost" at the end of the log).
        var source: [String: JSONValue] = [:]
        for attempt in 1...200 {
            try client.send(.status, id: attempt)
            guard case .reply(let reply) = try client.next(where: { if case .reply = $0 { true } else { false } }),
                case .array(let list) = reply.fields["sources"], let first = list.first?.objectValue
            else { Issue.record("no status REPLY"); return }
            #expect(reply.id == .integer(Int64(attempt)))
            source = first
            if first["state"] == .string("lost") { break }
            usleep(50_000)
        }
        let log = try Data(contentsOf: Fixtures.trace("nmea/garmin15x.nmea"))
        let tpvCount = GPSDReportStream.reports(for: [UInt8](log)).filter { $0.hasPrefix("{\"class\":\"TPV\"") }.count
        #expect(source["id"] == .string("replay:\(Fixtures.trace("nmea/garmin15x.nmea").path)"))
        #expect(source["driver"] == .string("replay"))
        #expect(source["state"] == .string("lost"))
        #expect(source["fixes"] == .integer(Int64(tpvCount)))
    }

    @Test("a live socket is never stolen; a stale one is replaced; SIGTERM removes the socket")
    func socketOwnership() throws {
        let dir = try TemporaryDirectory(prefix: "serve")
        defer { dir.remove() }
        let replay = Fixtures.trace("nmea/garmin15x.nmea").path
        let first = try ChildProcess(Fixtures.waygateExecutable.path, ["serve", "--replay", replay, "--socket", dir.file("s.sock")])
        defer { first.stop() }
        _ = try WireClient(path: dir.file("s.sock"))
        let second = try WaygateRunner.run(["serve", "--replay", replay, "--socket", dir.file("s.sock")], timeout: 20)
        #expect(second.status == 1)
        #expect(second.stderr.contains("in use"))
        #expect(first.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: dir.file("s.sock")))

        // A socket file left by a killed server is replaced.
        let killed = try ChildProcess(Fixtures.waygateExecutable.path, ["serve", "--replay", replay, "--socket", dir.file("s.sock")])
        _ = try WireClient(path: dir.file("s.sock"))
        killed.send(SIGKILL)
        _ = killed.wait(timeout: 10)
        #expect(FileManager.default.fileExists(atPath: dir.file("s.sock")))
        let third = try ChildProcess(Fixtures.waygateExecutable.path, ["serve", "--replay", replay, "--socket", dir.file("s.sock")])
        defer { third.stop() }
        let client = try WireClient(path: dir.file("s.sock"))
        guard case .hello = try client.next() else { Issue.record("no HELLO from the replacement server"); return }
    }

    @Test("--replay of a device or a directory: refused at once, naming it, exit 1")
    func replayOfNoFile() throws {
        let dir = try TemporaryDirectory(prefix: "serve-replay")
        defer { dir.remove() }
        let zero = try WaygateRunner.run(["serve", "--replay", "/dev/zero", "--socket", dir.file("s.sock")], timeout: 60)
        #expect(zero.status == 1)
        #expect(zero.stderr == "waygate: cannot read NMEA log /dev/zero: is a device, not a file\n")
        let folder = try WaygateRunner.run(["serve", "--replay", dir.path, "--socket", dir.file("s.sock")], timeout: 60)
        #expect(folder.status == 1)
        #expect(folder.stderr == "waygate: cannot read NMEA log \(dir.path): is a directory\n")
        #expect(!FileManager.default.fileExists(atPath: dir.file("s.sock")))
    }

    @Test("the receiver's reader thread runs at gpsd's nice −10 where the process may raise it, at 0 where it may not (CAP_SYS_NICE dropped), fixes flowing either way")
    func readerPriority() throws {
        // What this machine lets a process do: lower a thread's nice value (root, CAP_SYS_NICE).
        let permitted = Self.mayRaisePriority()
        for dropped in permitted ? [false, true] : [false] {
            let dir = try TemporaryDirectory(prefix: "serve-nice")
            defer { dir.remove() }
            let (pty, feeding) = try Self.feed(try traceLines("bu353s4.nmea"), link: dir.file("gps"))
            defer {
                feeding.stop()
                pty.close()
            }
            let serve = [Fixtures.waygateExecutable.path, "serve", "--serial", dir.file("gps"), "--socket", dir.file("s.sock")]
            let server = dropped
                ? try ChildProcess("/usr/bin/setpriv", ["--bounding-set=-sys_nice", "--inh-caps=-sys_nice", "--"] + serve, stderr: dir.file("serve.log"))
                : try ChildProcess(serve[0], Array(serve.dropFirst()), stderr: dir.file("serve.log"))
            defer { server.stop() }
            let client = try WireClient(path: dir.file("s.sock"))
            _ = try client.next()
            try client.send(.subscribe([.location]))
            #expect(try client.nextEvent { if case .location(let l) = $0 { l.lat != nil } else { false } } != nil)
            // The reader is named after the path it was given (SerialNMEASource), cut to Linux's 15 bytes.
            let readerName = NamedThread.fitted("wg-" + dir.file("gps"))
            let threads = ProcessUsage.threadNiceValues(ofProcess: server.pid)
            #expect(threads.filter { $0.name == readerName }.map(\.nice) == [permitted && !dropped ? -10 : 0], "\(threads)")
            // No other thread is raised so far (libdispatch gives its overcommit workers −4 where it may).
            #expect(threads.filter { $0.name != readerName }.allSatisfy { $0.nice > -10 }, "\(threads)")
        }
    }

    /// Whether a thread of this process may lower its nice value below 0 (tried on a thread of its own).
    static func mayRaisePriority() -> Bool {
        let result = Locked(false)
        let done = DispatchSemaphore(value: 0)
        NamedThread.start("wg-nice-probe") {
            result.withLock { $0 = ThreadPriority.setNice(-1) }
            ThreadPriority.setNice(0)
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }
}
