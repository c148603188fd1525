import Foundation
import Servers
import SystemIO
import TestSupport
import Testing
import WireProtocol

/// `waygate serve --gpsd` following a "gpsd" that sends impossible values (a scripted server on
/// loopback: a real gpsd never sends them), read by a socket client and by gpspipe on the
/// gpsd-compatible port.
@Suite("waygate serve --gpsd against a hostile gpsd", .serialized, .enabled(if: LoopbackGPSD.isInstalled))
struct ServeGPSDHostileTests {
    /// A TPV with a latitude of 1e300 and speed, track, altitude and errors of 1e308.
    static let hostileTPV = #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-12-01T10:00:00.000Z","lat":1e300,"lon":9.19,"altMSL":1e308,"speed":1e308,"track":1e308,"climb":1e308,"eph":1e308,"epx":1e308,"epy":1e308,"epv":1e308,"eps":1e308,"epd":1e308,"epc":1e308}"#
    /// A TPV as gpsd writes it.
    static let normalTPV = #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-12-01T10:00:01.000Z","lat":45.46875,"lon":9.1875,"altMSL":120.5,"speed":13.875,"track":87.25,"eph":6.5}"#

    @Test("LOCATION lines carry no null and the gpsd port no 300-digit number: the hostile TPV is mode 1 without a position")
    func impossibleValues() throws {
        let dir = try TemporaryDirectory(prefix: "serve-gpsd-hostile")
        defer { dir.remove() }
        // gpsd's part: the two TPVs every 0.2 s, until the test ends.
        let gpsd = try ScriptedGPSD(lines: [Self.hostileTPV, Self.normalTPV], repeatEvery: 0.2)
        defer { gpsd.close() }
        let listenPort = LoopbackGPSD.freePort()
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--gpsd", "127.0.0.1:\(gpsd.port)", "--gpsd-listen", "127.0.0.1:\(listenPort)", "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }

        let client = try WireClient(path: dir.file("s.sock"))
        _ = try client.next()
        try client.send(.subscribe([.location]))
        var locations: [String] = []
        while locations.count < 6, let line = try client.nextLine(timeout: 30) {
            let text = String(decoding: line, as: UTF8.self)
            if text.contains(#""class":"LOCATION""#) { locations.append(text) }
        }
        try #require(locations.count == 6, "LOCATION lines: \(locations)")
        #expect(locations.allSatisfy { !$0.contains("null") }, "\(locations)")
        let positioned = locations.filter { $0.contains(#""lat""#) }
        #expect(!positioned.isEmpty && positioned.allSatisfy { $0.contains(#""lat":45.46875,"lon":9.1875"#) }, "\(positioned)")
        #expect(locations.contains { $0.contains(#""mode":1"#) && !$0.contains(#""lat""#) && !$0.contains(#""speed""#) }, "\(locations)")

        #expect(LoopbackGPSD.waitForListener(port: listenPort))
        let tpvs = try SimulatePtyTests.gpspipe(port: listenPort, count: 12, dir: dir).filter { $0.hasPrefix(#"{"class":"TPV""#) }
        #expect(!tpvs.isEmpty)
        #expect(tpvs.allSatisfy { $0.count < 400 }, "\(tpvs)")
        #expect(tpvs.allSatisfy { ($0.contains(#""mode":1"#) && !$0.contains(#""lat""#)) || $0.contains(#""lat":45.468750000"#) }, "\(tpvs)")
    }
}
