import Geodesy
import OSMImport
import RoadGraph
import Routing
import Testing

/// Issue 11 item 4: map shapes that made import and the contraction hierarchy super-linear
/// (a way repeating its nodes, a thousand parallel ways between two nodes) import to a small
/// graph and still route correctly. The maps are generated here as small .osm XML texts.
@Suite("Hostile map shapes")
struct HostileMapTests {
    /// Nodes 1–4 on a line eastwards at 60° N (about 55 m apart), then `ways` and a way 2-3-4.
    static func osm(ways: [(id: Int, refs: [Int])], extraNodes: [(id: Int, lat: Double, lon: Double)] = []) -> [UInt8] {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n"
        for (id, lon) in [(1, 24.000), (2, 24.001), (3, 24.002), (4, 24.003)] {
            xml += "  <node id=\"\(id)\" lat=\"60.0\" lon=\"\(lon)\"/>\n"
        }
        for n in extraNodes { xml += "  <node id=\"\(n.id)\" lat=\"\(n.lat)\" lon=\"\(n.lon)\"/>\n" }
        for way in ways + [(id: 9_999_999, refs: [2, 3, 4])] {
            xml += "  <way id=\"\(way.id)\">\n"
            for r in way.refs { xml += "    <nd ref=\"\(r)\"/>\n" }
            xml += "    <tag k=\"highway\" v=\"residential\"/>\n  </way>\n"
        }
        return Array((xml + "</osm>\n").utf8)
    }

    /// The car route from node 1 to node 4, planned with the hierarchy.
    static func route(_ graph: RoadGraph) throws -> PlannedRoute {
        let plain = RoutePlanner(graph: graph)
        let planner = RoutePlanner(sharingTablesOf: plain, hierarchies: [plain.buildHierarchy(for: .car)])
        let request = RouteRequest(waypoints: [RouteWaypoint(Coordinate(latitude: 60, longitude: 24)),
                                               RouteWaypoint(Coordinate(latitude: 60, longitude: 24.003))])
        return try #require(try planner.plan(request).first)
    }

    @Test("a way that repeats nodes 1,2 a hundred (and 8,000) times imports as one road piece each way")
    func repeatedNodes() throws {
        for repeats in [100, 8_000] {
            let refs = Array(repeating: [1, 2], count: repeats).flatMap { $0 } + [2, 2]
            let result = try OSMImporter().importGraph(from: Self.osm(ways: [(1, refs)]))
            // 1→2, 2→1 from the pieces [1,2] and [2,1] of the way, plus 2→3→4 both ways.
            #expect(result.graph.edgeCount == 6, "\(repeats) repeats")
            #expect(result.statistics.duplicateEdgesDropped == 2 * (2 * repeats - 3))
            let route = try Self.route(result.graph)
            #expect(abs(route.distance - Coordinate(latitude: 60, longitude: 24).distance(to: Coordinate(latitude: 60, longitude: 24.003))) < 1)
        }
    }

    @Test("a thousand parallel ways between nodes 1 and 2 collapse to the fastest per direction")
    func parallelWays() throws {
        var ways: [(id: Int, refs: [Int])] = []
        var middles: [(id: Int, lat: Double, lon: Double)] = []
        for k in 0..<1_000 {
            // Each a little longer than the one before: way 100 (straight) is the fastest.
            let middle = 10_000 + k
            middles.append((middle, 60.0 + Double(k) * 0.000_001, 24.0005))
            ways.append((100 + k, [1, middle, 2]))
        }
        let result = try OSMImporter().importGraph(from: Self.osm(ways: ways, extraNodes: middles))
        let between = (0..<result.graph.edgeCount).map { result.graph[EdgeID(Int32($0))] }.filter { $0.wayID >= 100 && $0.wayID < 1_100 }
        #expect(between.count == 2)
        #expect(Set(between.map(\.wayID)) == [100])
        #expect(result.statistics.duplicateEdgesDropped == 1_998)
        let route = try Self.route(result.graph)
        #expect(route.edges.contains { result.graph[$0].wayID == 100 })
        #expect(abs(route.distance - 167) < 2, "\(route.distance)")
    }
}
