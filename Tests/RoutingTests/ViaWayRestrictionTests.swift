import Geodesy
import OSMImport
import RoadGraph
@testable import Routing
import TestSupport
import Testing

@Suite("Via-way turn restrictions: the chain of edges is forbidden (no_*) or the only way on (only_*), with the hierarchy and the A*")
struct ViaWayRestrictionTests {
    let map = ASCIIMap(
        """
        a---b---c
            |
        h---d---e
            |   |
            f---g
        """, gridSize: 30)
    let ways: [ASCIIMap.Way] = [
        ("abc", ["highway": "primary"]), ("bd", ["highway": "residential"]), ("hd", ["highway": "residential"]),
        ("de", ["highway": "residential"]), ("df", ["highway": "residential"]), ("fg", ["highway": "residential"]),
        ("eg", ["highway": "residential"]),
    ]
    let noLeft: ASCIIMap.Relation = ([.way("abc", role: "from"), .way("bd", role: "via"), .way("de", role: "to")], ["type": "restriction", "restriction": "no_left_turn"])
    let onlyStraight: ASCIIMap.Relation = ([.way("abc", role: "from"), .way("bd", role: "via"), .way("df", role: "to")], ["type": "restriction", "restriction": "only_straight_on"])

    /// The drawn nodes of the car route `from` → `to` planned by the A* and, built for the same graph, by the hierarchy; both must agree.
    func route(_ relations: [ASCIIMap.Relation], _ from: Character, _ to: Character) throws -> String {
        let astar = try planner(map, ways, relations)
        let ch = RoutePlanner(sharingTablesOf: astar, hierarchies: [astar.buildHierarchy(for: .car)])
        let request = RouteRequest(waypoints: [RouteWaypoint(map.coordinate(of: from)), RouteWaypoint(map.coordinate(of: to))], profile: "car")
        let byAStar = nodeLetters(try #require(try astar.plan(request).first), astar, map)
        let byHierarchy = nodeLetters(try #require(try ch.plan(request).first), ch, map)
        #expect(byAStar == byHierarchy, "A* \(byAStar), hierarchy \(byHierarchy)")
        return byHierarchy
    }

    @Test("without restrictions a→e turns left off the via way at d")
    func free() throws {
        #expect(try route([], "a", "e") == "abde")
        #expect(try route([], "a", "h") == "abdh")
    }

    @Test("no_left_turn from abc via bd to de: a→e and c→e go round by f and g; a→f, h→e and b→e stay direct")
    func prohibitive() throws {
        #expect(try route([noLeft], "a", "e") == "abdfge")
        #expect(try route([noLeft], "c", "e") == "cbdfge")
        #expect(try route([noLeft], "a", "f") == "abdf")
        #expect(try route([noLeft], "h", "e") == "hde")
    }

    @Test("only_straight_on from abc via bd to df: a→e and even a→h must go on to f, and back through d")
    func mandatory() throws {
        #expect(try route([onlyStraight], "a", "e") == "abdfge")
        #expect(try route([onlyStraight], "a", "h") == "abdfgedh")
        #expect(try route([onlyStraight], "h", "e") == "hde")
    }

    @Test("with via-way restrictions the hierarchy costs every edge pair as the A* does; its nodes are the edges and one copy per via edge")
    func allPairs() throws {
        for relations in [[noLeft], [onlyStraight], [noLeft, onlyStraight]] {
            let p = try planner(map, ways, relations)
            let h = p.buildHierarchy(for: .car)
            #expect(h.nodeCount == p.graph.edgeCount + 2)  // bd entered from a→b and from c→b
            #expect(ContractionHierarchyTests().compareAllPairs(p, h) > 100)
        }
    }

    @Test("a restriction whose via ways do not meet its from and to ways is counted as unresolved, not applied")
    func unresolved() throws {
        let broken: ASCIIMap.Relation = ([.way("hd", role: "from"), .way("fg", role: "via"), .way("abc", role: "to")], ["type": "restriction", "restriction": "no_right_turn"])
        let result = try OSMImporter().importGraph(from: Array(map.osmXML(ways: ways, relations: [broken]).utf8))
        #expect(result.statistics.unresolvedRestrictions == 1)
        #expect(result.graph.viaWayRestrictions.isEmpty)
    }

    @Test("via-way restrictions survive the graph image")
    func serialization() throws {
        let graph = try OSMImporter().importGraph(from: Array(map.osmXML(ways: ways, relations: [noLeft, onlyStraight]).utf8)).graph
        let loaded = try RoadGraph(serialized: graph.serialized())
        #expect(loaded.viaWayRestrictions == graph.viaWayRestrictions)
        #expect(loaded.viaWayRestrictions.map(\.kind) == [.prohibitive, .prohibitive, .mandatory, .mandatory])  // from a→b and from c→b each
    }
}
