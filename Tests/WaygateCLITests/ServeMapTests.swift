import JSON
import Foundation
import Gateway
import Geodesy
import NMEA
import Positioning
import RouteModel
import Routing
import Simulation
import TestSupport
import Testing
import Timekeeping
import WireProtocol

/// The daemon with a real map (Helsinki): free-drive MATCH on every fix, then the socket flow
/// "destination → routes with alternatives → select → start", on a drive replayed from NMEA.
@Suite("waygate serve --map (Helsinki)", .serialized)
struct ServeMapTests {
    static let bulevardi = Coordinate(latitude: 60.164199, longitude: 24.936660)
    static let siltavuorenpenger = Coordinate(latitude: 60.175082, longitude: 24.952825)

    /// An NMEA log of a simulated drive from Bulevardi to Siltavuorenpenger (GGA+RMC+GSA+GSV at 1 Hz).
    static func driveLog(dir: TemporaryDirectory) throws -> (path: String, route: Route) {
        let graph = try MapStore(userCacheDirectory: dir.path).load(Fixtures.trace("maps/helsinki.osm.pbf").path).graph
        let route = try #require(try MapRouter(graph: graph).routes([RouteWaypoint(bulevardi), RouteWaypoint(siltavuorenpenger)], options: RouteOptions()).first)
        let start = try #require(Timestamp(iso8601: "2026-11-29T12:00:00Z"))
        var simulator = try RouteSimulator(route: route, startTime: start)
        let encoder = NMEAEncoder(talker: "GP")
        let skyModel = SkyModel()
        var text = ""
        while !simulator.isFinished {
            let fix = simulator.next()
            guard let c = fix.coordinate else { continue }
            // As a receiver reports it: with the sky's satellite count and DOP (gpsd, and Waygate
            // decoding as gpsd does, read a GGA without a satellite count as no fix).
            let sky = skyModel.sky(at: c, altitude: 20, time: fix.time ?? start)
            for sentence in encoder.cycle(fix.with(sky), sky: sky) { text += sentence + "\r\n" }
        }
        try text.write(toFile: dir.file("drive.nmea"), atomically: true, encoding: .utf8)
        return (dir.file("drive.nmea"), route)
    }

    @Test("every fix gets a MATCH on a named Helsinki street; route → select_route → start gives PROGRESS; stop returns to free drive")
    func freeDriveThenGuidance() throws {
        let dir = try TemporaryDirectory(prefix: "serve-map")
        defer { dir.remove() }
        let (log, _) = try Self.driveLog(dir: dir)
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", Fixtures.trace("maps/helsinki.osm.pbf").path, "--replay", log, "--replay-speed", "4", "--socket", dir.file("s.sock")],
            environment: ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": dir.path]) { $1 },
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        _ = try client.next()
        try client.send(.subscribe([.match, .session, .progress]))

        var named = 0
        for _ in 0..<5 {
            guard case .match(let match) = try #require(try client.nextEvent { if case .match = $0 { true } else { false } }).payload else { return }
            if match.road?.name?.isEmpty == false, !match.offroad { named += 1 }
            #expect(match.confidence >= 0 && match.confidence <= 1)
        }
        #expect(named >= 4)

        let departure = try #require(Timestamp(iso8601: "2026-11-29T12:00:00.4Z"))
        try client.send(.route(RouteRequest(waypoints: [[Self.siltavuorenpenger.longitude, Self.siltavuorenpenger.latitude]], alternatives: true,
                                            departureTime: WireTime(departure))), id: 5)
        guard case .reply(let routed) = try #require(try client.next(where: { if case .reply(let r) = $0 { r.id == .integer(5) } else { if case .error = $0 { true } else { false } } })),
            case .array(let routes) = routed.fields["routes"]
        else { Issue.record("route failed"); return }
        #expect(routes.count >= 1)
        guard let best = routes[0].objectValue, let distance = best["distance"]?.doubleValue else { Issue.record("no distance"); return }
        #expect(distance > 300 && distance < 3_000)
        // Every route object echoes the departure (whole seconds, UTC) with its own arrival.
        for route in routes.compactMap(\.objectValue) {
            guard let duration = route["duration"]?.doubleValue else { Issue.record("no duration"); continue }
            #expect(route["departure_time"] == .string("2026-11-29T12:00:00Z"))
            let arrival = Timestamp(secondsSince1970: (departure.secondsSince1970 + duration).rounded()).iso8601(fractionDigits: 0)
            #expect(route["arrival_time"] == .string(arrival))
        }

        // A language no instructions are written in is refused, not answered in English under its name.
        try client.send(.route(RouteRequest(waypoints: [[Self.siltavuorenpenger.longitude, Self.siltavuorenpenger.latitude]], language: "xx")), id: 9)
        guard case .error(let refused) = try #require(try client.next(where: { if case .error(let e) = $0 { e.id == .integer(9) } else { false } })) else { return }
        #expect(refused.code == .badRequest)
        #expect(refused.message == "language \"xx\": no instructions in it (known: en, it; a tag such as it-IT is read by its language)")

        try client.send(.selectRoute(index: routes.count - 1), id: 6)
        guard case .reply = try #require(try client.next(where: { if case .reply(let r) = $0 { r.id == .integer(6) } else { false } })) else { return }
        try client.send(.start(StartRequest(route: .index(0))), id: 7)
        guard case .reply(let started) = try #require(try client.next(where: { if case .reply(let r) = $0 { r.id == .integer(7) } else { if case .error = $0 { true } else { false } } })) else {
            Issue.record("start refused")
            return
        }
        #expect(started.fields["route_id"] == .string("r1"))
        let progress = try client.nextEvent { if case .progress = $0 { true } else { false } }
        guard case .progress(let p) = try #require(progress).payload else { return }
        #expect(p.routeID == "r1")
        #expect(p.distanceRemaining > 0)
        try client.send(.stop, id: 8)
        let free = try client.nextEvent { if case .session(let s) = $0 { s.mode == .freeDrive } else { false } }
        #expect(free != nil)
    }

    @Test("a map cache truncated under the running daemon ends it with one line naming the cache, exit 1, not a bare bus error")
    func cacheTruncatedWhileMapped() throws {
        let dir = try TemporaryDirectory(prefix: "serve-cache-cut")
        defer { dir.remove() }
        let (log, _) = try Self.driveLog(dir: dir)
        let map = dir.file("helsinki.osm.pbf")
        try FileManager.default.copyItem(atPath: Fixtures.trace("maps/helsinki.osm.pbf").path, toPath: map)
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path, ["serve", "--map", map, "--replay", log, "--socket", dir.file("s.sock")],
            environment: ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": dir.path]) { $1 },
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        try client.send(.subscribe([.match]))
        #expect(try client.nextEvent { if case .match = $0 { true } else { false } } != nil)

        let cache = map + ".waygate-cache"
        #expect(FileManager.default.fileExists(atPath: cache))
        #expect(truncate(cache, 0) == 0)
        // The next fixes are matched on the cut pages; a route searches them too.
        try? client.send(.route(RouteRequest(waypoints: [[Self.siltavuorenpenger.longitude, Self.siltavuorenpenger.latitude]])), id: 1)
        #expect(server.wait(timeout: 30) == 1)
        let stderr = try String(contentsOfFile: dir.file("serve.log"), encoding: .utf8)
        #expect(stderr.hasSuffix(
            "waygate: \(cache) was truncated or rewritten while mapped; replace such a file by renaming a new one over it (as `waygate map build` does)\n"))
    }

    @Test("a missing or truncated map is a runtime error naming the file")
    func badMaps() throws {
        let dir = try TemporaryDirectory(prefix: "serve-map")
        defer { dir.remove() }
        let missing = try WaygateRunner.run(["serve", "--map", dir.file("nope.osm.pbf"), "--replay", Fixtures.trace("nmea/bu353s4.nmea").path, "--socket", dir.file("s")])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("waygate: cannot read map \(dir.file("nope.osm.pbf"))"))
        let bytes = try Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf"))
        try bytes.prefix(100_000).write(to: URL(fileURLWithPath: dir.file("cut.osm.pbf")))
        let cut = try WaygateRunner.run(["serve", "--map", dir.file("cut.osm.pbf"), "--replay", Fixtures.trace("nmea/bu353s4.nmea").path, "--socket", dir.file("s")])
        #expect(cut.status == 1)
        #expect(cut.stderr.hasPrefix("waygate: bad map \(dir.file("cut.osm.pbf"))"))
    }
}
