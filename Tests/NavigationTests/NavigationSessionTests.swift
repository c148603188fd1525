import Geodesy
import Navigation
import Positioning
import RouteModel
import Testing
import Timekeeping

@Suite("NavigationSession")
struct NavigationSessionTests {
    static let straightOn: [(Double, Double)] = [(0, 0), (600, 0), (1200, 0)]

    /// Runs fixes through the session, collecting all events.
    static func run(_ session: inout NavigationSession, _ fixes: [Fix]) -> [NavigationEvent] {
        fixes.flatMap { session.update(with: $0) }
    }

    @Test("start and stop switch free drive ↔ active guidance with SESSION events; stop twice is a no-op")
    func startStop() throws {
        var session = NavigationSession()
        let freeDrive = session.update(with: FixGenerator.fix(0, 0, time: FixGenerator.start, speed: 0, course: 0))
        #expect(freeDrive.progresses.isEmpty)
        #expect(freeDrive.cameras.count == 1)
        #expect(freeDrive.cameras.first?.frame?.bearing == 0)

        let started = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        #expect(session.mode == .activeGuidance)
        #expect(started.sessions == [SessionEvent(mode: .activeGuidance, previous: .freeDrive, routeID: "r1")])
        #expect(started.progresses.count == 1)
        #expect(started.banners.map(\.instruction.primary.text) == ["Via Due"])
        #expect(started.voices.map(\.instruction.announcement) == ["Head east on Via Uno"])
        guard case .session = started.first else { Issue.record("SESSION must come first"); return }

        #expect(session.stop().sessions == [SessionEvent(mode: .freeDrive, previous: .activeGuidance, routeID: "r1")])
        #expect(session.mode == .freeDrive)
        #expect(session.routeID == nil)
        #expect(session.stop().isEmpty)
        let after = session.update(with: FixGenerator.fix(10, 0, time: FixGenerator.start.adding(1), speed: 10, course: 90))
        #expect(after.progresses.isEmpty)
    }

    @Test("a broken route is refused and leaves the session as it was")
    func brokenRouteKeepsSession() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        #expect(throws: NavigationError.routeHasNoSteps(legIndex: nil)) {
            try session.start(route: Route(distance: 0, duration: 0, geometry: [], legs: []), routeID: "bad")
        }
        #expect(session.mode == .activeGuidance)
        #expect(session.routeID == "r1")
    }

    @Test("arriving at the final waypoint returns to free drive right after the ARRIVAL")
    func arrivalEndsGuidance() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        let events = Self.run(&session, FixGenerator.drive(RouteFollowerTests.lPath, speed: 10, dwell: 3))
        #expect(events.arrivals.map(\.isFinal) == [true])
        #expect(events.sessions == [SessionEvent(mode: .freeDrive, previous: .activeGuidance, routeID: "r1")])
        let arrival = try #require(events.firstIndex { if case .arrived = $0 { true } else { false } })
        let session0 = try #require(events.firstIndex { if case .session = $0 { true } else { false } })
        #expect(arrival < session0)
        #expect(Array(events[session0...]).progresses.isEmpty)
        #expect(session.mode == .freeDrive)
    }

    @Test("off-route starts one reroute; the new route is followed to the end with no further off-route")
    func rerouteSucceeds() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        let fixes = FixGenerator.drive(Self.straightOn, speed: 13.9)
        var events: [NavigationEvent] = []
        var request: RerouteRequest?
        var k = 0
        while request == nil, k < fixes.count {
            events += session.update(with: fixes[k])
            if case .started(let r)? = events.reroutes.last?.state { request = r }
            k += 1
        }
        let started = try #require(request)
        #expect(events.offRoutes.count == 1)
        #expect(started.reason == .offRoute)
        #expect(started.waypoints.map(\.name) == ["Goal"])
        #expect(started.heading.map { abs($0 - 90) < 0.01 } == true)
        #expect(started.origin == fixes[k - 1].coordinate)
        // Still off-route while the answer is pending: no second request.
        events = Self.run(&session, Array(fixes[k..<(k + 5)]))
        #expect(events.reroutes.isEmpty && events.offRoutes.isEmpty)

        let x0 = Grid.planar(fixes[k + 4].coordinate!).x.rounded()
        let detour = TestRoutes.route([TestRoutes.leg([
            TestRoutes.step([(x0, 0), (900, 0)], name: "Via Uno", type: .depart, duration: 20,
                            voices: [(900 - x0, "Continue east")], banners: [(900 - x0, "Via Tre")]),
            TestRoutes.step([(900, 0), (900, 400)], name: "Via Tre", type: .turn, modifier: .left, duration: 30),
            TestRoutes.step([(900, 400), (600, 400)], name: "Via Quattro", type: .turn, modifier: .left, duration: 30,
                            voices: [(60, "You have arrived")]),
            TestRoutes.step([(600, 400), (600, 400)], name: "Via Quattro", type: .arrive, duration: 0),
        ])], waypoints: [(x0, 0, ""), (600, 400, "Goal")])
        let answer = session.receiveRoute(detour, for: started.id)
        #expect(answer.reroutes == [RerouteEvent(reason: .offRoute, state: .succeeded, routeID: "r1-1")])
        #expect(answer.progresses.first.map { $0.distanceTraveled < 1 } == true)
        #expect(answer.voices.map(\.instruction.announcement) == ["Continue east"])
        #expect(session.receiveRoute(detour, for: started.id).isEmpty)  // a second answer is stale

        let last = fixes[k + 4].time!
        let rest = Self.run(&session, FixGenerator.drive([(x0, 0), (900, 0), (900, 400), (600, 400)], speed: 13.9,
                                                          startTime: last.adding(1), dwell: 2))
        #expect(rest.offRoutes.isEmpty && rest.reroutes.isEmpty)
        #expect(rest.arrivals.map(\.isFinal) == [true])
        #expect(rest.voices.map(\.instruction.announcement) == ["You have arrived"])
        #expect(session.mode == .freeDrive)
    }

    @Test("a failed reroute is retried after the retry interval; late answers to old requests are ignored")
    func rerouteRetry() throws {
        var session = NavigationSession(rerouteOptions: RerouteOptions(retryInterval: 10))
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        // Parked 100 m south of the road: off-route after three fixes.
        let parked = (0..<30).map { FixGenerator.fix(300, -100, time: FixGenerator.start.adding(Double($0)), speed: 0, course: 0) }
        var started: [RerouteRequest] = []
        var failedAt: Int?
        for (k, fix) in parked.enumerated() {
            let events = session.update(with: fix)
            for case .started(let request) in events.reroutes.map(\.state) {
                started.append(request)
                if failedAt == nil {
                    failedAt = k
                    let failed = session.receiveRouteFailure("no road nearby", for: request.id)
                    #expect(failed.reroutes == [RerouteEvent(reason: .offRoute, state: .failed("no road nearby"), routeID: "r1")])
                }
            }
        }
        #expect(failedAt == 2)
        #expect(started.map(\.id) == [1, 2])
        #expect(started.last?.heading == nil)
        #expect(started.last.map { $0.time!.seconds(since: started[0].time!) } == 10)
        #expect(session.receiveRouteFailure("late", for: 1).isEmpty)
    }

    @Test("after a reroute, fixes near its origin never trigger another (no reroute loop)")
    func noRerouteLoop() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        let away = (0..<3).map { FixGenerator.fix(300, -100, time: FixGenerator.start.adding(Double($0)), speed: 0, course: 0) }
        let events = Self.run(&session, away)
        guard case .started(let request)? = events.reroutes.first?.state else {
            Issue.record("no reroute started")
            return
        }
        let back = TestRoutes.route([TestRoutes.leg([
            TestRoutes.step([(300, -100), (300, 0), (600, 0), (600, 400)], name: "Via Zero", type: .depart, duration: 80),
            TestRoutes.step([(600, 400), (600, 400)], name: "Via Due", type: .arrive, duration: 0),
        ])], waypoints: [(300, -100, ""), (600, 400, "Goal")])
        _ = session.receiveRoute(back, for: request.id)
        // The new route's first road is wrong for the GPS: fixes wander 45 m west of its origin.
        let wander = (3..<40).map {
            FixGenerator.fix(Double(255 + ($0 % 3)), -100, time: FixGenerator.start.adding(Double($0)), speed: 1, course: 270)
        }
        let after = Self.run(&session, wander)
        #expect(after.offRoutes.isEmpty)
        #expect(after.reroutes.isEmpty)
    }

    @Test("the faster-route check asks periodically and takes only a route that saves enough")
    func fasterRoute() throws {
        let faster = FasterRouteOptions(interval: 30, minimumSaving: 10, minimumDurationRemaining: 0)
        var session = NavigationSession(rerouteOptions: RerouteOptions(fasterRoute: faster))
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        let fixes = FixGenerator.drive(RouteFollowerTests.lPath, speed: 5)
        var requests: [(Int, RerouteRequest)] = []
        for (k, fix) in fixes.prefix(70).enumerated() {
            for case .started(let request) in session.update(with: fix).reroutes.map(\.state) { requests.append((k, request)) }
            if let (_, request) = requests.last, request.id == 1, k == 30 {
                let slow = TestRoutes.lShaped()
                #expect(session.receiveRoute(slow, for: request.id).reroutes
                    == [RerouteEvent(reason: .fasterRoute, state: .failed("route is not faster"), routeID: "r1")])
            }
        }
        #expect(requests.map(\.0) == [30, 60])
        #expect(requests.map(\.1.reason) == [.fasterRoute, .fasterRoute])
        var quick = TestRoutes.lShaped()
        quick.duration = 10
        let taken = session.receiveRoute(quick, for: requests[1].1.id)
        #expect(taken.reroutes == [RerouteEvent(reason: .fasterRoute, state: .succeeded, routeID: "r1-1")])
        #expect(session.routeID == "r1-1")
    }

    @Test("a pending reroute is cancelled (REROUTE failed) when the vehicle rejoins the route on its own")
    func rerouteCancelledOnRejoin() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        let detour: [(Double, Double)] = [(0, 0), (600, 0), (700, 0), (700, 200), (600, 200), (600, 400)]
        let events = Self.run(&session, FixGenerator.drive(detour, speed: 10))
        let states = events.reroutes.map(\.state)
        #expect(states.count == 2)
        guard case .started(let request)? = states.first else { Issue.record("no reroute started"); return }
        #expect(states.last == .failed("cancelled: back on the route"))
        #expect(session.receiveRoute(TestRoutes.lShaped(), for: request.id).isEmpty)
        #expect(events.arrivals.map(\.isFinal) == [true])
    }

    @Test("the camera follows with pitch in guidance and goes north-up and flat in free drive, without restarting")
    func cameraAcrossModes() throws {
        var session = NavigationSession()
        let free = session.update(with: FixGenerator.fix(0, 0, time: FixGenerator.start, speed: 10, course: 90))
        #expect(free.cameras.first?.frame?.pitch == 0)
        let guided = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        let frame = try #require(guided.cameras.first?.frame)
        #expect(guided.cameras.first?.state == .following)
        #expect(frame.pitch == 45)
        #expect(abs(frame.bearing - 90) < 0.5)
        #expect(Grid.planar(frame.center).x > 100)  // ahead of the vehicle, east
        let stopped = session.stop() + session.update(with: FixGenerator.fix(10, 0, time: FixGenerator.start.adding(1),
                                                                            speed: 10, course: 90))
        #expect(stopped.cameras.first?.frame?.bearing == 0)
        #expect(stopped.cameras.first?.frame?.pitch == 0)
        #expect(session.camera.state == .following)
    }

    @Test("fixes without a position or older than the last one change nothing")
    func ignoredFixes() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        _ = session.update(with: FixGenerator.fix(100, 0, time: FixGenerator.start.adding(10), speed: 10, course: 90))
        #expect(session.update(with: Fix(time: FixGenerator.start.adding(11), mode: .noFix)).isEmpty)
        let older = session.update(with: FixGenerator.fix(50, 0, time: FixGenerator.start.adding(5), speed: 10, course: 90))
        #expect(older.isEmpty)
        #expect(abs((session.follower?.progress?.distanceTraveled ?? 0) - 100) < 0.5)
    }

    @Test("NaN speed, course and accuracy count as not reported and produce finite progress and frames")
    func nonFiniteReadings() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        var events: [NavigationEvent] = []
        for k in 0..<20 {
            var fix = FixGenerator.fix(Double(k) * 10, 0, time: FixGenerator.start.adding(Double(k)), speed: .nan, course: .nan)
            fix.horizontalAccuracy = .infinity
            events += session.update(with: fix)
        }
        #expect(abs((events.progresses.last?.distanceTraveled ?? 0) - 190) < 0.5)
        #expect(events.cameras.allSatisfy { $0.frame.map { $0.zoom.isFinite && $0.bearing.isFinite && $0.center.isValid } ?? false })
        #expect(events.offRoutes.isEmpty)
    }

    @Test("the overview fits the rest of the route across legs by default, or only the current leg")
    func overviewScope() throws {
        var session = NavigationSession(camera: CameraController(state: .overview))
        _ = session.update(with: FixGenerator.fix(100, 0, time: FixGenerator.start, speed: 10, course: 90))
        let whole = try #require(try session.start(route: TestRoutes.multiLeg(), routeID: "r2").cameras.last?.frame)
        var options = CameraOptions()
        options.overviewScope = .currentLeg
        var legOnly = NavigationSession(camera: CameraController(state: .overview, options: options))
        _ = legOnly.update(with: FixGenerator.fix(100, 0, time: FixGenerator.start, speed: 10, course: 90))
        let leg = try #require(try legOnly.start(route: TestRoutes.multiLeg(), routeID: "r2").cameras.last?.frame)
        // Whole route: (100,0)…(500,500), centred near (300, 250); current leg: (100,0)…(500,0).
        #expect(abs(Grid.planar(whole.center).y - 250) < 1)
        #expect(abs(Grid.planar(leg.center).y) < 1)
        #expect(abs(Grid.planar(leg.center).x - 300) < 1)
        #expect(leg.zoom > whole.zoom)
        #expect(whole.bearing == 0 && whole.pitch == 0)
    }
}
