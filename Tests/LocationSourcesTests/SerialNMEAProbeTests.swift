import LocationSources
import SystemIO
import Testing
import TestSupport

@Suite("SerialNMEAProbe")
struct SerialNMEAProbeTests {
    @Test("a pty carrying NMEA is recognised, at the first rate tried (ptys ignore the speed)")
    func hearsNMEA() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let feeder = NMEAFeeder(pty, lines: try traceLines("bu353s4.nmea"), interval: 0.002)
        defer { feeder.stop() }
        #expect(SerialNMEAProbe.probe(pty.devicePath, timeSource: SystemTimeSource()) == .nmea(baud: 4800, driver: "termios"))
    }

    @Test("a quiet port is reported silent after every rate was tried")
    func silentPort() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        #expect(SerialNMEAProbe.probe(pty.devicePath, rates: [4800, 9600], window: 0.2, timeSource: SystemTimeSource()) == .silent)
    }

    @Test("a missing port is unavailable, with a reason naming it")
    func missingPort() {
        guard case .unavailable(let reason) = SerialNMEAProbe.probe("/dev/waygate-absent", timeSource: SystemTimeSource()) else {
            Issue.record("expected .unavailable")
            return
        }
        #expect(reason == "open /dev/waygate-absent: No such file or directory")
    }
}
