import Geodesy
import Navigation
import Positioning
import Testing

@Suite("RouteFollower with the matched road")
struct RouteFollowerRoadMatchTests {
    /// Along the L route's first street, then at x = 300 onto a street 30 m north of it, running
    /// parallel: inside every raw-fix tolerance (35–50 m), so raw fixes alone never leave the route.
    static let parallelPath: [(Double, Double)] = [(0, 0), (300, 0), (310, 30), (560, 30)]

    /// The matcher's answer for each fix: on the road the vehicle drives (the fix's own position
    /// on this noise-free path, or `path` when the fixes are displaced), with `confidence`.
    static func matches(_ path: [(Double, Double)], speed: Double, confidence: Double, shift: Double = 0) -> [RoadMatch] {
        FixGenerator.drive(path, speed: speed).map { fix in
            let planar = Grid.planar(fix.coordinate!)
            return RoadMatch(coordinate: Grid.point(planar.x, planar.y + shift), bearing: fix.course, confidence: confidence)
        }
    }

    static func run(_ fixes: [Fix], _ matches: [RoadMatch]?) throws -> [[NavigationEvent]] {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        return fixes.indices.map { follower.update(with: fixes[$0], road: matches?[$0]) }
    }

    @Test("a confident match on a parallel street 30 m away is off the route on its third fix there")
    func parallelStreetIsOffRoute() throws {
        let fixes = FixGenerator.drive(Self.parallelPath, speed: 10)
        let withMatches = try Self.run(fixes, Self.matches(Self.parallelPath, speed: 10, confidence: 0.95))
        let detected = withMatches.indices.filter { !withMatches[$0].offRoutes.isEmpty }
        // On the link between the streets fixes 31 and 32 are 9.5 and 19 m from the route, fix 33
        // (s = 330 m) 28.5 m: 33, 34, 35 are the first three farther than 20 m.
        #expect(detected == [35])
        #expect(withMatches[35].offRoutes.first?.reason == .distance)
        #expect(withMatches[35].offRoutes.first.map { ($0.distanceFromRoute * 10).rounded() / 10 } == 30)
        #expect(withMatches[34].progresses.first?.isOffRoute == false)
        #expect(withMatches[35].progresses.first?.isOffRoute == true)

        let rawOnly = try Self.run(fixes, nil)
        #expect(rawOnly.flatMap { $0 }.offRoutes.isEmpty)
    }

    @Test("matches below the confidence threshold are not used")
    func unsureMatchesAreIgnored() throws {
        let fixes = FixGenerator.drive(Self.parallelPath, speed: 10)
        let events = try Self.run(fixes, Self.matches(Self.parallelPath, speed: 10, confidence: 0.5))
        #expect(events.flatMap { $0 }.offRoutes.isEmpty)
        #expect(events.flatMap { $0 }.progresses.count == fixes.count)
    }

    @Test("fixes thrown 60 m off by multipath stay on the route while the matcher is sure of the route's road")
    func multipathStaysOnRoute() throws {
        let path = RouteFollowerTests.lPath
        let raw = FixGenerator.drive(path, speed: 10) { (20..<26).contains($0) ? (0, 60) : (0, 0) }
        let withMatches = try Self.run(raw, Self.matches(path, speed: 10, confidence: 0.9)).flatMap { $0 }
        #expect(withMatches.offRoutes.isEmpty)
        #expect(withMatches.arrivals.count == 1)
        let traveled = withMatches.progresses.map(\.distanceTraveled)
        #expect(traveled == traveled.sorted())
        #expect(withMatches.progresses.allSatisfy { !$0.isOffRoute })

        let rawOnly = try Self.run(raw, nil)
        let detected = rawOnly.indices.filter { !rawOnly[$0].offRoutes.isEmpty }
        #expect(detected == [22])
    }

    @Test("an unsure match on one of the route's own edges still decides: multipath fixes 60 m off stay on the route")
    func unsureMatchOnTheRouteDecides() throws {
        let path = RouteFollowerTests.lPath
        let raw = FixGenerator.drive(path, speed: 10) { (20..<26).contains($0) ? (0, 60) : (0, 0) }
        let unsure = Self.matches(path, speed: 10, confidence: 0.5)
        // Not known to be the route's: below the confidence threshold the raw fixes decide (fix 22).
        let unknown = try Self.run(raw, unsure)
        #expect(unknown.indices.filter { !unknown[$0].offRoutes.isEmpty } == [22])
        // The matcher laid along the route knows its edge is the route's: no off-route.
        let onRoute = try Self.run(raw, unsure.map { var m = $0; m.onRoute = true; return m }).flatMap { $0 }
        #expect(onRoute.offRoutes.isEmpty)
        #expect(onRoute.arrivals.count == 1)
        // An unsure match on an edge the route does not take is no evidence either way.
        let offEdge = try Self.run(raw, unsure.map { var m = $0; m.onRoute = false; return m })
        #expect(offEdge.indices.filter { !offEdge[$0].offRoutes.isEmpty } == [22])
    }

    @Test("a match running against the route (a two-way road reported backwards, the far carriageway) does not decide")
    func matchAgainstTheRouteDoesNotDecide() throws {
        let fixes = FixGenerator.drive(Self.parallelPath, speed: 10)
        let matches = Self.matches(Self.parallelPath, speed: 10, confidence: 0.95).enumerated().map { k, match in
            var reversed = match
            if k >= 30 { reversed.bearing = match.bearing.map { ($0 + 180).truncatingRemainder(dividingBy: 360) } }
            return reversed
        }
        #expect(try Self.run(fixes, matches).flatMap { $0 }.offRoutes.isEmpty)
    }

    @Test("a route that does not lie on the matcher's roads (3 m off) keeps the raw tolerances")
    func routeOffTheMapKeepsRawTolerance() throws {
        let fixes = FixGenerator.drive(Self.parallelPath, speed: 10)
        let events = try Self.run(fixes, Self.matches(Self.parallelPath, speed: 10, confidence: 0.95, shift: 3))
        #expect(events.flatMap { $0 }.offRoutes.isEmpty)
    }

    @Test("the session passes the match to guidance: the parallel street starts a reroute")
    func sessionReroutesOnParallelStreet() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        let fixes = FixGenerator.drive(Self.parallelPath, speed: 10)
        let matches = Self.matches(Self.parallelPath, speed: 10, confidence: 0.95)
        let events = fixes.indices.map { session.update(with: fixes[$0], road: matches[$0]) }
        #expect(events.indices.filter { !events[$0].offRoutes.isEmpty } == [35])
        let started = events[35].reroutes.compactMap { if case .started(let request) = $0.state { request } else { nil } }
        #expect(started.count == 1)
    }
}
