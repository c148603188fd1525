import Geodesy
import OSMImport
import RoadGraph
import Routing
import TestSupport
import Testing

@Suite("Car routes over access-opened tracks and per-direction speeds; waypoints snap onto such tracks")
struct CarTagRoutingTests {
    // From a to d: a straight track (100 m), or round by residential streets b and c (500 m).
    let map = ASCIIMap(
        """
        a----d
        |    |
        |    |
        |    |
        |    |
        |    |
        |    |
        |    |
        |    |
        |    |
        b----c
        """, gridSize: 20)

    func route(_ p: RoutePlanner, from: Coordinate, to: Coordinate) throws -> PlannedRoute {
        try #require(try p.plan(RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)])).first)
    }

    @Test("a track with access=permissive is driven at 10 km/h when that is faster; without it cars go round")
    func permissiveTrack() throws {
        let streets: [ASCIIMap.Way] = [("abcd", ["highway": "residential"])]
        let open = try planner(map, streets + [("ad", ["highway": "track", "access": "permissive"])])
        let viaTrack = try route(open, from: map.coordinate(of: "a"), to: map.coordinate(of: "d"))
        #expect(nodeLetters(viaTrack, open, map) == "ad")
        #expect(abs(viaTrack.duration - 100 / (10 / 3.6)) < 0.01)
        let closed = try planner(map, streets + [("ad", ["highway": "track"])])
        #expect(nodeLetters(try route(closed, from: map.coordinate(of: "a"), to: map.coordinate(of: "d")), closed, map) == "abcd")
    }

    @Test("a point on an access-opened track far from any street snaps onto the track, at 0 m")
    func snapsOntoTrack() throws {
        let far = ASCIIMap(
            """
            a-----b-----------------------------c
            """, gridSize: 20)
        let p = try planner(far, [("ab", ["highway": "residential"]), ("bc", ["highway": "track", "access": "permissive"])])
        let onTrack = far.coordinate(of: "c").destination(distance: 20, bearing: 270)
        let found = try route(p, from: far.coordinate(of: "a"), to: onTrack)
        #expect(try #require(found.waypoints.last).distance < 0.5)
        #expect(abs(found.distance - 700) < 0.5)
        let closed = try planner(far, [("ab", ["highway": "residential"]), ("bc", ["highway": "track"])])
        #expect(throws: RoutingError.self) { try closed.plan(RouteRequest(waypoints: [RouteWaypoint(far.coordinate(of: "a")), RouteWaypoint(onTrack)])) }
    }

    @Test("maxspeed:forward / maxspeed:backward give each direction of a street its own travel time")
    func directionalSpeeds() throws {
        let line = ASCIIMap("a----------b", gridSize: 20)
        let p = try planner(line, [("ab", ["highway": "primary", "maxspeed:forward": "50", "maxspeed:backward": "30"])])
        let there = try route(p, from: line.coordinate(of: "a"), to: line.coordinate(of: "b"))
        let back = try route(p, from: line.coordinate(of: "b"), to: line.coordinate(of: "a"))
        #expect(abs(there.duration - 220 / (40 / 3.6)) < 0.01)
        #expect(abs(back.duration - 220 / (24 / 3.6)) < 0.01)
    }
}
