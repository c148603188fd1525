import Geodesy
import OSMImport
import RoadGraph
@testable import Routing
import TestSupport
import Testing

@Suite("Route choice weighs roads and turns like OSRM's car profile; durations stay true travel times")
struct RoutabilityTests {
    func route(_ p: RoutePlanner, _ map: ASCIIMap, _ from: Character, _ to: Character) throws -> PlannedRoute {
        let request = RouteRequest(waypoints: [RouteWaypoint(map.coordinate(of: from)), RouteWaypoint(map.coordinate(of: to))])
        return try #require(try p.plan(request).first)
    }

    // Two ways from a to d: straight along a narrow lane, or round by a wider street 20 % longer.
    let detour = ASCIIMap(
        """
        a---------d
        |         |
        b---------c
        """, gridSize: 20)

    @Test("a narrow lane (width 2.5 m) is avoided for a slightly longer street; its duration is what it takes")
    func narrowLaneAvoided() throws {
        let p = try planner(detour, [("ad", ["highway": "residential", "width": "2.5"]), ("abcd", ["highway": "residential"])])
        let route = try route(p, detour, "a", "d")
        #expect(nodeLetters(route, p, detour) == "abcd")
        // 40 + 200 + 40 m at 25 km/h plus two right-angle turns at nodes of degree 2 (free).
        #expect(abs(route.duration - 280 / (25 / 3.6)) < 0.01)
    }

    @Test("a destination-only street is not driven through, only into")
    func noThroughTraffic() throws {
        let map = ASCIIMap(
            """
            w-a---------d-e
              |         |
              b---------c
            """, gridSize: 20)
        let p = try planner(
            map,
            [
                ("wa", ["highway": "residential"]), ("de", ["highway": "residential"]),
                ("ad", ["highway": "residential", "motor_vehicle": "destination"]), ("abcd", ["highway": "residential"]),
            ])
        #expect(nodeLetters(try route(p, map, "w", "e"), p, map) == "wabcde")
        let into = RouteRequest(waypoints: [RouteWaypoint(map.coordinate(of: "w")), RouteWaypoint(map.coordinate(of: "a").destination(distance: 80, bearing: 90))])
        let routes = try p.plan(into)
        #expect(routes.count == 1)
        #expect(abs(routes[0].distance - 120) < 0.5)
    }

    // A plus-shaped junction x with arms to the north (n), east (e), south (s) and west (w).
    let plus = ASCIIMap(
        """
            n
            |
        w---x---e
            |
            s
        """, gridSize: 20)

    @Test("a left turn costs more than a right turn: the sigmoid leans right and crossing oncoming traffic adds up to 2 s")
    func leftCostsMore() throws {
        let p = try planner(plus, [("sxn", ["highway": "residential"]), ("wxe", ["highway": "residential"])])
        let left = try route(p, plus, "s", "w"), right = try route(p, plus, "s", "e")
        let leftTurn = left.duration - left.distance / (25 / 3.6), rightTurn = right.duration - right.distance / (25 / 3.6)
        // OSRM car: 7.5 / (1 + e^-(13·1.075·90/180 − 6.5/1.075)) + 2 / (1 + e^-(13·90/180 − 3.25)) for the left turn.
        #expect(abs(leftTurn - (5.3946 + 1.9254)) < 0.05)
        #expect(abs(rightTurn - 2.1054) < 0.05)
    }

    @Test("a bike's turn costs the squared angle (bicycle.lua): 6 / 1.4 s for a right angle to the right, 6 × 1.4 s to the left; where only two roads meet too, unless they are alike (OSRM compresses the node: no turn)")
    func bikeTurns() throws {
        func turn(_ ways: [ASCIIMap.Way], _ from: Character, _ to: Character) throws -> Double {
            let p = try planner(plus, ways)
            let request = RouteRequest(waypoints: [RouteWaypoint(plus.coordinate(of: from)), RouteWaypoint(plus.coordinate(of: to))], profile: "bike")
            let route = try #require(try p.plan(request).first)
            return route.duration - route.distance / (15 / 3.6)
        }
        let cross: [ASCIIMap.Way] = [("sxn", ["highway": "residential"]), ("wxe", ["highway": "residential"])]
        #expect(abs(try turn(cross, "s", "e") - 6 / 1.4) < 0.05)
        #expect(abs(try turn(cross, "s", "w") - 6 * 1.4) < 0.05)
        #expect(abs(try turn(cross, "s", "n")) < 0.05)
        // Two roads meeting: a node (and a turn) for OSRM only where they differ, here by name;
        // two alike ways meeting end to end are one road to OSRM's compressor, bends cost nothing.
        let renamed: [ASCIIMap.Way] = [("sx", ["highway": "residential", "name": "Mikonkatu"]), ("xe", ["highway": "residential"])]
        #expect(abs(try turn(renamed, "s", "e") - 6 / 1.4) < 0.05)
        #expect(abs(try turn([("sx", ["highway": "residential"]), ("xe", ["highway": "residential"])], "s", "e")) < 0.05)
        #expect(TravelProfile.bikeAngleCost(180) + EdgeCosting.uTurnPenalty == 4 * 6 / 1.4 + 20)
        #expect(EdgeCosting.footUTurnPenalty == 2)
    }

    @Test("a bollard closes the street to cars, who go round; a lowered kerb or a toll booth does not; walkers pass")
    func barriers() throws {
        let map = ASCIIMap(
            """
            a----b----c
            |         |
            d---------e
            """, gridSize: 20)
        let ways: [ASCIIMap.Way] = [("abc", ["highway": "residential"]), ("adec", ["highway": "residential"])]
        func planner(_ tags: [String: String]) throws -> RoutePlanner {
            let xml = map.osmXML(ways: ways, nodeTags: ["b": tags])
            return RoutePlanner(graph: try OSMImporter().importGraph(from: Array(xml.utf8)).graph)
        }
        let bollard = try planner(["barrier": "bollard"])
        #expect(nodeLetters(try route(bollard, map, "a", "c"), bollard, map) == "adec")
        let walk = RouteRequest(waypoints: [RouteWaypoint(map.coordinate(of: "a")), RouteWaypoint(map.coordinate(of: "c"))], profile: "foot")
        #expect(nodeLetters(try #require(try bollard.plan(walk).first), bollard, map) == "abc")
        for open in [["barrier": "kerb", "kerb": "lowered"], ["barrier": "toll_booth"], ["barrier": "bollard", "bollard": "rising"]] {
            let p = try planner(open)
            #expect(nodeLetters(try route(p, map, "a", "c"), p, map) == "abc")
        }
        let closed = try planner(["motor_vehicle": "no"])
        #expect(nodeLetters(try route(closed, map, "a", "c"), closed, map) == "adec")
    }

    @Test("a car may drive up to a bollard and turn back")
    func turnBackAtBarrier() throws {
        let map = ASCIIMap(
            """
            a----b----c
            """, gridSize: 20)
        let xml = map.osmXML(ways: [("abc", ["highway": "residential"])], nodeTags: ["b": ["barrier": "block"]])
        let p = RoutePlanner(graph: try OSMImporter().importGraph(from: Array(xml.utf8)).graph)
        #expect(throws: RoutingError.self) { try p.plan(RouteRequest(waypoints: [RouteWaypoint(map.coordinate(of: "a")), RouteWaypoint(map.coordinate(of: "c"))])) }
        let back = RouteRequest(
            waypoints: [RouteWaypoint(map.coordinate(of: "a").destination(distance: 40, bearing: 90), heading: 90), RouteWaypoint(map.coordinate(of: "a"))])
        let route = try #require(try p.plan(back).first)
        #expect(abs(route.distance - 160) < 0.5)
    }
}
