import Geodesy
import OSMImport
import RoadGraph
import Routing
import TestSupport
import Testing

@Suite("Turn restrictions: no_* forbids one turn, only_* all but one, except lifts them")
struct TurnRestrictionTests {
    let map = ASCIIMap(
        """
        a-----b-----c
              |     |
              d-----e
        """, gridSize: 20)
    let ways: [ASCIIMap.Way] = [
        ("ab", ["highway": "primary"]), ("bc", ["highway": "primary"]), ("bd", ["highway": "residential"]),
        ("de", ["highway": "residential"]), ("ce", ["highway": "residential"]),
    ]

    func route(_ relations: [ASCIIMap.Relation], profile: String = "car") throws -> String {
        let p = try planner(map, ways, relations)
        let request = RouteRequest(
            waypoints: [RouteWaypoint(map.coordinate(of: "a")), RouteWaypoint(map.coordinate(of: "d"))], profile: profile)
        return nodeLetters(try #require(try p.plan(request).first), p, map)
    }

    @Test("without restrictions a→d turns right at b")
    func free() throws {
        #expect(try route([]) == "abd")
    }

    @Test("no_right_turn at b sends cars round by c and e")
    func prohibitive() throws {
        #expect(try route([ASCIIMap.restriction("no_right_turn", from: "ab", via: "b", to: "bd")]) == "abced")
    }

    @Test("only_straight_on at b sends cars round by c and e")
    func mandatory() throws {
        #expect(try route([ASCIIMap.restriction("only_straight_on", from: "ab", via: "b", to: "bc")]) == "abced")
    }

    @Test("except=bicycle lets bikes turn; walkers ignore restrictions")
    func exceptions() throws {
        let restriction = ASCIIMap.restriction("no_right_turn", from: "ab", via: "b", to: "bd", extraTags: ["except": "bicycle"])
        #expect(try route([restriction], profile: "bike") == "abd")
        #expect(try route([restriction], profile: "car") == "abced")
        #expect(try route([ASCIIMap.restriction("no_right_turn", from: "ab", via: "b", to: "bd")], profile: "foot") == "abd")
    }
}
