import Geodesy
import OSMImport
import RoadGraph
@testable import Routing
import TestSupport
import Testing

/// A planner over an ASCII map's graph.
func planner(_ map: ASCIIMap, _ ways: [ASCIIMap.Way], _ relations: [ASCIIMap.Relation] = []) throws -> RoutePlanner {
    RoutePlanner(graph: try OSMImporter().importGraph(from: Array(map.osmXML(ways: ways, relations: relations).utf8)).graph)
}

/// The letters of the drawn nodes a route's geometry passes, in order (shape points included).
func nodeLetters(_ route: PlannedRoute, _ planner: RoutePlanner, _ map: ASCIIMap) -> String {
    var letters = ""
    for point in route.legs.flatMap(\.geometry) {
        if let l = map.nodes.first(where: { $0.value.distance(to: point) < 0.5 })?.key, letters.last != l { letters.append(l) }
    }
    return letters
}

@Suite("RoutePlanner on ASCII maps: oneways, access, roundabouts, headings, legs, errors")
struct RoutePlannerTests {
    func plan(
        _ p: RoutePlanner, _ map: ASCIIMap, _ from: Character, _ to: Character, profile: String = "car", avoid: Set<AvoidOption> = []
    ) throws -> PlannedRoute {
        let request = RouteRequest(
            waypoints: [RouteWaypoint(map.coordinate(of: from)), RouteWaypoint(map.coordinate(of: to))], profile: profile, avoid: avoid)
        return try #require(try p.plan(request).first)
    }

    let square = ASCIIMap(
        """
        a-----b
        |     |
        c-----d
        """, gridSize: 20)

    @Test("cars go round a one-way street; walkers take it against the flow")
    func oneway() throws {
        let p = try planner(square, [("ab", ["highway": "residential", "oneway": "yes"]), ("bdca", ["highway": "residential"])])
        #expect(nodeLetters(try plan(p, square, "a", "b"), p, square) == "ab")
        let car = try plan(p, square, "b", "a")
        #expect(nodeLetters(car, p, square) == "bdca")
        #expect(abs(car.distance - 200) < 0.5)
        #expect(nodeLetters(try plan(p, square, "b", "a", profile: "foot"), p, square) == "ba")
    }

    @Test("a waypoint given twice on a node is a leg of 0 m there, not a drive round the block, with alternatives too")
    func sameWaypointTwice() throws {
        let p = try planner(square, [("ab", ["highway": "residential", "oneway": "yes"]), ("bdca", ["highway": "residential"])])
        for node: Character in ["a", "b", "d"] {
            let here = RouteWaypoint(square.coordinate(of: node))
            for alternatives in [0, 1] {
                let routes = try p.plan(RouteRequest(waypoints: [here, here], profile: "car", alternatives: alternatives))
                #expect(routes.count == 1 && routes[0].distance == 0, "\(node), alternatives \(alternatives)")
            }
            let via = try p.plan(RouteRequest(waypoints: [here, here, RouteWaypoint(square.coordinate(of: "c"))], profile: "car"))[0]
            #expect(via.legs.count == 2 && via.legs[0].distance == 0 && via.legs[1].distance > 0, "\(node)")
        }
    }

    @Test("oneway:bicycle=no lets bikes ride against a one-way street that cars must go round")
    func contraflow() throws {
        let p = try planner(
            square, [("ab", ["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"]), ("bdca", ["highway": "residential"])])
        #expect(nodeLetters(try plan(p, square, "b", "a", profile: "bike"), p, square) == "ba")
        #expect(nodeLetters(try plan(p, square, "b", "a"), p, square) == "bdca")
    }

    @Test("a footway shortcut is for walkers and bikes only")
    func footway() throws {
        let p = try planner(square, [("ab", ["highway": "footway"]), ("bdca", ["highway": "residential"])])
        #expect(nodeLetters(try plan(p, square, "a", "b", profile: "foot"), p, square) == "ab")
        #expect(nodeLetters(try plan(p, square, "a", "b"), p, square) == "acdb")
    }

    @Test("avoid=toll, motorway and ferry each take the slower road round", arguments: [
        (["highway": "primary", "toll": "yes"], AvoidOption.toll),
        (["highway": "motorway", "oneway": "no"], .motorway),
        (["route": "ferry", "duration": "00:00:05"], .ferry),
    ])
    func avoid(tags: [String: String], option: AvoidOption) throws {
        let p = try planner(square, [("ab", tags), ("acdb", ["highway": "residential"])])
        #expect(nodeLetters(try plan(p, square, "a", "b"), p, square) == "ab")
        let round = try plan(p, square, "a", "b", avoid: [option])
        #expect(nodeLetters(round, p, square) == "acdb")
        #expect(round.legs[0].segments.allSatisfy { $0.roadClass == .residential })
    }

    @Test("traffic goes round a roundabout anticlockwise: e→w passes a, w→e passes c")
    func roundabout() throws {
        let map = ASCIIMap(
            """
                a
              /   \\
            w-b     d-e
              \\   /
                c
            """, gridSize: 10)
        let p = try planner(
            map,
            [
                ("abcda", ["highway": "tertiary", "junction": "roundabout"]), ("wb", ["highway": "tertiary"]),
                ("de", ["highway": "tertiary"]),
            ])
        let westbound = try plan(p, map, "e", "w")
        #expect(nodeLetters(westbound, p, map) == "edabw")
        #expect(westbound.legs[0].segments.map { $0.flags.contains(.roundabout) } == [false, true, true, false])
        let eastbound = try plan(p, map, "w", "e")
        #expect(nodeLetters(eastbound, p, map) == "wbcde")
        #expect(eastbound.legs[0].segments.map { $0.flags.contains(.roundabout) } == [false, true, false])  // c is a shape point
    }

    @Test("a heading at the start picks the road direction: heading west on a two-way street turns at the dead end")
    func heading() throws {
        let map = ASCIIMap("a----1----b----c", gridSize: 10)
        let p = try planner(map, [("abc", ["highway": "residential"])])
        let start = map.coordinate(of: "1")
        let east = try #require(try p.plan(RouteRequest(waypoints: [RouteWaypoint(start, heading: 90), RouteWaypoint(map.coordinate(of: "c"))])).first)
        #expect(abs(east.distance - 100) < 0.5)
        let west = try #require(try p.plan(RouteRequest(waypoints: [RouteWaypoint(start, heading: 270), RouteWaypoint(map.coordinate(of: "c"))])).first)
        #expect(abs(west.distance - 200) < 0.5)  // 50 m west to the dead end a, then 150 m back east
        #expect(abs(west.legs[0].departureBearing - 270) < 1)
    }

    @Test("via points split the route into legs that meet at the snapped via")
    func legs() throws {
        let p = try planner(square, [("abdca", ["highway": "residential"])])
        let request = RouteRequest(waypoints: [square.coordinate(of: "a"), square.coordinate(of: "d"), square.coordinate(of: "c")].map { RouteWaypoint($0) })
        let route = try #require(try p.plan(request).first)
        #expect(route.legs.count == 2)
        #expect(route.waypoints.count == 3)
        #expect(route.legs[0].end == route.legs[1].start)
        #expect(route.legs[0].end.map { $0.distance(to: square.coordinate(of: "d")) < 0.01 } == true)
        #expect(abs(route.distance - 280) < 0.5)  // a–b–d (160 m) or a–c–d (160 m), then d–c (120 m)
        #expect(abs(route.duration - route.legs.reduce(0) { $0 + $1.duration }) < 1e-9)
    }

    @Test("bad requests give one clear error each")
    func errors() throws {
        let map = ASCIIMap(
            """
            a-----b

            c-----d
            """, gridSize: 200)  // two islands 400 m apart, beyond the 300 m snapping radius
        let p = try planner(map, [("ab", ["highway": "residential"]), ("cd", ["highway": "residential"])])
        let a = RouteWaypoint(map.coordinate(of: "a")), d = RouteWaypoint(map.coordinate(of: "d"))
        #expect(throws: RoutingError.unknownProfile("horse")) { try p.plan(RouteRequest(waypoints: [a, d], profile: "horse")) }
        #expect(throws: RoutingError.noRoute(from: a.coordinate, to: d.coordinate)) { try p.plan(RouteRequest(waypoints: [a, d])) }
        let sea = RouteWaypoint(a.coordinate.destination(distance: 5_000, bearing: 180))
        #expect(throws: RoutingError.pointOffNetwork(sea.coordinate)) { try p.plan(RouteRequest(waypoints: [a, sea])) }
        #expect(throws: RoutingError.tooFewWaypoints(1)) { try p.plan(RouteRequest(waypoints: [a])) }
        #expect(throws: RoutingError.unknownAvoidOption("tolls")) { try AvoidOption.named("tolls") }
        #expect("\(RoutingError.unknownProfile("horse"))" == "unknown profile 'horse' (expected car, bike or foot)")
    }

    /// A one-way stub x→a into a small block a–c–f–d.
    static let stubMap = ASCIIMap(
        """
        x
         \\
          a---b---c
          |       |
          d---e---f
        """, gridSize: 30)
    static let stubWays: [ASCIIMap.Way] = [
        ("xa", ["highway": "residential", "oneway": "yes"]), ("abc", ["highway": "primary"]), ("ad", ["highway": "residential"]),
        ("def", ["highway": "residential"]), ("cf", ["highway": "residential"]),
    ]

    @Test("a waypoint nearest a one-way stub off a big component is snapped into it, as OSRM chooses; waypoints all on the stub stay on it")
    func smallComponents() throws {
        let map = Self.stubMap
        // The block counts as big from one road between junctions: the stub has none.
        let p = RoutePlanner(
            graph: try OSMImporter().importGraph(from: Array(map.osmXML(ways: Self.stubWays, relations: []).utf8)).graph, bigComponentSize: 1)
        #expect(p.tables.bigComponentCounts[TravelProfile.car.index] == 1)
        // x's nearest road is the stub x→a, which no route can enter: OSRM leaves from the main network.
        let fromStub = try plan(p, map, "x", "f")
        #expect(!nodeLetters(fromStub, p, map).hasPrefix("x"))
        #expect(try #require(fromStub.waypoints.first).coordinate.distance(to: map.coordinate(of: "a")) < 1)
        // Both ends on the stub: the route runs along it.
        let middle = map.coordinate(of: "x").destination(distance: 20, bearing: map.coordinate(of: "x").bearing(to: map.coordinate(of: "a")))
        let along = try #require(try p.plan(RouteRequest(waypoints: [RouteWaypoint(map.coordinate(of: "x")), RouteWaypoint(middle)])).first)
        #expect(abs(along.legs.reduce(0) { $0 + $1.distance } - 20) < 0.5)
    }

    @Test("on a map without a big component (a city centre cut out of its surroundings) a waypoint snaps to its nearest road, as OSRM does")
    func noBigComponent() throws {
        let map = Self.stubMap
        // Under OSRM's 1,000 roads between junctions nothing here is big.
        let p = try planner(map, Self.stubWays)
        #expect(p.tables.bigComponentCounts[TravelProfile.car.index] == 0)
        let fromStub = try plan(p, map, "x", "f")
        #expect(nodeLetters(fromStub, p, map).hasPrefix("xa"))
        #expect(try #require(fromStub.waypoints.first).distance < 1)
    }

    @Test("a waypoint snaps to the one nearest road, as OSRM does, even when one 0.1 m farther would give a shorter route")
    func nearestRoadOnly() throws {
        let map = ASCIIMap(
            """
            a---------b
            |         |
            c---------d
            """, gridSize: 20)
        let p = try planner(
            map, [("ba", ["highway": "residential", "oneway": "yes"]), ("ac", ["highway": "residential"]), ("cd", ["highway": "residential"]),
                  ("bd", ["highway": "residential"])])
        let (a, b) = (map.coordinate(of: "a"), map.coordinate(of: "b"))
        let middle = Coordinate(latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2)
        // 19.9 m south of the one-way b→a, 20.1 m north of c–d: it starts westward on b→a.
        let start = middle.destination(distance: 19.9, bearing: 180)
        let route = try #require(try p.plan(RouteRequest(waypoints: [RouteWaypoint(start), RouteWaypoint(map.coordinate(of: "d"))])).first)
        #expect(nodeLetters(route, p, map) == "acd")
    }
}
