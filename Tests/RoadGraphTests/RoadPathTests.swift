import Geodesy
import OSMImport
import RoadGraph
import TestSupport
import Testing

@Suite("RoadPath: geometry, per-edge attributes and intersections for guidance")
struct RoadPathTests {
    let map = ASCIIMap(
        """
              e
              |
        a-----b-----c
              |
              d
        """, gridSize: 10)

    func graph() throws -> RoadGraph {
        try importGraph(
            map,
            [
                ("abc", ["highway": "primary", "name": "Main", "ref": "50", "maxspeed": "50"]),
                ("db", ["highway": "residential", "name": "Side", "oneway": "yes"]),
                ("be", ["highway": "residential", "name": "Up"]),
            ])
    }

    func edge(_ g: RoadGraph, _ from: Character, _ to: Character) throws -> EdgeID {
        let f = map.coordinate(of: from), t = map.coordinate(of: to)
        return EdgeID(Int32(try #require(g.edges.firstIndex { g.nodes[$0.from.index] == f && g.nodes[$0.to.index] == t })))
    }

    @Test("a path from the middle of a–b to the middle of b–e: geometry, distances and a left turn")
    func leftTurn() throws {
        let g = try graph()
        let path = try #require(
            g.path(edges: [try edge(g, "a", "b"), try edge(g, "b", "e")], startFraction: 0.5, endFraction: 0.5, profile: .car))
        #expect(path.geometry.count == 3)
        #expect(abs(path.distance - 40) < 0.1)  // half of a–b (60 m) and half of b–e (20 m)
        #expect(path.segments.map(\.name) == ["Main", "Up"])
        #expect(path.segments[0].ref == "50")
        #expect(path.segments[0].speedLimit == .kilometersPerHour(50))
        #expect(path.segments[0].geometryRange == 0...1)
        #expect(path.segments[1].geometryRange == 1...2)
        #expect(abs(path.segments[0].duration - Double(g[try edge(g, "a", "b")].durations.car) / 2) < 1e-6)
        #expect(abs(path.departureBearing - 90) < 0.1 && abs(path.arrivalBearing) < 0.1)
        let turn = try #require(path.intersections.first)
        #expect(path.intersections.count == 1)
        #expect(turn.location == map.coordinate(of: "b"))
        #expect(turn.geometryIndex == 1)
        #expect(abs(turn.turnAngle + 90) < 0.1)
        #expect(turn.roads.count == 4)
        let roads = Dictionary(uniqueKeysWithValues: turn.roads.map { (Int($0.bearing.rounded()) % 360, $0) })
        #expect(roads[0]?.isOutgoing == true && roads[0]?.name == "Up")
        #expect(roads[270]?.isIncoming == true && roads[270]?.canEnter == false)
        #expect(roads[90]?.canEnter == true && roads[90]?.roadClass == .primary)
        #expect(roads[180]?.canEnter == false)  // Side is one-way towards b
        #expect(roads[180]?.flags.contains(.oneway) == true)
    }

    @Test("a path sharing its start with another is the path built alone, intersections and geometry included")
    func sharedStart() throws {
        let line = ASCIIMap(
            """
                  d
                  |
            a-----b-----c-----f
                        |
                        e
            """, gridSize: 10)
        let g = try importGraph(
            line, [("abcf", ["highway": "primary", "name": "Main"]), ("ce", ["highway": "residential", "name": "Up"]),
                   ("bd", ["highway": "residential"])])
        func edge(_ from: Character, _ to: Character) throws -> EdgeID {
            let f = line.coordinate(of: from), t = line.coordinate(of: to)
            return EdgeID(Int32(try #require(g.edges.firstIndex { g.nodes[$0.from.index] == f && g.nodes[$0.to.index] == t })))
        }
        let ahead = [try edge("a", "b"), try edge("b", "c"), try edge("c", "f")], turning = [ahead[0], ahead[1], try edge("c", "e")]
        let best = try #require(g.path(edges: ahead, startFraction: 0.5, endFraction: 0.5, profile: .car))
        let alone = try #require(g.path(edges: turning, startFraction: 0.5, endFraction: 0.5, profile: .car))
        #expect(alone.segments.map(\.name) == ["Main", "Main", "Up"])
        #expect(alone.intersections.count == 2 && alone.geometry.count == 4)
        #expect(g.path(edges: turning, startFraction: 0.5, endFraction: 0.5, profile: .car, sharingWith: best) == alone)
        // Another start, another profile, or a shared edge that is the other's last: built alone all the same.
        #expect(g.path(edges: turning, startFraction: 0.25, endFraction: 0.5, profile: .car, sharingWith: best)
            == g.path(edges: turning, startFraction: 0.25, endFraction: 0.5, profile: .car))
        #expect(g.path(edges: turning, startFraction: 0.5, endFraction: 0.5, profile: .foot, sharingWith: best)
            == g.path(edges: turning, startFraction: 0.5, endFraction: 0.5, profile: .foot))
        let short = try #require(g.path(edges: Array(ahead[0...1]), startFraction: 0.5, endFraction: 0.5, profile: .car))
        #expect(g.path(edges: turning, startFraction: 0.5, endFraction: 0.5, profile: .car, sharingWith: short) == alone)
    }

    @Test("a path sharing its start and end with another is the path built alone, intersections and geometry included")
    func sharedEnds() throws {
        let map = ASCIIMap(
            """
                  g     h
                  |     |
                  d-----e
                  |     |
            a-----b-----c-----f
            """, gridSize: 10)
        let g = try importGraph(
            map, [("abcf", ["highway": "primary", "name": "Main"]), ("bdec", ["highway": "residential", "name": "Loop"]),
                  ("dg", ["highway": "residential"]), ("eh", ["highway": "residential"])])
        func edge(_ from: Character, _ to: Character) throws -> EdgeID {
            let f = map.coordinate(of: from), t = map.coordinate(of: to)
            return EdgeID(Int32(try #require(g.edges.firstIndex { g.nodes[$0.from.index] == f && g.nodes[$0.to.index] == t })))
        }
        let ab = try edge("a", "b"), cf = try edge("c", "f")
        let ahead = [ab, try edge("b", "c"), cf], around = [ab, try edge("b", "d"), try edge("d", "e"), try edge("e", "c"), cf]
        let best = try #require(g.path(edges: ahead, startFraction: 0.5, endFraction: 0.5, profile: .car))
        let alone = try #require(g.path(edges: around, startFraction: 0.5, endFraction: 0.5, profile: .car))
        #expect(alone.segments.map(\.name) == ["Main", "Loop", "Loop", "Loop", "Main"])
        #expect(alone.intersections.map(\.geometryIndex) == [1, 2, 3, 4] && alone.geometry.count == 6)
        #expect(g.path(edges: around, startFraction: 0.5, endFraction: 0.5, profile: .car, sharingWith: best) == alone)
        // Only the end shared (another start), or another end: built alone all the same.
        let fromD = Array(around[2...])
        #expect(g.path(edges: fromD, startFraction: 0.5, endFraction: 0.5, profile: .car, sharingWith: best)
            == g.path(edges: fromD, startFraction: 0.5, endFraction: 0.5, profile: .car))
        #expect(g.path(edges: around, startFraction: 0.5, endFraction: 0.25, profile: .car, sharingWith: best)
            == g.path(edges: around, startFraction: 0.5, endFraction: 0.25, profile: .car))
    }

    @Test("edges that do not meet, or no edges, give no path")
    func invalid() throws {
        let g = try graph()
        #expect(g.path(edges: [], startFraction: 0, endFraction: 1, profile: .car) == nil)
        #expect(g.path(edges: [try edge(g, "a", "b"), try edge(g, "c", "b")], startFraction: 0, endFraction: 1, profile: .car) == nil)
    }
}
