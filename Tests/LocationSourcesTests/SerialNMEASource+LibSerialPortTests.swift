import Foundation
import LocationSources
import Positioning
import SystemIO
import Testing
import TestSupport

extension SerialNMEASourceTests {
    /// Runs only inside the child process that `LibSerialPortTests` (SystemIOTests) starts with
    /// the PtyShim LD_PRELOAD library: the whole source on the libserialport driver, through the
    /// `/dev/../../..` path trick (TOOLCHAIN.md §3).
    @Test("(child) the source hunts, decodes and notices the hang-up on the libserialport driver",
          .enabled(if: ProcessInfo.processInfo.environment["WAYGATE_LIBSERIALPORT_CHILD_DIR"] != nil))
    func childSourceThroughLibserialport() async throws {
        let dir = try #require(ProcessInfo.processInfo.environment["WAYGATE_LIBSERIALPORT_CHILD_DIR"])
        let link = dir + "/source-tty"
        let pty = try PseudoTerminal(link: link)
        defer { pty.close() }
        let feeder = NMEAFeeder(pty, lines: try traceLines("bu353s4.nmea"), interval: 0.002)
        defer { feeder.stop() }
        let options = SerialNMEASource.Options(watchdog: 30, backoff: BackoffPolicy(initial: 5, maximum: 5), driver: .libserialport)
        let source = SerialNMEASource(path: "/dev/../../.." + link, options: options, timeSource: SystemTimeSource())
        let collector = EventCollector()
        await collector.run(source.events()) { event, all in
            if event.isFix, all.fixes.count == 3 {
                feeder.stop()
                pty.close()
            }
            return event.deviceState == .lost
        }
        let events = collector.events
        #expect(events.first == .device(.connected, driver: "libserialport", baud: 4800))
        #expect(events.fixes.count >= 3)
        #expect(events.deviceStates == [.connected, .lost])
        _ = FileManager.default.createFile(atPath: dir + "/source-child-ok", contents: Data())
    }
}
