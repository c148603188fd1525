import Geodesy
import OSMImport
import RoadGraph
@testable import Routing
import TestSupport
import Testing

/// The hierarchy's answer and the A*'s for the same snaps: cost and edges, nil when either finds none.
func bothSearches(_ p: RoutePlanner, _ h: ContractionHierarchy, from s: EdgeSnap, to t: EdgeSnap) -> (ch: PathSearch.Result?, astar: PathSearch.Result?) {
    let costing = EdgeCosting(graph: p.graph, tables: p.tables, profile: h.profile, avoid: [])
    return (HierarchyQuery(hierarchy: h, costing: costing).run(from: [s], to: [t]), PathSearch(costing: costing).run(from: [s], to: [t]))
}

/// A snap at `fraction` along `edge` (only the edge and fraction matter to the searches).
func snap(_ p: RoutePlanner, _ edge: Int, _ fraction: Double) -> EdgeSnap {
    let id = EdgeID(Int32(edge))
    return EdgeSnap(edge: id, coordinate: p.graph.coordinate(of: p.graph[id].from), distance: 0, fraction: fraction, bearing: 0)
}

@Suite("ContractionHierarchy: same routes and costs as the A*, on ASCII maps")
struct ContractionHierarchyTests {
    let grid = ASCIIMap(
        """
        a-----b-----c-----i
        |     |     |     |
        d-----e-----f-----j
        |     |     |     |
        g-----h-----k-----l
        """, gridSize: 40)
    var gridWays: [ASCIIMap.Way] {
        [
            ("abci", ["highway": "primary"]), ("def", ["highway": "residential", "oneway": "yes"]), ("fj", ["highway": "residential"]),
            ("ghkl", ["highway": "secondary"]), ("adg", ["highway": "residential"]), ("beh", ["highway": "residential", "oneway": "-1"]),
            ("cfk", ["highway": "tertiary"]), ("ijl", ["highway": "residential"]),
        ]
    }
    var gridRestrictions: [ASCIIMap.Relation] {
        [
            ASCIIMap.restriction("no_left_turn", from: "abci", via: "c", to: "cfk"),
            ASCIIMap.restriction("only_straight_on", from: "ghkl", via: "h", to: "ghkl"),
        ]
    }

    /// Every pair of usable edges, at fractions 0, 0.3, 0.7 and 1 each: the hierarchy's cost equals
    /// the A*'s and its edges re-cost to that cost; returns the number of pairs compared.
    func compareAllPairs(_ p: RoutePlanner, _ h: ContractionHierarchy) -> Int {
        let costing = EdgeCosting(graph: p.graph, tables: p.tables, profile: h.profile, avoid: [])
        let recost = AlternativeFinder(costing: costing, maximumCount: 0)
        let usable = (0..<p.graph.edgeCount).filter { costing.isUsable($0) }
        var compared = 0
        for s in usable {
            for t in usable {
                for (a, b) in [(0.0, 1.0), (0.3, 0.7), (0.7, 0.3), (1.0, 0.0)] {
                    let (ch, astar) = bothSearches(p, h, from: snap(p, s, a), to: snap(p, t, b))
                    #expect((ch == nil) == (astar == nil), "reachability e\(s)@\(a) → e\(t)@\(b)")
                    guard let ch, let astar else { continue }
                    #expect(abs(ch.cost - astar.cost) < 1e-9, "cost e\(s)@\(a) → e\(t)@\(b): \(ch.cost) vs \(astar.cost)")
                    #expect(abs(recost.realCost(ch) - ch.cost) < 1e-9, "re-cost e\(s)@\(a) → e\(t)@\(b)")
                    #expect(ch.edges.first == EdgeID(Int32(s)) && ch.edges.last == EdgeID(Int32(t)))
                    compared += 1
                }
            }
        }
        return compared
    }

    @Test("a grid with oneways (yes and -1), no_left_turn and only_straight_on: every edge pair costs what the A* finds")
    func gridAllPairs() throws {
        let p = try planner(grid, gridWays, gridRestrictions)
        let h = p.buildHierarchy(for: .car)
        #expect(h.nodeCount == p.graph.edgeCount)
        #expect(compareAllPairs(p, h) > 1000)
    }

    @Test("turn restrictions: the hierarchy takes the same detours as the A*")
    func restrictions() throws {
        let fixture = TurnRestrictionTests()  // the same side-street map as the A*'s restriction tests
        let (map, ways) = (fixture.map, fixture.ways)
        for relation in [
            ASCIIMap.restriction("no_right_turn", from: "ab", via: "b", to: "bd"),
            ASCIIMap.restriction("only_straight_on", from: "ab", via: "b", to: "bc"),
        ] {
            let plain = try planner(map, ways, [relation])
            let fast = RoutePlanner(graph: plain.graph, hierarchies: [plain.buildHierarchy(for: .car)])
            #expect(fast.hierarchies.count == 1)
            let request = RouteRequest(waypoints: [RouteWaypoint(map.coordinate(of: "a")), RouteWaypoint(map.coordinate(of: "d"))])
            let ch = try #require(try fast.plan(request).first), astar = try #require(try plain.plan(request).first)
            #expect(nodeLetters(ch, fast, map) == "abced")
            #expect(ch.edges == astar.edges)
            #expect(abs(ch.duration - astar.duration) < 1e-9)
            #expect(abs(try fast.bestWeight(request) - (try plain.bestWeight(request))) < 1e-9)
            #expect(try fast.bestWeight(request) >= ch.duration - 1e-9)  // weight = duration ÷ a preference of at most 100 %
            #expect(compareAllPairs(plain, fast.hierarchies[0]) > 0)
        }
    }

    @Test("a dead end: the hierarchy turns round there (20 s U-turn) like the A*, and never mid-street")
    func deadEndUTurn() throws {
        let map = ASCIIMap("a----1----b----c", gridSize: 10)
        let plain = try planner(map, [("abc", ["highway": "residential"])])
        let fast = RoutePlanner(graph: plain.graph, hierarchies: [plain.buildHierarchy(for: .car)])
        let start = map.coordinate(of: "1")
        let request = RouteRequest(waypoints: [RouteWaypoint(start, heading: 270), RouteWaypoint(map.coordinate(of: "c"))])
        let ch = try #require(try fast.plan(request).first), astar = try #require(try plain.plan(request).first)
        #expect(abs(ch.distance - 200) < 0.5)
        #expect(ch.edges == astar.edges)
        #expect(abs(ch.duration - astar.duration) < 1e-9)
        #expect(ch.legs[0].intersections.contains { $0.turnDuration >= EdgeCosting.uTurnPenalty })
        #expect(compareAllPairs(plain, fast.hierarchies[0]) > 0)
    }

    @Test("source and target on one edge: ahead is direct, behind loops round the block, both as the A*")
    func sameEdge() throws {
        let square = ASCIIMap(
            """
            a-----b
            |     |
            c-----d
            """, gridSize: 20)
        let plain = try planner(square, [("ab", ["highway": "residential", "oneway": "yes"]), ("bdca", ["highway": "residential", "oneway": "yes"])])
        let h = plain.buildHierarchy(for: .car)
        let ab = try #require((0..<plain.graph.edgeCount).first { plain.graph.coordinate(of: plain.graph.edges[$0].from).distance(to: square.coordinate(of: "a")) < 0.5 })
        let (ahead, aheadAStar) = bothSearches(plain, h, from: snap(plain, ab, 0.2), to: snap(plain, ab, 0.8))
        #expect(ahead?.edges == [EdgeID(Int32(ab))])
        #expect(abs((ahead?.cost ?? 0) - (aheadAStar?.cost ?? 1)) < 1e-9)
        let (behind, behindAStar) = bothSearches(plain, h, from: snap(plain, ab, 0.8), to: snap(plain, ab, 0.2))
        #expect(behind?.edges.count == 3)  // ab, bdca (c and d are shape points), ab
        #expect(behind?.edges == behindAStar?.edges)
        #expect(abs((behind?.cost ?? 0) - (behindAStar?.cost ?? 1)) < 1e-9)
    }

    @Test("alternatives still come from the penalty method, the best route from the hierarchy")
    func alternatives() throws {
        let plain = try planner(grid, gridWays)
        let fast = RoutePlanner(graph: plain.graph, hierarchies: [plain.buildHierarchy(for: .car)])
        let request = RouteRequest(
            waypoints: [RouteWaypoint(grid.coordinate(of: "a")), RouteWaypoint(grid.coordinate(of: "l"))], alternatives: 2)
        let ch = try fast.plan(request), astar = try plain.plan(request)
        #expect(ch.count == astar.count)
        #expect(ch.count >= 2)
        #expect(abs(ch[0].duration - astar[0].duration) < 1e-9)
    }

    @Test("a hierarchy of another graph or cost model is ignored; other profiles get their own")
    func applicability() throws {
        let plain = try planner(grid, gridWays)
        let faster = try planner(grid, gridWays.map { ($0.nodes, $0.nodes == "cfk" ? ["highway": "primary"] : $0.tags) })
        #expect(faster.graph.edgeCount == plain.graph.edgeCount)
        #expect(!plain.isCurrent(faster.buildHierarchy(for: .car)))
        #expect(RoutePlanner(graph: plain.graph, hierarchies: [faster.buildHierarchy(for: .car)]).hierarchies.isEmpty)
        let smaller = try planner(grid, Array(gridWays.dropLast()))
        #expect(!plain.isCurrent(smaller.buildHierarchy(for: .car)))
        let bike = plain.buildHierarchy(for: .bike)
        #expect(plain.isCurrent(bike))
        let fast = RoutePlanner(graph: plain.graph, hierarchies: [bike])
        let request = RouteRequest(
            waypoints: [RouteWaypoint(grid.coordinate(of: "a")), RouteWaypoint(grid.coordinate(of: "l"))], profile: "bike")
        #expect(try fast.plan(request).first?.edges == (try plain.plan(request).first?.edges))
    }
}
