import Foundation
import Gateway
import Navigation
import RoadGraph
import RouteFormats
import RouteModel
import Routing
import TestSupport
import Testing
import Timekeeping

@Suite("waygate route on the Helsinki extract")
struct RouteCommandTests {
    static let map = Fixtures.repositoryRoot.appendingPathComponent("traces/maps/helsinki.osm.pbf").path
    static let bulevardi = "60.164199,24.936660"
    static let siltavuorenpenger = "60.175082,24.952825"

    func route(_ extra: [String]) throws -> WaygateRunner.Result {
        try WaygateRunner.run(["route", "--map", Self.map, "--from", Self.bulevardi, "--to", Self.siltavuorenpenger] + extra)
    }

    @Test("--format osrm prints one response that OSRMReader reads back to the same JSON; steps make sense")
    func osrmRoundTrip() throws {
        let result = try route(["--alternatives"])
        #expect(result.status == 0)
        #expect(result.lines.count == 1)
        let bytes = Array(result.stdout.utf8.dropLast())
        let response = try OSRMReader().readResponse(bytes)
        #expect(response.code == "Ok")
        #expect((2...3).contains(response.routes.count))
        #expect(OSRMWriter().response(response.routes, waypoints: response.waypoints) == bytes)
        let best = try #require(response.routes.first)
        #expect(response.routes.allSatisfy { $0.duration >= best.duration })
        #expect((1_500...2_600).contains(best.distance))
        let steps = best.legs[0].steps
        #expect(steps.count >= 4 && steps.count <= 20)
        #expect(steps.first?.maneuver.type == .depart)
        #expect(steps.first?.name == "Bulevardi")
        #expect(steps.last?.maneuver.type == .arrive)
        #expect(steps.dropLast().allSatisfy { !$0.name.isEmpty && $0.distance > 0 })
        #expect(steps.allSatisfy { !$0.maneuver.instruction.isEmpty })
        #expect(abs(steps.reduce(0) { $0 + $1.distance } - best.distance) < 1)
        #expect(best.legs[0].summary.contains(","))
    }

    @Test("--format text prints the turn list in the chosen language and units")
    func textFormat() throws {
        let english = try route(["--format", "text"])
        #expect(english.status == 0)
        #expect(english.lines.first?.hasPrefix("Route: ") == true)
        #expect(english.lines.first?.hasSuffix(" via Bulevardi, Kaisaniemenkatu") == true)
        #expect(english.lines[1] == "  1. Head northeast on Bulevardi  (470 m)")
        #expect(english.lines.contains("  3. Turn right onto Kaivokatu  (380 m)"))
        #expect(english.lines.last?.hasSuffix(". You have arrived at your destination") == true)
        let italian = try route(["--format", "text", "--language", "it", "--units", "imperial"])
        #expect(italian.status == 0)
        #expect(italian.lines.first?.hasPrefix("Route: 1.3 mi, ") == true)
        #expect(italian.lines.contains("  3. Gira a destra in Kaivokatu  (0.2 mi)"))
        #expect(italian.lines.last?.hasSuffix(". Sei arrivato a destinazione") == true)
    }

    @Test("--format geojson prints a FeatureCollection with the route line")
    func geoJSON() throws {
        let result = try route(["--format", "geojson"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "FeatureCollection")
        #expect((object?["features"] as? [Any])?.count == 1)
    }

    @Test("--departure-time is echoed: departure_time and arrival_time on every route, and in the text header (UTC)")
    func departureTime() throws {
        let osrm = try route(["--alternatives", "--departure-time", "2026-11-29T07:58:30+01:00"])
        #expect(osrm.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(osrm.stdout.utf8)) as? [String: Any]
        let routes = try #require(object?["routes"] as? [[String: Any]])
        #expect(routes.count >= 2)
        for route in routes {
            let duration = try #require(route["duration"] as? Double)
            #expect(route["departure_time"] as? String == "2026-11-29T06:58:30Z")
            let arrival = try #require(Timestamp(iso8601: "2026-11-29T06:58:30Z")).adding(duration.rounded())
            #expect(route["arrival_time"] as? String == arrival.iso8601(fractionDigits: 0))
        }
        // Without a departure, neither member is written (never null).
        let plain = try route([])
        #expect(!plain.stdout.contains("departure_time") && !plain.stdout.contains("arrival_time"))

        let text = try route(["--format", "text", "--departure-time", "2026-11-29T08:00:00Z"])
        #expect(text.status == 0)
        let duration = try #require(routes.first?["duration"] as? Double)
        let arrival = try #require(Timestamp(iso8601: "2026-11-29T08:00:00Z")).adding(duration.rounded()).components
        let clock = String(format: "%02d:%02d", arrival.hour, arrival.minute)
        #expect(text.lines.first?.hasSuffix(" via Bulevardi, Kaisaniemenkatu. Depart 08:00, arrive \(clock) (UTC)") == true, "\(text.lines.first ?? "")")

        let geoJSON = try route(["--format", "geojson", "--departure-time", "2026-11-29T08:00:00Z"])
        let features = (try JSONSerialization.jsonObject(with: Data(geoJSON.stdout.utf8)) as? [String: Any])?["features"] as? [[String: Any]]
        let properties = try #require(features?.first?["properties"] as? [String: Any])
        #expect(properties["departure_time"] as? String == "2026-11-29T08:00:00Z")
        #expect((properties["arrival_time"] as? String)?.hasPrefix("2026-11-29T08:") == true)

        let bad = try route(["--departure-time", "tomorrow"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "waygate: --departure-time: expected an ISO 8601 time, got \"tomorrow\"\n")
    }

    @Test("bad input: one line naming it, exit 1 at run time, 2 for usage")
    func errors() throws {
        let sea = try WaygateRunner.run(["route", "--map", Self.map, "--from", Self.bulevardi, "--to", "60.10,24.90"])
        #expect(sea.status == 1)
        #expect(sea.stderr == "waygate: \(Self.map): no road near 60.1,24.9\n")
        let profile = try route(["--profile", "boat"])
        #expect(profile.status == 2)
        #expect(profile.stderr == "waygate: --profile: expected one of car, bike, foot, got \"boat\"\n")
        let avoid = try route(["--avoid", "tolls"])
        #expect(avoid.status == 2)
        #expect(avoid.stderr == "waygate: --avoid: expected toll, ferry or motorway, got \"tolls\"\n")
        let missing = try WaygateRunner.run(["route", "--map", "/nonexistent/x.osm.pbf", "--from", Self.bulevardi, "--to", "60.1,24.9"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "waygate: cannot read map /nonexistent/x.osm.pbf: no such file\n")
        let noTo = try WaygateRunner.run(["route", "--map", Self.map, "--from", Self.bulevardi])
        #expect(noTo.status == 2)
        // Only decimal numbers: Double("0x3C") would read hexadecimal 60.
        let hex = try WaygateRunner.run(["route", "--map", Self.map, "--from", "0x3C,24.94", "--to", Self.siltavuorenpenger])
        #expect(hex.status == 2)
        #expect(hex.stderr == "waygate: --from: expected LAT,LON, got \"0x3C,24.94\"\n")

        let dir = try TemporaryDirectory(prefix: "truncated")
        defer { dir.remove() }
        let truncated = dir.file("cut.osm.pbf")
        try Data(try Data(contentsOf: URL(fileURLWithPath: Self.map)).prefix(5_000)).write(to: URL(fileURLWithPath: truncated))
        let cut = try WaygateRunner.run(["route", "--map", truncated, "--from", Self.bulevardi, "--to", Self.siltavuorenpenger])
        #expect(cut.status == 1)
        #expect(cut.stderr.hasPrefix("waygate: bad map \(truncated): "))
        #expect(cut.stderr.filter { $0 == "\n" }.count == 1)
        let text = dir.file("notes.osm")
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: text))
        let notMap = try WaygateRunner.run(["route", "--map", text, "--from", Self.bulevardi, "--to", Self.siltavuorenpenger])
        #expect(notMap.status == 1)
        #expect(notMap.stderr == "waygate: bad map \(text): not an OSM file (expected .osm.pbf or .osm XML)\n")
    }
}

@Suite("MapStore: import once, cache next to the map, invalidate on change")
struct MapStoreTests {
    let xml = ASCIIMap("a---b---c", gridSize: 20).osmXML(ways: [("abc", ["highway": "residential", "name": "Only St"])])

    /// Writes the three-node town map into `dir` and returns its path.
    func writeTown(in dir: TemporaryDirectory) throws -> String {
        let path = dir.file("town.osm")
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the first load imports and writes NAME.waygate-cache; the next reads it; a changed map is imported again")
    func cache() throws {
        let dir = try TemporaryDirectory(prefix: "mapstore")
        defer { dir.remove() }
        let path = try writeTown(in: dir)
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        let first = try store.load(path)
        #expect(first.origin == .imported)
        #expect(first.cachePath == path + ".waygate-cache")
        let second = try store.load(path)
        #expect(second.origin == .cache)
        #expect(second.graph.edgeCount == first.graph.edgeCount)
        #expect(first.hierarchies.map(\.profile) == [.car])
        #expect(second.hierarchies == first.hierarchies)
        #expect(RoutePlanner(graph: second.graph, hierarchies: second.hierarchies).hierarchies.count == 1)
        try Data((xml + "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(try store.load(path).origin == .imported)
        // A graph file is read as it is.
        let graphPath = dir.file("town.wgraph")
        try Data(first.graph.serialized()).write(to: URL(fileURLWithPath: graphPath))
        let graph = try store.load(graphPath)
        #expect(graph.origin == .graphFile)
        #expect(graph.graph.nodeCount == first.graph.nodeCount)
        #expect(graph.hierarchies.isEmpty)
    }

    @Test("a corrupt hierarchy section is rebuilt and rewritten; the graph still comes from the cache")
    func corruptHierarchy() throws {
        let dir = try TemporaryDirectory(prefix: "mapstore")
        defer { dir.remove() }
        let path = try writeTown(in: dir)
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        let first = try store.load(path)
        let cachePath = try #require(first.cachePath)
        let good = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        // The hierarchy image's offset and length are at bytes 56 and 64 of the cache header.
        func word(_ at: Int) -> Int { Int(good[at..<(at + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) }) }
        let hierarchyEnd = word(56) + word(64)
        var bad = good
        bad[hierarchyEnd - 20] ^= 0xFF  // inside the hierarchy's last section: found by the full check, not by opening
        try bad.write(to: URL(fileURLWithPath: cachePath), options: .atomic)
        let second = try store.load(path, verifyingCache: true)
        #expect(second.origin == .cache)
        #expect(second.hierarchies == first.hierarchies)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cachePath)) == good)
        try good.prefix(good.count - 30).write(to: URL(fileURLWithPath: cachePath), options: .atomic)  // the tables (last) cut short
        let cut = try store.load(path)
        #expect(cut.origin == .imported)
        #expect(cut.hierarchies == first.hierarchies)
    }

    @Test("when the cache cannot be written next to the map, it goes to the user cache directory")
    func fallback() throws {
        let dir = try TemporaryDirectory(prefix: "mapstore")
        defer { dir.remove() }
        let path = try writeTown(in: dir)
        // A directory where the cache file would go makes that place unwritable, even for root.
        try FileManager.default.createDirectory(atPath: path + ".waygate-cache", withIntermediateDirectories: false)
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        let first = try store.load(path)
        #expect(first.cachePath == dir.file("user-cache") + "/town.osm.waygate-cache")
        let second = try store.load(path)
        #expect(second.origin == .cache)
        #expect(second.cachePath == first.cachePath)
    }

    @Test("when neither place takes the cache, the map is imported into a temporary cache file, mapped and unlinked")
    func temporaryCache() throws {
        let dir = try TemporaryDirectory(prefix: "mapstore")
        defer { dir.remove() }
        let name = "town-\(UUID().uuidString).osm"
        let path = dir.file(name)
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        let reference = try MapStore(userCacheDirectory: dir.file("elsewhere")).load(try writeTown(in: dir))
        // Directories where the cache files would go: each place takes a new file but not the rename.
        try FileManager.default.createDirectory(atPath: path + ".waygate-cache", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: dir.file("user-cache/\(name).waygate-cache"), withIntermediateDirectories: true)
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        let loaded = try store.load(path)
        #expect(loaded.origin == .imported)
        #expect(loaded.cachePath == nil)
        #expect((loaded.graph.nodeCount, loaded.graph.edgeCount) == (2, 2))
        #expect(loaded.graph.edges == reference.graph.edges)
        #expect(loaded.hierarchies == reference.hierarchies)
        let left = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path).filter { $0.contains(name) }
        #expect(left.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [name, name + ".waygate-cache", "town.osm", "town.osm.waygate-cache", "user-cache"].sorted())
        #expect(try store.load(path).origin == .imported)
    }

    @Test("a corrupt cache is ignored and replaced")
    func corruptCache() throws {
        let dir = try TemporaryDirectory(prefix: "mapstore")
        defer { dir.remove() }
        let path = try writeTown(in: dir)
        try Data("WGCACHE\n garbage".utf8).write(to: URL(fileURLWithPath: path + ".waygate-cache"))
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        #expect(try store.load(path).origin == .imported)
        #expect(try store.load(path).origin == .cache)
    }

    @Test("errors name the file: missing, empty, not a map")
    func errors() throws {
        let dir = try TemporaryDirectory(prefix: "mapstore")
        defer { dir.remove() }
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        #expect(throws: GatewayError.mapUnreadable(path: dir.file("none.osm"), reason: "no such file")) { try store.load(dir.file("none.osm")) }
        try Data().write(to: URL(fileURLWithPath: dir.file("empty.osm")))
        #expect(throws: GatewayError.badMap(path: dir.file("empty.osm"), reason: "the file is empty")) { try store.load(dir.file("empty.osm")) }
        #expect(MapStore(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).userCacheDirectory == "/x/cache/waygate")
        #expect(MapStore(environment: ["HOME": "/home/u"]).userCacheDirectory == "/home/u/.cache/waygate")
    }

    @Test("map build of a road the matcher's grid refuses (zigzagging 10,000 times across 100 km) fails naming the map and why, and leaves no cache")
    func unindexableMap() throws {
        let dir = try TemporaryDirectory(prefix: "mapstore")
        defer { dir.remove() }
        let path = dir.file("zigzag.osm")
        var xml = "<osm version=\"0.6\">\n"
        for k in 0...10_000 { xml += "<node id=\"\(k + 1)\" lat=\"\(45 + Double(k) * 0.0001)\" lon=\"\(k % 2 == 0 ? 9 : 10.3)\"/>\n" }
        xml += "<way id=\"1\">" + (1...10_001).map { "<nd ref=\"\($0)\"/>" }.joined() + "<tag k=\"highway\" v=\"primary\"/></way>\n</osm>\n"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        let reason = "inconsistent road graph: 10001 road points over 101 km × 111 km: the map matcher's 50 m grid would list their segments in more than 16777216 cells"
        #expect(throws: GatewayError.badMap(path: path, reason: reason)) { try store.build(path) }
        #expect(throws: GatewayError.badMap(path: path, reason: reason)) { try store.load(path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["zigzag.osm"])
    }
}

@Suite("MapRouter: routes and rerouting on a loaded map")
struct MapRouterTests {
    let map = ASCIIMap(
        """
        a---b---c
            |
            d
        """, gridSize: 50)

    func router() throws -> MapRouter {
        let dir = try TemporaryDirectory(prefix: "router")
        defer { dir.remove() }
        let path = dir.file("town.osm")
        try Data(map.osmXML(ways: [("abc", ["highway": "residential", "name": "Main St"]), ("bd", ["highway": "residential", "name": "Side St"])]).utf8)
            .write(to: URL(fileURLWithPath: path))
        let router = MapRouter(map: try MapStore(userCacheDirectory: dir.file("cache")).load(path))
        #expect(router.planner.hierarchies.count == 1)
        return router
    }

    @Test("a reroute starts at the vehicle along its heading and ends at the remaining waypoint, with the old options")
    func reroute() async throws {
        let router = try router()
        let request = RerouteRequest(
            id: 7, reason: .offRoute, origin: map.coordinate(of: "a"), heading: 90, waypoints: [Waypoint(location: map.coordinate(of: "d"))],
            options: RouteOptions(language: "it"), time: nil)
        let route = try await router.route(for: request)
        #expect(route.legs[0].steps.map(\.maneuver.type) == [.depart, .turn, .arrive])
        #expect(route.legs[0].steps[1].maneuver.instruction == "Gira a destra in Side St")
        #expect(route.options.language == "it")
        #expect(abs(route.distance - 300) < 1)
    }

    @Test("waypoints carry the snapped street name and the snapping distance; bad options are RoutingErrors")
    func waypoints() throws {
        let router = try router()
        let routes = try router.routes([RouteWaypoint(map.coordinate(of: "a")), RouteWaypoint(map.coordinate(of: "d"))], options: RouteOptions())
        #expect(routes[0].waypoints.map(\.name) == ["Main St", "Side St"])
        #expect(routes[0].waypoints.allSatisfy { ($0.distance ?? 99) < 1 })
        #expect(throws: RoutingError.unknownAvoidOption("boats")) {
            try router.routes([RouteWaypoint(map.coordinate(of: "a")), RouteWaypoint(map.coordinate(of: "d"))], options: RouteOptions(avoid: ["boats"]))
        }
    }
}
