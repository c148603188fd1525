import Geodesy
import OSMImport
import RoadGraph
import Routing
import TestSupport
import Testing

/// Fraction of `a`'s length on roads `b` also uses.
func sharedFraction(_ a: PlannedRoute, _ b: PlannedRoute, _ graph: RoadGraph) -> Double {
    let shapes = Set(b.edges.map { graph[$0].shape })
    let total = a.edges.reduce(0.0) { $0 + Double(graph[$1].length) }
    let shared = a.edges.filter { shapes.contains(graph[$0].shape) }.reduce(0.0) { $0 + Double(graph[$1].length) }
    return shared / total
}

@Suite("Alternatives: genuinely different, bounded detour, no loops")
struct AlternativeRouteTests {
    @Test("on a 3×3 grid a→i gets two alternatives sharing at most 65 % with each other")
    func grid() throws {
        let map = ASCIIMap(
            """
            a-----b-----c
            |     |     |
            d-----e-----f
            |     |     |
            g-----h-----i
            """, gridSize: 20)
        let ways: [ASCIIMap.Way] = ["abc", "def", "ghi", "adg", "beh", "cfi"].map { ($0, ["highway": "residential"]) }
        let p = try planner(map, ways)
        let request = RouteRequest(
            waypoints: [RouteWaypoint(map.coordinate(of: "a")), RouteWaypoint(map.coordinate(of: "i"))], alternatives: 2)
        let routes = try p.plan(request)
        #expect(routes.count == 3)
        for (i, r) in routes.enumerated() {
            #expect(r.duration <= 1.4 * routes[0].duration + 1e-6)
            #expect(Set(nodeLetters(r, p, map)).count == nodeLetters(r, p, map).count)  // no node twice
            for other in routes[..<i] { #expect(sharedFraction(r, other, p.graph) <= 0.65) }
        }
        #expect(routes.map(\.duration) == routes.map(\.duration).sorted())
    }

    @Test("a single road has no alternative; multi-leg routes get none")
    func none() throws {
        let map = ASCIIMap("a-----b-----c", gridSize: 20)
        let p = try planner(map, [("abc", ["highway": "residential"])])
        let points = ["a", "b", "c"].map { RouteWaypoint(map.coordinate(of: Character($0))) }
        #expect(try p.plan(RouteRequest(waypoints: [points[0], points[2]], alternatives: 2)).count == 1)
        #expect(try p.plan(RouteRequest(waypoints: points, alternatives: 2)).count == 1)
    }

    @Test("with a hierarchy, alternatives come from its via nodes and pass the same checks; a single road still has none")
    func viaNodeAlternatives() throws {
        let map = ASCIIMap(
            """
            a-----b-----c
            |     |     |
            d-----e-----f
            |     |     |
            g-----h-----i
            """, gridSize: 20)
        let ways: [ASCIIMap.Way] = ["abc", "def", "ghi", "adg", "beh", "cfi"].map { ($0, ["highway": "residential"]) }
        let plain = try planner(map, ways)
        let p = RoutePlanner(graph: plain.graph, hierarchies: [plain.buildHierarchy(for: .car)])
        #expect(p.hierarchies.count == 1)
        let request = RouteRequest(
            waypoints: [RouteWaypoint(map.coordinate(of: "a")), RouteWaypoint(map.coordinate(of: "i"))], alternatives: 2)
        let routes = try p.plan(request)
        #expect(routes.count == 3)
        #expect(abs(routes[0].duration - (try plain.plan(request))[0].duration) < 1e-6)
        for (i, r) in routes.enumerated() {
            #expect(r.duration <= 1.4 * routes[0].duration + 1e-6)
            #expect(Set(nodeLetters(r, p, map)).count == nodeLetters(r, p, map).count)
            for other in routes[..<i] { #expect(sharedFraction(r, other, p.graph) <= 0.65) }
        }
        #expect(routes.map(\.duration) == routes.map(\.duration).sorted())
        let line = ASCIIMap("a-----b-----c", gridSize: 20)
        let single = try planner(line, [("abc", ["highway": "residential"])])
        let fast = RoutePlanner(graph: single.graph, hierarchies: [single.buildHierarchy(for: .car)])
        let ends = [RouteWaypoint(line.coordinate(of: "a")), RouteWaypoint(line.coordinate(of: "c"))]
        #expect(try fast.plan(RouteRequest(waypoints: ends, alternatives: 2)).count == 1)
    }
}
