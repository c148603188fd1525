import Geodesy
import Navigation
import Positioning
import RouteModel
import Testing
import Timekeeping

@Suite("RouteFollower off-route, noise, tunnels and reroutes")
struct RouteFollowerOffRouteTests {
    /// A deterministic generator of offsets in a 42 m square (so every fix is within 30 m of the truth).
    struct Jitter {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
        mutating func offset() -> (Double, Double) { (21 * next(), 21 * next()) }
    }

    @Test("noisy fixes within 30 m of the road never cause off-route", arguments: [1, 7, 42, 2026])
    func noiseIsNotOffRoute(seed: Int) throws {
        var jitter = Jitter(state: UInt64(seed))
        let offsets = (0..<200).map { _ in jitter.offset() }
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let fixes = FixGenerator.drive(RouteFollowerTests.lPath, speed: 13.9, accuracy: 10, dwell: 5) { offsets[$0] }
        let events = follow(&follower, fixes).flatMap { $0 }
        #expect(events.offRoutes.isEmpty)
        #expect(events.progresses.allSatisfy { !$0.isOffRoute })
        #expect(events.arrivals.count == 1)
        let spoken = events.voices.map(\.instruction.announcement)
        #expect(Set(spoken).count == spoken.count)
        #expect(spoken.count >= 4)
    }

    @Test("a constant 30 m offset to one side, through the turn, is never off-route")
    func constantOffsetIsNotOffRoute() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let fixes = FixGenerator.drive(RouteFollowerTests.lPath, speed: 10, accuracy: 10) { _ in (-21, 21) }
        let events = follow(&follower, fixes).flatMap { $0 }
        #expect(events.offRoutes.isEmpty)
        #expect(events.arrivals.count == 1)
        #expect(events.voices.count == 5)
    }

    @Test("a 28 s tunnel gap re-snaps ahead in a wider window; no-fix reports are ignored; no off-route")
    func tunnelGap() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let all = FixGenerator.drive(RouteFollowerTests.lPath, speed: 15)
        var events: [NavigationEvent] = []
        for (k, fix) in all.enumerated() {
            if (10..<38).contains(k) {
                #expect(follower.update(with: Fix(time: fix.time, mode: .noFix)).isEmpty)
                continue
            }
            events += follower.update(with: fix)
        }
        #expect(events.offRoutes.isEmpty)
        let traveled = events.progresses.map(\.distanceTraveled)
        #expect(traveled == traveled.sorted())
        let afterTunnel = events.progresses[10]
        #expect(abs(afterTunnel.distanceTraveled - 570) < 1)
        #expect(afterTunnel.stepIndex == 0)
        #expect(events.arrivals.count == 1)
        // 400 m and 550 m were both crossed in the tunnel: only the latter is spoken, once.
        let spoken = events.voices.map(\.instruction.announcement)
        #expect(spoken == ["Head east on Via Uno", "Turn left onto Via Due", "In 400 metres, you will arrive", "You have arrived"])
    }

    @Test("driving straight on past the turn is off-route after three fixes beyond 35 m, exactly once")
    func straightOnIsOffRoute() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let fixes = FixGenerator.drive([(0, 0), (600, 0), (1200, 0)], speed: 13.9)
        let updates = follow(&follower, fixes)
        let events = updates.flatMap { $0 }
        #expect(events.offRoutes.count == 1)
        #expect(events.offRoutes.first?.reason == .distance)
        let firstFar = try #require(fixes.firstIndex { Grid.planar($0.coordinate!).x - 600 > 35 })
        let detected = try #require(updates.firstIndex { !$0.offRoutes.isEmpty })
        #expect(detected == firstFar + 2)
        #expect(updates[detected].progresses.first?.isOffRoute == true)
        #expect(events.progresses.allSatisfy { $0.distanceTraveled <= 600.5 })
        #expect(updates[detected...].allSatisfy { $0.voices.isEmpty && $0.banners.isEmpty })
        #expect(events.arrivals.isEmpty)
    }

    @Test("turning around on the route's road is a wrong-way off-route after four fixes")
    func uTurnIsWrongWay() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let updates = follow(&follower, FixGenerator.drive([(0, 0), (300, 0), (0, 0)], speed: 10))
        let events = updates.flatMap { $0 }
        #expect(events.offRoutes.map(\.reason) == [.wrongWay])
        // Fix 30 is the first heading west (the generator turns at the vertex): 30, 31, 32, 33.
        #expect(updates.firstIndex { !$0.offRoutes.isEmpty } == 33)
    }

    @Test("setRoute re-enters at the last fix, drops the old route's pending prompts and keeps waypoint numbers")
    func setRouteContinues() throws {
        var follower = try RouteFollower(route: TestRoutes.multiLeg(), routeID: "r1")
        _ = follow(&follower, FixGenerator.drive([(0, 0), (500, 0), (500, 300)], speed: 10))
        #expect(follower.legIndex == 1)
        let detour = TestRoutes.route([TestRoutes.leg([
            TestRoutes.step([(500, 300), (500, 500)], name: "Via Nord", type: .depart, duration: 20,
                            voices: [(200, "Continue north")], banners: [(200, "Home")]),
            TestRoutes.step([(500, 500), (500, 500)], name: "Via Nord", type: .arrive, duration: 0),
        ])], waypoints: [(500, 300, ""), (500, 500, "Home")])
        let events = try follower.setRoute(detour, routeID: "r1-1")
        let progress = try #require(events.progresses.first)
        #expect(progress.routeID == "r1-1")
        #expect(abs(progress.distanceTraveled) < 0.5)
        #expect(abs(progress.distanceRemaining - 200) < 0.5)
        #expect(events.voices.map(\.instruction.announcement) == ["Continue north"])
        #expect(events.banners.map(\.instruction.primary.text) == ["Home"])
        let rest = follow(&follower, FixGenerator.drive([(500, 300), (500, 500)], speed: 10, startTime: FixGenerator.start.adding(81)))
            .flatMap { $0 }
        #expect(rest.voices.isEmpty)
        #expect(rest.arrivals.map(\.waypointIndex) == [2])
        #expect(rest.arrivals.map(\.isFinal) == [true])
    }

    @Test("a route without steps or geometry is refused with a message naming the problem")
    func badRoutes() {
        #expect(throws: NavigationError.routeHasNoSteps(legIndex: nil)) {
            try RouteFollower(route: Route(distance: 0, duration: 0, geometry: [], legs: []), routeID: "x")
        }
        let point = TestRoutes.step([(0, 0), (0, 0)], name: "", type: .arrive, duration: 0)
        #expect(throws: NavigationError.routeHasNoGeometry) {
            try RouteFollower(route: TestRoutes.route([TestRoutes.leg([point])], waypoints: []), routeID: "x")
        }
        #expect(NavigationError.routeHasNoSteps(legIndex: 2).description == "route leg 2 has no steps")
    }
}

@Suite("RouteFollower rejoining after a detour")
struct RouteFollowerRejoinTests {
    @Test("a detour around the block without reroute rejoins the route further on, with one off-route")
    func detourRejoins() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let detour: [(Double, Double)] = [(0, 0), (600, 0), (700, 0), (700, 200), (600, 200), (600, 400)]
        let updates = follow(&follower, FixGenerator.drive(detour, speed: 10, dwell: 2))
        let events = updates.flatMap { $0 }
        #expect(events.offRoutes.count == 1)
        let rejoined = try #require(events.progresses.first { $0.distanceTraveled > 780 })
        #expect(rejoined.stepIndex == 1)
        #expect(events.progresses.last?.isOffRoute == false)
        #expect(events.arrivals.map(\.isFinal) == [true])
        #expect(events.voices.last?.instruction.announcement == "You have arrived")
    }

    @Test("on the way out of an out-and-back route the way back is never taken for a rejoin")
    func rejoinRespectsDirection() throws {
        var follower = try RouteFollower(route: TestRoutes.outAndBack(), routeID: "r3")
        // Leave 100 m north at x = 100, drive east in parallel, come back to the road at x = 300.
        let path: [(Double, Double)] = [(0, 0), (100, 0), (100, 100), (300, 100), (300, 0), (500, 0)]
        let events = follow(&follower, FixGenerator.drive(path, speed: 10)).flatMap { $0 }
        #expect(events.offRoutes.count == 1)
        let traveled = events.progresses.map(\.distanceTraveled)
        #expect(traveled.allSatisfy { $0 <= 501 })
        #expect(events.progresses.last?.stepIndex == 1)
        #expect(events.arrivals.isEmpty)
    }
}
