import JSON
import Foundation
import TestSupport
import Testing
import WireProtocol

/// A whole guided drive through the real daemon: the simulator drives a route planned on the
/// Helsinki map, guidance runs on it, a client sees everything a navigation UI needs.
@Suite("waygate serve: a guided simulated drive to arrival", .serialized)
struct ServeGuidedDriveTests {
    static let from = "60.164199,24.936660"  // Bulevardi
    static let to = "60.175082,24.952825"  // Siltavuorenpenger

    @Test("PROGRESS, BANNER, VOICE, CAMERA and MATCH along the drive, then ARRIVAL (final) and SESSION back to free drive")
    func guidedDriveToArrival() throws {
        let dir = try TemporaryDirectory(prefix: "guided")
        defer { dir.remove() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", Self.from, "--to", Self.to, "--format", "osrm"])
        #expect(planned.status == 0)
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)

        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", map, "--simulate", dir.file("route.json"), "--guide", dir.file("route.json"), "--speed-multiplier", "25",
             "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        guard case .hello(let hello) = try client.next() else { Issue.record("no HELLO"); return }
        #expect(hello.protocolVersion == 1)
        try client.send(.subscribe([.all]))
        try client.send(.camera(.following), id: 2)

        var progress: [ProgressMessage] = []
        var banners = 0, voices: [String] = [], cameraStates: Set<String> = [], matches = 0, alongRoute = 0
        var arrival: ArrivalMessage?
        var endSession: SessionMessage?
        let deadline = Date().addingTimeInterval(120)
        while endSession == nil, Date() < deadline, let message = try client.next(timeout: 30) {
            guard case .event(let event) = message else { continue }
            switch event.payload {
            case .progress(let p): progress.append(p)
            case .banner: banners += 1
            case .voice(let v): voices.append(v.announcement)
            case .camera(let c): cameraStates.insert(c.state.rawValue)
            case .match(let m):
                matches += 1
                if m.horizonPath == "route" { alongRoute += 1 }
            case .arrival(let a): arrival = a
            case .session(let s) where s.mode == .freeDrive: endSession = s
            default: break
            }
        }
        #expect(progress.count > 50)
        // Distance remaining only ever shrinks (within float rounding), and ends near zero.
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $1.distanceRemaining <= $0.distanceRemaining + 0.5 })
        #expect((progress.last?.distanceRemaining ?? 99) < 25)
        #expect(progress.allSatisfy { !$0.offRoute })
        #expect(banners >= 3)
        #expect(voices.count >= 3)
        #expect(Set(voices).count == voices.count)  // no prompt spoken twice
        #expect(cameraStates.contains("following"))
        #expect(matches > 50)
        // The route, read from a file, is laid on the map at its first fix: the horizon follows it.
        #expect(alongRoute > matches * 9 / 10)
        #expect(arrival?.final == true)
        #expect(endSession?.previous == .activeGuidance)
    }

    @Test("bad guidance requests get ERROR and leave the session unchanged")
    func badRequests() throws {
        let dir = try TemporaryDirectory(prefix: "guided")
        defer { dir.remove() }
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", Fixtures.trace("maps/helsinki.osm.pbf").path, "--replay", Fixtures.trace("nmea/bu353s4.nmea").path, "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        _ = try client.next()
        func error(after line: String) throws -> ErrorMessage? {
            try client.send(raw: line)
            if case .error(let e) = try client.next(where: { if case .error = $0 { true } else { if case .reply = $0 { true } else { false } } }) { return e }
            return nil
        }
        #expect(try error(after: #"{"cmd":"start","id":1}"#)?.code == .badRequest)
        #expect(try error(after: #"{"cmd":"start","route":{"routes":"nonsense"},"id":2}"#)?.code == .badRequest)
        #expect(try error(after: #"{"cmd":"select_route","index":3,"id":3}"#)?.code == .notFound)
        #expect(try error(after: #"{"cmd":"start","route_index":0,"id":4}"#)?.message == "route_index 0: no routes yet, send 'route' first")
        #expect(try error(after: #"{"cmd":"camera","state":"sideways","id":5}"#)?.code == .badRequest)
        try client.send(.status, id: 6)
        guard case .reply(let status) = try client.next(where: { if case .reply(let r) = $0 { r.id == .integer(6) } else { false } }) else { return }
        #expect(status.fields["session"] == JSONValue(["mode": .string("free_drive")]))
    }
}

@Suite("waygate serve: leaving the route", .serialized)
struct ServeRerouteTests {
    @Test("driving the best route while guided on an alternative: off route → REROUTE started, succeeded → progress on the new route")
    func rerouteWhenLeavingTheRoute() throws {
        let dir = try TemporaryDirectory(prefix: "reroute")
        defer { dir.remove() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(
            ["route", "--map", map, "--from", ServeGuidedDriveTests.from, "--to", ServeGuidedDriveTests.to, "--alternatives", "--format", "osrm"])
        let response = try #require(try JSONSerialization.jsonObject(with: Data(planned.stdout.utf8)) as? [String: Any])
        let routes = try #require(response["routes"] as? [Any])
        try #require(routes.count >= 2)
        try JSONSerialization.data(withJSONObject: routes[0]).write(to: URL(fileURLWithPath: dir.file("driven.json")))
        try JSONSerialization.data(withJSONObject: routes[1]).write(to: URL(fileURLWithPath: dir.file("guided.json")))

        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", map, "--simulate", dir.file("driven.json"), "--guide", dir.file("guided.json"), "--speed-multiplier", "25",
             "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        _ = try client.next()
        try client.send(.subscribe([.guidance, .progress, .session, .match]))
        var states: [String] = []
        var newRoute: String?
        var progressAfter = 0
        var horizonsAfter: [String?] = []
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, progressAfter < 5, let message = try client.next(timeout: 30) {
            guard case .event(let event) = message else { continue }
            switch event.payload {
            case .reroute(let r):
                states.append(r.state.rawValue)
                if r.state == .succeeded { newRoute = r.routeID }
            case .progress(let p) where newRoute != nil && p.routeID == newRoute && !p.offRoute: progressAfter += 1
            case .session(let s) where s.mode == .freeDrive: progressAfter = 99  // arrived without rerouting
            case .match(let m) where newRoute != nil: horizonsAfter.append(m.horizonPath)
            default: break
            }
        }
        #expect(states.first == "started")
        #expect(states.contains("succeeded"))
        #expect(newRoute != nil && newRoute != "r1")
        #expect(progressAfter >= 5 && progressAfter != 99)
        // The new route was planned on the map: its edges come with it, the horizon follows it.
        #expect(horizonsAfter.count >= 4)
        #expect(horizonsAfter.filter { $0 == "route" }.count >= horizonsAfter.count - 1, "\(horizonsAfter)")
    }
}
