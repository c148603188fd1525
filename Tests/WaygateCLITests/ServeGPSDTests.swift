import Foundation
import SystemIO
import TestSupport
import Testing
import WireProtocol

@Suite("waygate serve --gpsd against a real gpsd", .serialized, .enabled(if: LoopbackGPSD.isInstalled))
struct ServeGPSDTests {
    @Test("fixes from gpsd arrive as LOCATION; gpsd killed → DEVICE lost; restarted → connected and fixes resume")
    func gpsdRestart() throws {
        let dir = try TemporaryDirectory(prefix: "serve-gpsd")
        defer { dir.remove() }
        let pty = try PseudoTerminal(link: dir.file("gps"))
        defer { pty.close() }
        let feeder = NMEAFeeder(pty, lines: try traceLines("bu353s4.nmea"), interval: 0.01)
        defer { feeder.stop() }
        let port = LoopbackGPSD.freePort()
        var gpsd = try LoopbackGPSD.start(port: port, device: dir.file("gps"), dir: dir, run: 0)
        defer { gpsd.stop() }
        #expect(LoopbackGPSD.waitForListener(port: port))

        let server = try ChildProcess(
            Fixtures.waygateExecutable.path, ["serve", "--gpsd", "127.0.0.1:\(port)", "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"))
        _ = try client.next()
        try client.send(.subscribe([.location, .device]))
        let first = try client.nextEvent { if case .location(let l) = $0 { l.lat != nil } else { false } }
        guard case .location(let location) = try #require(first).payload else { return }
        #expect(location.source == "gpsd:127.0.0.1:\(port)")
        #expect(abs(try #require(location.lat) - -37.78479) < 0.00002)
        #expect(abs(try #require(location.lon) - 175.31489) < 0.00002)

        gpsd.stop()
        let lost = try client.nextEvent { if case .device(let d) = $0 { d.state == .lost } else { false } }
        #expect(lost != nil)
        gpsd = try LoopbackGPSD.start(port: port, device: dir.file("gps"), dir: dir, run: 1)
        let back = try client.nextEvent(timeout: 60) { if case .device(let d) = $0 { d.state == .connected } else { false } }
        #expect(back != nil)
        let resumed = try client.nextEvent { if case .location(let l) = $0 { l.lat != nil } else { false } }
        #expect(resumed != nil)
    }
}
