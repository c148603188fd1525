import Foundation
import SystemIO
import TestSupport
import Testing

@Suite("waygate devices")
struct DevicesCommandTests {
    @Test("--probe on a pseudo-terminal that speaks NMEA reports the baud it was heard at")
    func probePseudoTerminal() throws {
        let dir = try TemporaryDirectory(prefix: "devices")
        defer { dir.remove() }
        let pty = try PseudoTerminal(link: dir.file("gps"))
        defer { pty.close() }
        let feeder = NMEAFeeder(pty, lines: try traceLines("bu353s4.nmea"), interval: 0.01)
        defer { feeder.stop() }
        let result = try WaygateRunner.run(["devices", "--probe", "--seconds", "20", "--format", "json", dir.file("gps")])
        #expect(result.status == 0)
        #expect(result.stdout == "{\"nmea_baud\":4800,\"nmea_heard\":true,\"port\":\"\(dir.file("gps"))\"}\n")
    }

    @Test("a silent device is reported as such, a missing one is an error naming it")
    func silentAndMissing() throws {
        let dir = try TemporaryDirectory(prefix: "devices")
        defer { dir.remove() }
        let pty = try PseudoTerminal(link: dir.file("quiet"))
        defer { pty.close() }
        let quiet = try WaygateRunner.run(["devices", "--probe", "--seconds", "1", dir.file("quiet")])
        #expect(quiet.status == 0)
        #expect(quiet.stdout == "\(dir.file("quiet"))  no NMEA heard\n")
        let missing = try WaygateRunner.run(["devices", "/dev/nonexistent-gps"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "waygate: no such device: /dev/nonexistent-gps\n")
    }

    @Test("the udev rules and the known-receiver table list the same USB ids")
    func udevRulesAgree() throws {
        let rules = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("udev/60-waygate-gnss.rules"), encoding: .utf8)
        var ids: Set<String> = []
        for line in rules.split(separator: "\n") where line.hasPrefix("ATTRS{idVendor}") {
            let quoted = line.split(separator: "\"")
            ids.insert("\(quoted[1]):\(quoted[3])")
        }
        #expect(ids.count == 16)
        #expect(ids == Set(KnownReceivers.byUSBID.keys))
    }
}
