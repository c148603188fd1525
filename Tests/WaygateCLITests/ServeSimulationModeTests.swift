import JSON
import Foundation
import Geodesy
import TestSupport
import Testing
import WireProtocol

/// Simulation modes end to end: a replayed Helsinki drive whose fixes stop mid-route; with
/// `start` … `simulate: on_poor_gps` the built-in simulator takes over along the route, and
/// `simulate` mode `never` stops it.
@Suite("waygate serve simulation modes (Helsinki)", .serialized)
struct ServeSimulationModeTests {
    /// The first `fixes` receiver cycles (each starting with RMC) of the Helsinki drive log.
    static func truncatedLog(dir: TemporaryDirectory, fixes: Int) throws -> String {
        let (full, _) = try ServeMapTests.driveLog(dir: dir)
        var kept: [Substring] = []
        var cycles = 0
        for line in try String(contentsOfFile: full, encoding: .utf8).split(separator: "\r\n") {
            if line.dropFirst(3).hasPrefix("RMC") { cycles += 1 }
            if cycles > fixes { break }
            kept.append(line)
        }
        let path = dir.file("cut.nmea")
        try (kept.joined(separator: "\r\n") + "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("on_poor_gps: simulated LOCATIONs continue along the route after the real fixes stop; never stops them")
    func onPoorGPSTakesOverAndNeverStops() throws {
        let dir = try TemporaryDirectory(prefix: "serve-simmodes")
        defer { dir.remove() }
        let log = try Self.truncatedLog(dir: dir, fixes: 40)
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", Fixtures.trace("maps/helsinki.osm.pbf").path, "--replay", log, "--replay-speed", "4", "--socket", dir.file("s.sock")],
            environment: ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": dir.path]) { $1 },
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        _ = try client.next()
        try client.send(.subscribe([.location, .device]))
        let from = ServeMapTests.bulevardi, to = ServeMapTests.siltavuorenpenger
        try client.send(.route(RouteRequest(waypoints: [[from.longitude, from.latitude], [to.longitude, to.latitude]])), id: 2)
        let isReply: (Int) -> (ServerMessage) -> Bool = { id in
            { message in
                if case .reply(let r) = message { return r.id == .integer(Int64(id)) }
                if case .error = message { return true }
                return false
            }
        }
        guard case .reply = try #require(try client.next(where: isReply(2))) else { Issue.record("route failed"); return }
        try client.send(.start(StartRequest(route: .index(0), simulate: .onPoorGPS, speedMultiplier: 2)), id: 3)
        guard case .reply(let started) = try #require(try client.next(where: isReply(3))) else { Issue.record("start refused"); return }
        guard let simulation = started.fields["simulation"]?.objectValue else { Issue.record("no simulation in reply"); return }
        #expect(simulation["mode"] == .string("on_poor_gps"))

        let began = try client.nextEvent { if case .device(let d) = $0 { d.source == "simulator" && d.state == .connected } else { false } }
        guard case .device(let device) = try #require(began).payload else { return }
        #expect(device.driver == "simulation:on_poor_gps")
        var simulated: [LocationMessage] = []
        while simulated.count < 4 {
            guard case .location(let l) = try #require(try client.nextEvent { if case .location = $0 { true } else { false } }).payload else { return }
            #expect(l.source == "simulator")
            #expect(l.simulated)
            simulated.append(l)
        }
        let moved = zip(simulated, simulated.dropFirst()).filter { $0.lat != $1.lat || $0.lon != $1.lon }.count
        #expect(moved >= 2)

        try client.send(.simulate(SimulateRequest(mode: .never)), id: 4)
        var off: DeviceMessage?
        let changedMessage = try client.next { message in
            if case .event(let e) = message, case .device(let d) = e.payload, d.source == "simulator" { off = d }
            return isReply(4)(message)
        }
        guard case .reply(let changed) = try #require(changedMessage) else { Issue.record("simulate refused"); return }
        guard let state = changed.fields["simulation"]?.objectValue else { Issue.record("no simulation in reply"); return }
        #expect(state["mode"] == .string("never"))
        #expect(state["simulating"] == .bool(false))
        if off == nil {
            off = try client.nextEvent { if case .device(let d) = $0 { d.source == "simulator" } else { false } }.flatMap { e in
                if case .device(let d) = e.payload { d } else { nil }
            }
        }
        #expect(off?.state == .lost)
        #expect(off?.driver == "simulation:never")
        // Nothing simulated follows: everything up to the reply of a later command is real (there is none).
        Thread.sleep(forTimeInterval: 1.5)
        try client.send(.status, id: 5)
        var later = 0
        _ = try client.next { message in
            if case .event(let e) = message, case .location(let l) = e.payload, l.simulated { later += 1 }
            return isReply(5)(message)
        }
        #expect(later == 0)
    }
}
