import Foundation
import TestSupport
import Testing
import WireProtocol

@Suite("waygate serve --simulate-to", .serialized)
struct ServeSimulateToTests {
    @Test("plans on the map, starts guidance and the simulator drives it: simulated LOCATION and shrinking PROGRESS")
    func simulateTo() throws {
        let dir = try TemporaryDirectory(prefix: "simto")
        defer { dir.remove() }
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", Fixtures.trace("maps/helsinki.osm.pbf").path, "--simulate-from", "60.164199,24.936660",
             "--simulate-to", "60.175082,24.952825", "--speed-multiplier", "20", "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        _ = try client.next()
        try client.send(.subscribe([.location, .progress]))
        var simulated = 0
        var remaining: [Double] = []
        while simulated < 8 || remaining.count < 8, let message = try client.next(timeout: 30) {
            guard case .event(let event) = message else { continue }
            if case .location(let l) = event.payload, l.simulated, l.source == "simulator" { simulated += 1 }
            if case .progress(let p) = event.payload { remaining.append(p.distanceRemaining) }
        }
        #expect(simulated >= 8)
        #expect(remaining.count >= 8)
        #expect((remaining.first ?? 0) > 1_500)
        #expect((remaining.last ?? .infinity) < (remaining.first ?? 0))
    }

    @Test("--simulate-to without a map or an origin is a usage error naming what is missing")
    func usage() throws {
        let noMap = try WaygateRunner.run(["serve", "--simulate-to", "60.17,24.95", "--simulate-from", "60.16,24.93"])
        #expect(noMap.status == 2)
        #expect(noMap.stderr == "waygate: --simulate-to needs --map MAP to plan the route on\n")
        let noOrigin = try WaygateRunner.run(["serve", "--map", "x.osm.pbf", "--simulate-to", "60.17,24.95"])
        #expect(noOrigin.status == 2)
        #expect(noOrigin.stderr == "waygate: --simulate-to needs --simulate-from LAT,LON, or another source whose first fix is the origin\n")
    }
}
