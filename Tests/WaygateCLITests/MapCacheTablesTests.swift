import Foundation
import Gateway
import Geodesy
import MapMatching
import Positioning
import RoadGraph
import Routing
import TestSupport
import Testing
import Timekeeping

/// The cache sections that spare a cached map any whole-graph work at start: the planner's tables
/// (an image of their own), the matcher's segment index, node bounds and restriction bits (in the
/// graph image), and the car hierarchy trusted by its cost model version.
@Suite("Map cache: stored planner tables and segment index answer as freshly built ones; damaged or missing ones are rebuilt", .serialized)
struct MapCacheTablesTests {
    static let helsinki = Fixtures.repositoryRoot.appendingPathComponent("traces/maps/helsinki.osm.pbf").path
    /// Where the header lists the images (offset, length; UInt64 each): graph, hierarchy, tables; then the header's CRC.
    static let imageTable = 40, headerCRC = 88

    /// A copy of the Helsinki extract in `dir`, and a store caching beside it.
    func helsinki(in dir: TemporaryDirectory) throws -> (map: String, store: MapStore) {
        let path = dir.file("helsinki.osm.pbf")
        try FileManager.default.copyItem(atPath: Self.helsinki, toPath: path)
        return (path, MapStore(userCacheDirectory: dir.file("user-cache")))
    }

    /// Route requests spread over the map's bounding box: plain car routes (hierarchy), with
    /// alternatives, avoiding motorways (A* on the stored tables), by bike and on foot.
    func requests(_ graph: RoadGraph) throws -> [RouteRequest] {
        let box = try #require(graph.boundingBox)
        func point(_ u: Double, _ v: Double) -> RouteWaypoint {
            RouteWaypoint(Coordinate(latitude: box.south + u * (box.north - box.south), longitude: box.west + v * (box.east - box.west)))
        }
        let pairs = [(point(0.3, 0.3), point(0.7, 0.7)), (point(0.2, 0.8), point(0.8, 0.2)), (point(0.5, 0.1), point(0.45, 0.9))]
        var requests: [RouteRequest] = []
        for (a, b) in pairs {
            requests.append(RouteRequest(waypoints: [a, b], profile: "car", alternatives: 2))
            requests.append(RouteRequest(waypoints: [a, b], profile: "car", avoid: [.motorway]))
            requests.append(RouteRequest(waypoints: [a, b], profile: "bike"))
            requests.append(RouteRequest(waypoints: [b, a], profile: "foot"))
        }
        return requests
    }

    /// What `planner` answers to each request (routes, or the error).
    func answers(_ planner: RoutePlanner, _ requests: [RouteRequest]) -> [Result<[PlannedRoute], RoutingError>] {
        requests.map { request in Result { () throws(RoutingError) in try planner.plan(request) } }
    }

    /// One fix per second along `path`'s geometry (every ~12 m), 4 m to the side, for the live matcher.
    func fixes(along path: RoadPath) -> [Fix] {
        var fixes: [Fix] = []
        let line = Polyline(path.geometry)
        var along: Meters = 0, second = 0.0
        while along <= line.length, let c = line.coordinate(atDistance: along) {
            var fix = Fix(time: Timestamp(secondsSince1970: 1_800_000_000 + second), mode: .twoD, coordinate: c.destination(distance: 4, bearing: 0))
            fix.horizontalAccuracy = 5
            fixes.append(fix)
            along += 12
            second += 1
        }
        return fixes
    }

    @Test("routes and live matches from the cached tables and segment index equal those of the freshly imported graph")
    func sameAnswers() throws {
        let dir = try TemporaryDirectory(prefix: "tables-same")
        defer { dir.remove() }
        let (map, store) = try helsinki(in: dir)
        let fresh = try store.load(map)
        #expect(fresh.origin == .imported)
        let cached = try store.load(map)
        #expect(cached.origin == .cache)
        #expect(cached.hierarchies.map(\.profile) == [.car])
        #expect(cached.graph.boundingBox.map { [$0.south, $0.west, $0.north, $0.east] } == fresh.graph.boundingBox.map { [$0.south, $0.west, $0.north, $0.east] })
        // A planner that computes its tables over the imported graph, and the cached one that reads them in place.
        let computed = RoutePlanner(graph: fresh.graph, hierarchies: fresh.hierarchies)
        let requests = try requests(fresh.graph)
        let expected = answers(computed, requests)
        #expect(expected.filter { (try? $0.get()) != nil }.count >= 8, "most requests find a route")
        #expect(answers(cached.planner, requests) == expected)
        let verified = try MapStore(userCacheDirectory: dir.file("u2")).load(map, verifyingCache: true)
        #expect(verified.origin == .cache)
        #expect(answers(verified.planner, requests) == expected)

        let drive = try #require(try expected[0].get().first?.legs.first)
        let trace = fixes(along: drive)
        #expect(trace.count > 50)
        var freshMatcher = OnlineMatcher(graph: fresh.graph), cachedMatcher = OnlineMatcher(graph: cached.graph)
        let freshMatches = trace.map { freshMatcher.match($0) }, cachedMatches = trace.map { cachedMatcher.match($0) }
        #expect(freshMatches.compactMap { $0 }.count == trace.count)
        #expect(cachedMatches == freshMatches)
        for fix in trace.prefix(20) {
            let c = try #require(fix.coordinate)
            #expect(cached.graph.nearestSegments(to: c, within: 60) { _ in true } == fresh.graph.nearestSegments(to: c, within: 60) { _ in true })
        }
    }

    /// The cache's header with the image table entry `n` (0 graph, 1 hierarchy, 2 tables) replaced and its CRC recomputed.
    func withImage(_ n: Int, offset: UInt64, length: UInt64, in cache: Data) -> Data {
        var bytes = [UInt8](cache)
        for (i, value) in [offset, length].enumerated() {
            for b in 0..<8 { bytes[Self.imageTable + 16 * n + 8 * i + b] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(b))) }
        }
        let crc = CRC32.checksum(bytes[0..<Self.headerCRC])
        for b in 0..<4 { bytes[Self.headerCRC + b] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(b))) }
        return Data(bytes)
    }

    /// UInt64 `n` of the header's image table.
    func word(_ cache: Data, _ n: Int) -> UInt64 {
        cache[(Self.imageTable + 8 * n)..<(Self.imageTable + 8 * n + 8)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    @Test("a cache whose tables image is missing, damaged, or for another graph is rebuilt, never trusted; the route stays the same")
    func damagedTables() throws {
        let dir = try TemporaryDirectory(prefix: "tables-damaged")
        defer { dir.remove() }
        let (map, store) = try helsinki(in: dir)
        let first = try store.load(map)
        let cache = try #require(first.cachePath)
        let good = try Data(contentsOf: URL(fileURLWithPath: cache))
        let request = RouteRequest(waypoints: [RouteWaypoint(Coordinate(latitude: 60.164199, longitude: 24.936660)), RouteWaypoint(Coordinate(latitude: 60.175082, longitude: 24.952825))])
        let expected = try first.planner.plan(request)
        let tablesStart = Int(word(good, 4)), tablesLength = Int(word(good, 5))
        #expect(tablesStart + tablesLength == good.count)

        var damaged: [(String, Data)] = [("no tables image", withImage(2, offset: 0, length: 0, in: good))]
        damaged.append(("tables image pointing at the graph's", withImage(2, offset: UInt64(Self.headerCRC + 8), length: UInt64(tablesLength), in: good)))
        var flipped = good
        flipped[tablesStart + 16 + 16 + 8] ^= 0x01  // the second section's value count: the table's CRC fails
        damaged.append(("a flipped byte in the tables' section table", flipped))
        for (what, bytes) in damaged {
            try bytes.write(to: URL(fileURLWithPath: cache), options: .atomic)
            let loaded = try store.load(map)
            #expect(loaded.origin == .imported, "\(what)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == good, "\(what)")
            #expect(try loaded.planner.plan(request) == expected, "\(what)")
        }
        // Damage inside the tables' contents is found when the cache is verified.
        var contents = good
        contents[good.count - 1] ^= 0x01
        try contents.write(to: URL(fileURLWithPath: cache), options: .atomic)
        #expect(try store.load(map, verifyingCache: true).origin == .imported)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == good)
    }

    @Test("a hierarchy recorded under another cost model version is not trusted: it is rebuilt and the cache rewritten")
    func otherCostModel() throws {
        let dir = try TemporaryDirectory(prefix: "tables-model")
        defer { dir.remove() }
        let (map, store) = try helsinki(in: dir)
        let first = try store.load(map)
        let cache = try #require(first.cachePath)
        let good = try Data(contentsOf: URL(fileURLWithPath: cache))
        // The hierarchy's parameters section (profile, edge count, fingerprint, cost model; UInt64) is its first.
        let hierarchyStart = Int(word(good, 2))
        let parameters = Int(good[(hierarchyStart + 16)..<(hierarchyStart + 24)].reversed().reduce(0) { $0 << 8 | UInt64($1) })
        var other = good
        other[hierarchyStart + parameters + 24] ^= 0x40
        try other.write(to: URL(fileURLWithPath: cache), options: .atomic)
        let rebuilt = try store.load(map)
        #expect(rebuilt.origin == .cache)
        #expect(rebuilt.hierarchies == first.hierarchies)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == good)
    }
}
