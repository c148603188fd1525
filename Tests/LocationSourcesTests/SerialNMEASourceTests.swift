import Foundation
import Geodesy
import LocationSources
import NMEA
import Positioning
import SystemIO
import Testing
import TestSupport
import Timekeeping

@Suite("SerialNMEASource on a real pseudo-terminal")
struct SerialNMEASourceTests {
    /// The fixes the decoder makes of a whole trace at once: what the source must reproduce.
    static func expectedFixes(_ lines: [String]) -> [Fix] {
        var decoder = NMEAStreamDecoder()
        let events = decoder.push(Array(lines.map { $0 + "\r\n" }.joined().utf8)) + decoder.finish()
        return events.fixes
    }

    @Test("hunts the baud, reports connected, and yields the trace's fixes with the right values")
    func yieldsFixes() async throws {
        let dir = try TemporaryDirectory(prefix: "serial")
        defer { dir.remove() }
        let lines = try traceLines("bu353s4.nmea")
        let pty = try PseudoTerminal(link: dir.file("gps"))
        defer { pty.close() }
        let feeder = NMEAFeeder(pty, lines: lines, interval: 0.002, loop: false)
        defer { feeder.stop() }
        let source = SerialNMEASource(path: dir.file("gps"), timeSource: SystemTimeSource())
        #expect(source.id == SourceID("serial:\(dir.file("gps"))"))
        let collector = EventCollector()
        await collector.run(source.events()) { _, all in all.fixes.count >= 5 }
        let events = collector.events
        let first = try #require(events.first)
        #expect(first == .device(.connected, driver: "termios", baud: 4800))
        let fixes = events.fixes
        try #require(fixes.count >= 5)
        #expect(Array(fixes.prefix(5)) == Array(Self.expectedFixes(lines).prefix(5)))
        let coordinate = try #require(fixes[0].coordinate)
        #expect(abs(coordinate.latitude - -37.784788) < 1e-6)
        #expect(abs(coordinate.longitude - 175.314897) < 1e-6)
        // The first GGA comes before any date (RMC), so like gpsd its report has no time yet.
        #expect(fixes[0].time == nil)
        #expect(fixes.compactMap(\.time).first == Timestamp(iso8601: "2014-12-31T03:07:19Z"))
        #expect(events.sentences.first == lines[0])
        let stats = source.statistics
        // Counters, not the live state: on a loaded machine the watchdog may already have fired
        // once the collector stopped reading, which is a later, separate event.
        #expect(stats.connections >= 1)
        #expect(stats.driver == "termios")
        #expect(stats.fixes >= 5)
        #expect(stats.sentences >= 10)  // the first reports come from partial cycles (GGA alone)
        #expect(stats.bytesRead > 0)
    }

    @Test("writer closed → lost and reconnecting; a new pty on the same link → connected and fixes resume")
    func survivesUnplug() async throws {
        let dir = try TemporaryDirectory(prefix: "serial")
        defer { dir.remove() }
        let lines = try traceLines("bu353s4.nmea")
        let link = dir.file("gps")
        let firstPTY = try PseudoTerminal(link: link)
        let firstFeeder = NMEAFeeder(firstPTY, lines: lines, interval: 0.005)
        defer { firstFeeder.stop(); firstPTY.close() }
        let replugged = Replug(link: link, lines: lines)
        defer { replugged.stop() }
        var options = SerialNMEASource.Options(baudRate: 9600)
        options.backoff = BackoffPolicy(initial: 0.1, factor: 2, maximum: 0.4)
        // The unplug is seen as a hang-up; a long watchdog keeps a starved, loaded machine from
        // reporting an extra silence-loss first.
        options.watchdog = 60
        let source = SerialNMEASource(path: link, options: options, timeSource: SystemTimeSource())
        let collector = EventCollector()
        await collector.run(source.events()) { event, all in
            if event.isFix, all.fixes.count == 3, all.deviceStates == [.connected] {
                firstFeeder.stop()
                firstPTY.close()  // the receiver is unplugged
            }
            if event.deviceState == .reconnecting { replugged.plugIn() }
            return all.deviceStates.count >= 4 && all.fixes.count >= 3 && Self.fixesAfterReconnect(all) >= 3
        }
        let events = collector.events
        #expect(Array(events.deviceStates.prefix(4)) == [.connected, .lost, .reconnecting, .connected])
        #expect(events.contains(.device(.lost, driver: "termios", baud: 9600)))
        #expect(Self.fixesAfterReconnect(events) >= 3)
        let stats = source.statistics
        #expect(stats.connections == 2)
        #expect(stats.losses == 1)
        #expect(stats.deviceState == .connected)
    }

    @Test("a device that is not there yet is retried until it appears")
    func waitsForDevice() async throws {
        let dir = try TemporaryDirectory(prefix: "serial")
        defer { dir.remove() }
        let lines = try traceLines("bu353s4.nmea")
        let replugged = Replug(link: dir.file("gps"), lines: lines)
        defer { replugged.stop() }
        var options = SerialNMEASource.Options(baudRate: 4800)
        options.backoff = BackoffPolicy(initial: 0.05, factor: 2, maximum: 0.2)
        let source = SerialNMEASource(path: dir.file("gps"), options: options, timeSource: SystemTimeSource())
        let collector = EventCollector()
        await collector.run(source.events()) { event, all in
            if event.deviceState == .reconnecting { replugged.plugIn() }
            return !all.fixes.isEmpty
        }
        #expect(Array(collector.events.deviceStates.prefix(2)) == [.reconnecting, .connected])
        #expect(source.statistics.lastError == nil)
    }

    @Test("silence past the watchdog counts as lost even without a hang-up")
    func watchdogReportsSilence() async throws {
        let dir = try TemporaryDirectory(prefix: "serial")
        defer { dir.remove() }
        let lines = try traceLines("bu353s4.nmea")
        let pty = try PseudoTerminal(link: dir.file("gps"))
        defer { pty.close() }
        let feeder = NMEAFeeder(pty, lines: Array(lines.prefix(9)), interval: 0.001, loop: false)
        defer { feeder.stop() }
        var options = SerialNMEASource.Options(baudRate: 4800, watchdog: 0.5)
        options.backoff = BackoffPolicy(initial: 0.05, factor: 1, maximum: 0.05)
        let source = SerialNMEASource(path: dir.file("gps"), options: options, timeSource: SystemTimeSource())
        let collector = EventCollector()
        await collector.run(source.events()) { _, all in all.deviceStates.count >= 3 }
        #expect(Array(collector.events.deviceStates.prefix(3)) == [.connected, .lost, .reconnecting])
        #expect(source.statistics.losses >= 1)
    }

    static func fixesAfterReconnect(_ events: [SourceEvent]) -> Int {
        guard let second = events.indices.filter({ events[$0].deviceState == .connected }).dropFirst().first else { return 0 }
        return events[second...].filter(\.isFix).count
    }
}

/// A receiver plugged back in: the first `plugIn()` creates a new pty on the same link and
/// starts feeding it; `stop()` unplugs it for good.
final class Replug: Sendable {
    private struct Plugged {
        var pty: PseudoTerminal?
        var feeder: NMEAFeeder?
    }
    private let link: String
    private let lines: [String]
    private let state = Locked(Plugged())

    init(link: String, lines: [String]) {
        self.link = link
        self.lines = lines
    }

    func plugIn() {
        state.withLock { s in
            guard s.pty == nil, let pty = try? PseudoTerminal(link: link) else { return }
            s.pty = pty
            s.feeder = NMEAFeeder(pty, lines: lines, interval: 0.005)
        }
    }

    func stop() {
        let plugged = state.withLock { $0 }
        plugged.feeder?.stop()
        plugged.pty?.close()
    }
}
