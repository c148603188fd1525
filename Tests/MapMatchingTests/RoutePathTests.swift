import Geodesy
import MapMatching
import RoadGraph
import Routing
import Simulation
import Testing

@Suite("Routes laid on the graph, and the horizon along the route in active guidance", .serialized)
struct RoutePathTests {
    /// The junction of `MostProbablePathTests`: Bulevardi A–B–D–E (the most probable path), a
    /// service road B–C straight on. Way 1 is A–B, 2 is B–D–E, 3 is B–C; each edge 180 m or so.
    static func junction() throws -> RoadSketch { try MostProbablePathTests.junction() }

    @Test("a route's line comes back as the edges it drives, ending where the route ends; a line off the roads, as nothing")
    func laidOnTheGraph() throws {
        let sketch = try Self.junction()
        let matcher = TraceMatcher(graph: sketch.graph)
        let whole = try #require(matcher.path(along: ["A", "B", "C"].map { sketch.coordinate($0) }))
        #expect(whole.edges.map { sketch.graph[$0].wayID } == [1, 3])
        #expect(abs(whole.endFraction - 1) < 0.01)
        let half = try #require(matcher.path(along: [sketch.coordinate("A"), sketch.coordinate("B"), sketch.coordinate("B", east: 90, north: 0)]))
        #expect(half.edges.map { sketch.graph[$0].wayID } == [1, 3])
        #expect(abs(half.endFraction - 0.5) < 0.01)
        #expect(matcher.path(along: [sketch.coordinate("A")]) == nil)
        // Across the open ground south of the service road, 80 m from any road half the way.
        let across = [sketch.coordinate("A"), sketch.coordinate("B", east: 90, north: -160), sketch.coordinate("C")]
        #expect(matcher.path(along: across) == nil)
    }

    @Test("hostile lines are refused before any point is made: one reaching off the map, one 2,000 km long zigzagging on it")
    func hostileLines() throws {
        let sketch = try Self.junction()
        let matcher = TraceMatcher(graph: sketch.graph)
        let a = sketch.coordinate("A"), c = sketch.coordinate("C")
        #expect(matcher.path(along: [a, Coordinate(latitude: -40, longitude: 170), c]) == nil)
        let zigzag = (0..<6_000).map { $0 % 2 == 0 ? a : c }  // 5,999 × 360 m
        #expect(matcher.path(along: zigzag) == nil)
        #expect(matcher.path(along: [Coordinate(latitude: .nan, longitude: 0), a, c])?.edges.map { sketch.graph[$0].wayID } == [1, 3])
    }

    @Test("in guidance the horizon is the route (straight on to C), ending with it; without a route, the most probable path")
    func horizonAlongTheRoute() throws {
        let sketch = try Self.junction()
        let route = try #require(TraceMatcher(graph: sketch.graph).path(along: [sketch.coordinate("A"), sketch.coordinate("B"), sketch.coordinate("B", east: 90, north: 0)]))
        var live = OnlineMatcher(graph: sketch.graph)
        live.follow(route)
        let first = live.match(Drive.fix(0, sketch.coordinate("A", east: 50, north: 1), course: 90, speed: 10))
        let guided = try #require(first)
        #expect(guided.onRoute == true && guided.horizonFollowsRoute)
        #expect(guided.horizon.map(\.wayID) == [1, 3])
        #expect(guided.horizon.map(\.length).map { ($0 * 10).rounded() / 10 } == [130, 90])
        #expect(guided.horizon.map(\.edges.count) == [1, 1])

        live.follow(nil)
        let second = live.match(Drive.fix(1, sketch.coordinate("A", east: 60, north: 1), course: 90, speed: 10))
        let free = try #require(second)
        #expect(free.onRoute == nil && !free.horizonFollowsRoute)
        #expect(free.horizon.map(\.wayID) == [1, 2])
    }

    @Test("a vehicle on a road the route does not take gets the most probable path")
    func offTheRoute() throws {
        let sketch = try Self.junction()
        // The route goes A → B → D (Bulevardi); the vehicle drives on along the service road B–C.
        let route = try #require(TraceMatcher(graph: sketch.graph).path(along: ["A", "B", "D"].map { sketch.coordinate($0) }))
        #expect(route.edges.map { sketch.graph[$0].wayID } == [1, 2])
        var live = OnlineMatcher(graph: sketch.graph)
        live.follow(route)
        var results: [MatchedLocation] = []
        for (t, east) in [100.0, 150, 200, 230].enumerated() {
            let location = live.match(Drive.fix(Double(t) * 5, sketch.coordinate("A", east: east, north: 1), course: 90, speed: 10))
            results.append(try #require(location))
        }
        #expect(results.map(\.onRoute) == [true, true, false, false])
        #expect(results.map(\.horizonFollowsRoute) == [true, true, false, false])
        #expect(results.map { $0.road?.wayID } == [1, 1, 3, 3])
        #expect(results[3].horizon.map(\.wayID) == [3])  // the service road's dead end at C
    }

    @Test("a loop route that drives one edge twice: the horizon follows the pass to come")
    func loopRoute() throws {
        let path = RoutePath(edges: [4, 7, 9, 4, 5].map { EdgeID(Int32($0)) }, endFraction: 1)
        #expect(path.index(of: EdgeID(Int32(4)), from: 0) == 0)
        #expect(path.index(of: EdgeID(Int32(4)), from: 1) == 3)
        #expect(path.index(of: EdgeID(Int32(7)), from: 3) == 1)  // matched back along the route
        #expect(path.index(of: EdgeID(Int32(8)), from: 0) == nil)
        #expect(path.index(of: EdgeID(Int32(5)), from: 9) == 4)
        #expect(RoutePath(edges: [], endFraction: 1).index(of: EdgeID(Int32(4)), from: 0) == nil)
        // Three passes over edge 4: each search finds the pass at or after where it starts.
        let thrice = RoutePath(edges: [4, 1, 4, 2, 4, 3].map { EdgeID(Int32($0)) }, endFraction: 1)
        #expect([0, 1, 2, 3, 4, 5, 6].map { thrice.index(of: EdgeID(Int32(4)), from: $0) } == [0, 2, 2, 4, 4, 0, 0])
    }

    @Test("a route of 100,000 edges finds an edge at either end; equal paths compare and hash by their edges")
    func longRoute() {
        let edges = (0..<100_000).map { EdgeID(Int32($0)) }
        let path = RoutePath(edges: edges, endFraction: 0.5)
        #expect(path.index(of: EdgeID(Int32(99_999)), from: 0) == 99_999)
        #expect(path.index(of: EdgeID(Int32(3)), from: 50_000) == 3)
        #expect(path.index(of: EdgeID(Int32(100_000)), from: 0) == nil)
        #expect(path == RoutePath(edges: edges, endFraction: 0.5))
        #expect(path != RoutePath(edges: edges, endFraction: 1))
        #expect(Set([path, RoutePath(edges: edges, endFraction: 0.5)]).count == 1)
    }

    @Test("Milan: a route planned on the map comes back as exactly its planned edges")
    func plannedRouteEdges() throws {
        let graph = try PlannedDriveMatchingTests.milan.get()
        let planner = RoutePlanner(graph: graph)
        let pairs: [(Coordinate, Coordinate)] = [
            (Coordinate(latitude: 45.470425, longitude: 9.193149), Coordinate(latitude: 45.4642, longitude: 9.1900)),
            (Coordinate(latitude: 45.4600, longitude: 9.1800), Coordinate(latitude: 45.4720, longitude: 9.2050)),
        ]
        for (from, to) in pairs {
            let planned = try #require(try planner.plan(RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)])).first)
            var line: [Coordinate] = []
            for leg in planned.legs { for c in leg.geometry where line.last != c { line.append(c) } }
            let path = TraceMatcher(graph: graph).path(along: line)
            #expect(path?.edges == planned.edges)
        }
    }

    @Test("Milan: OSRM's routes laid on the map, one connected path each, every vertex of OSRM's line within 3 m of it")
    func osrmRoutes() throws {
        let graph = try PlannedDriveMatchingTests.milan.get()
        let drives = try PlannedDriveMatchingTests.drives.get().filter { $0.sigma == 5 }
        #expect(drives.count >= 3)
        for drive in drives {
            let path = TraceMatcher(graph: graph).path(along: drive.route)
            let run = try #require(path, "\(drive.name)")
            let laid = try #require(graph.path(edges: run.edges, startFraction: 0, endFraction: run.endFraction, profile: .car))
            let line = Polyline(laid.geometry)
            let far = drive.route.filter { (line.project($0)?.distanceFromLine ?? .infinity) > 3 }
            #expect(far.isEmpty, "\(drive.name): \(far.count) of \(drive.route.count) vertices more than 3 m away")
        }
    }
}
