import Foundation
import Geodesy
import LocationSources
import Positioning
import SystemIO
import Testing
import TestSupport
import Timekeeping

#if canImport(Glibc)
import Glibc
#endif

/// A real gpsd (3.22) on a fresh loopback port, reading a pseudo-terminal that a feeder fills
/// with a recorded NMEA log. Each gpsd is a `ChildProcess`, stopped by the test even on failure.
@Suite("GPSDClientSource against a real gpsd", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")))
struct GPSDClientSourceTests {
    static func startGPSD(port: Int, device: String, dir: TemporaryDirectory, run: Int) throws -> ChildProcess {
        try LoopbackGPSD.start(port: port, device: device, dir: dir, run: run)
    }

    static func freeLoopbackPort() throws -> Int { LoopbackGPSD.freePort() }

    static func waitForListener(port: Int, log: String) throws {
        if !LoopbackGPSD.waitForListener(port: port) {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            Issue.record("nothing listens on 127.0.0.1:\(port) after 10 s; gpsd said: \(text.suffix(1500))")
        }
    }

    /// Whether `fix` lies on the recorded track (within ~1 m of a fix the decoder makes of it).
    static func isOnTrack(_ fix: Fix, _ track: [Fix]) -> Bool {
        guard let c = fix.coordinate else { return false }
        return track.contains { t in
            guard let p = t.coordinate else { return false }
            return abs(p.latitude - c.latitude) < 1e-5 && abs(p.longitude - c.longitude) < 1e-5
        }
    }

    /// Also with the connection's descriptor past 1,024, as in a daemon serving a thousand
    /// clients (`select`, which libgps's `gps_waiting` uses, aborts the process there).
    @Test("gpsd's TPV reports arrive as fixes on the recorded track, SKY as sky views", arguments: [false, true])
    func streamsFixes(descriptorPastSelectLimit: Bool) async throws {
        let dir = try TemporaryDirectory(prefix: "gpsd")
        defer { dir.remove() }
        let lines = try traceLines("bu353s4.nmea")
        let pty = try PseudoTerminal(link: dir.file("gps"))
        defer { pty.close() }
        let feeder = NMEAFeeder(pty, lines: lines, interval: 0.01)
        defer { feeder.stop() }
        let port = try Self.freeLoopbackPort()
        let daemon = try Self.startGPSD(port: port, device: dir.file("gps"), dir: dir, run: 1)
        defer { daemon.stop() }
        try Self.waitForListener(port: port, log: dir.file("gpsd1.err"))
        var held: HighDescriptors?
        if descriptorPastSelectLimit {
            let reserved: HighDescriptors = try #require(HighDescriptors(), "the limit on open files is below 1,100 (ulimit -n)")
            held = reserved
        }
        defer { held?.release() }
        let source = GPSDClientSource(port: port, backoff: BackoffPolicy(initial: 0.1, maximum: 0.5), timeSource: SystemTimeSource())
        #expect(source.id == SourceID("gpsd:127.0.0.1:\(port)"))
        let collector = EventCollector()
        await collector.run(source.events()) { _, all in
            all.fixes.filter { $0.hasPosition && $0.time != nil }.count >= 3
                && all.contains { if case .sky(let sky) = $0 { sky.usedCount >= 4 } else { false } }
        }
        let events = collector.events
        #expect(events.deviceStates.last == .connected)
        #expect(events.contains(.device(.connected, driver: "gpsd", baud: nil)))
        // gpsd may also send a TPV with a mode but no position when the looping log jumps back in time.
        let fixes = events.fixes.filter(\.hasPosition)
        try #require(fixes.count >= 3)
        let track = SerialNMEASourceTests.expectedFixes(lines)
        for fix in fixes {
            #expect(Self.isOnTrack(fix, track), "\(String(describing: fix.coordinate)) is not on the recorded track")
            #expect(fix.latitudeError == nil || fix.latitudeError!.isFinite)
        }
        // Like gpsd's own decoder, reports before the first RMC carry no date, hence no time.
        #expect(fixes.filter { $0.time != nil }.count >= 3)
        let threeD = try #require(fixes.first { $0.mode == .threeD && $0.altitudeMSL != nil })
        let msl = try #require(threeD.altitudeMSL)
        #expect(msl > 59 && msl < 61)
        // The first SKY may come from GSV alone, before GSA says which satellites are used.
        let sky = try #require(events.compactMap { if case .sky(let s) = $0, s.usedCount > 0 { s } else { nil } }.first)
        #expect(sky.satellites.count >= 8)
        #expect(sky.usedCount >= 4)
        #expect(sky.hdop == 1.1)
        #expect(source.statistics.fixes >= events.fixes.count)  // counted before being yielded
    }

    @Test("gpsd killed → lost and reconnecting; gpsd restarted → connected and fixes resume")
    func survivesGPSDRestart() async throws {
        let dir = try TemporaryDirectory(prefix: "gpsd")
        defer { dir.remove() }
        let lines = try traceLines("bu353s4.nmea")
        let pty = try PseudoTerminal(link: dir.file("gps"))
        defer { pty.close() }
        let feeder = NMEAFeeder(pty, lines: lines, interval: 0.01)
        defer { feeder.stop() }
        let port = try Self.freeLoopbackPort()
        let daemons = Daemons()
        defer { daemons.stopAll() }
        daemons.add(try Self.startGPSD(port: port, device: dir.file("gps"), dir: dir, run: 1))
        let source = GPSDClientSource(port: port, backoff: BackoffPolicy(initial: 0.1, maximum: 0.5), timeSource: SystemTimeSource())
        let collector = EventCollector()
        try Self.waitForListener(port: port, log: dir.file("gpsd1.err"))
        await collector.run(source.events(), deadline: 60) { event, all in
            if event.isFix, all.fixes.count >= 3, daemons.count == 1, !daemons.stoppedOnce { daemons.stopAll() }
            if event.deviceState == .reconnecting, daemons.stoppedOnce, daemons.count == 1 {
                daemons.add(try? Self.startGPSD(port: port, device: dir.file("gps"), dir: dir, run: 2))
            }
            return daemons.count == 2 && SerialNMEASourceTests.fixesAfterReconnect(all) >= 3
        }
        let events = collector.events
        #expect(Array(events.deviceStates.prefix(4)) == [.connected, .lost, .reconnecting, .connected])
        #expect(SerialNMEASourceTests.fixesAfterReconnect(events) >= 3)
        #expect(daemons.count == 2)
        #expect(source.statistics.connections == 2)
        #expect(source.statistics.losses == 1)
    }

    @Test("no gpsd listening: reconnecting, with the reason kept for status")
    func unreachable() async throws {
        let port = try Self.freeLoopbackPort()
        let source = GPSDClientSource(port: port, backoff: BackoffPolicy(initial: 0.05, maximum: 0.05), timeSource: SystemTimeSource())
        let collector = EventCollector()
        await collector.run(source.events()) { event, _ in event.deviceState == .reconnecting }
        #expect(collector.events == [.device(.reconnecting, driver: "gpsd", baud: nil)])
        #expect(source.statistics.lastError?.hasPrefix("cannot connect to gpsd at 127.0.0.1:\(port)") == true)
    }
}

/// The gpsd processes a test started, stopped together even when the test fails.
final class Daemons: @unchecked Sendable {  // `list` is guarded by `lock`.
    private let lock = NSLock()
    private var list: [ChildProcess] = []
    private var stopped = false

    func add(_ process: ChildProcess?) {
        guard let process else { return }
        lock.withLock { list.append(process) }
    }

    var count: Int { lock.withLock { list.count } }

    /// Whether `stopAll()` has run.
    var stoppedOnce: Bool { lock.withLock { stopped } }

    func stopAll() {
        let all = lock.withLock {
            stopped = true
            return list
        }
        for p in all { p.stop() }
    }
}
