import Geodesy
import Navigation
import Positioning
import RouteModel
import Testing
import Timekeeping

@Suite("RouteFollower")
struct RouteFollowerTests {
    static let lPath: [(Double, Double)] = [(0, 0), (600, 0), (600, 400)]

    @Test("progress at known points of the L route matches the geometry and the step durations")
    func progressAtKnownPoints() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let updates = follow(&follower, FixGenerator.drive(Self.lPath, speed: 10))
        let at300 = try #require(updates[30].progresses.first)
        #expect(abs(at300.distanceTraveled - 300) < 0.5)
        #expect(abs(at300.distanceRemaining - 700) < 0.5)
        #expect(abs(at300.fractionTraveled - 0.3) < 0.001)
        #expect(abs(at300.durationRemaining - 70) < 0.1)
        #expect(abs(at300.currentStepProgress.distanceRemaining - 300) < 0.5)
        #expect(abs(at300.currentLegProgress.durationRemaining - 70) < 0.1)
        #expect(at300.stepIndex == 0)
        #expect(at300.roadName == "Via Uno")
        #expect(at300.upcomingManeuver?.type == .turn)
        #expect(at300.upcomingManeuver?.modifier == .left)
        #expect(at300.upcomingManeuver?.name == "Via Due")
        #expect(abs(at300.distanceToUpcomingManeuver - 300) < 0.5)
        #expect(at300.snapped.distanceFromRoute < 0.5)
        #expect(abs(at300.snapped.bearing - 90) < 0.5)
        #expect(at300.remainingWaypoints == 1)
        #expect(at300.isOffRoute == false)

        let at800 = try #require(updates[80].progresses.first)
        #expect(at800.stepIndex == 1)
        #expect(abs(at800.distanceTraveled - 800) < 0.5)
        #expect(abs(at800.distanceRemaining - 200) < 0.5)
        #expect(abs(at800.durationRemaining - 20) < 0.1)
        #expect(abs(at800.currentStepProgress.fractionTraveled - 0.5) < 0.002)
        #expect(at800.roadName == "Via Due")
        #expect(at800.upcomingManeuver?.type == .arrive)
        #expect(abs((at800.upcomingManeuver?.distance ?? 0) - 200) < 0.5)
        #expect(abs(at800.snapped.bearing) < 0.5)
    }

    @Test("steps advance in order and the route ends with exactly one final arrival")
    func stepsAdvanceAndArrive() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let events = follow(&follower, FixGenerator.drive(Self.lPath, speed: 10)).flatMap { $0 }
        let steps = events.progresses.map(\.stepIndex)
        #expect(steps == steps.sorted())
        #expect(Set(steps) == [0, 1, 2])
        let traveled = events.progresses.map(\.distanceTraveled)
        #expect(traveled == traveled.sorted())
        #expect(events.arrivals.map { [$0.legIndex, $0.waypointIndex] } == [[0, 1]])
        #expect(events.arrivals.first?.name == "Goal")
        #expect(events.arrivals.first?.isFinal == true)
        #expect(follower.hasArrived)
        #expect(events.offRoutes.isEmpty)
    }

    @Test("every banner and voice fires exactly once, in order, just after its trigger point", arguments: [5.0, 13.9, 40.0])
    func instructionsFireOnce(speed: Double) throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let updates = follow(&follower, FixGenerator.drive(Self.lPath, speed: speed))
        let events = updates.flatMap { $0 }
        #expect(events.voices.map(\.instruction.announcement) == [
            "Head east on Via Uno", "In 200 metres, turn left onto Via Due", "Turn left onto Via Due",
            "In 400 metres, you will arrive", "You have arrived",
        ])
        #expect(events.banners.map(\.instruction.primary.text) == ["Via Due", "Destination"])
        let triggers: [String: Double] = [
            "Head east on Via Uno": 0, "In 200 metres, turn left onto Via Due": 400, "Turn left onto Via Due": 550,
            "In 400 metres, you will arrive": 600, "You have arrived": 940,
        ]
        for update in updates {
            guard let voice = update.voices.first, let progress = update.progresses.first else { continue }
            let late = progress.distanceTraveled - triggers[voice.instruction.announcement]!
            #expect(late >= -0.01 && late <= speed + 0.5, "\(voice.instruction.announcement) fired \(late) m after its point")
        }
    }

    @Test("triggers crossed together fire only the latest one; the stale ones are dropped, not queued")
    func crossedTogetherFiresLatest() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let fixes = [FixGenerator.fix(0, 0, time: FixGenerator.start, speed: 10, course: 90)]
            + (1...53).map { FixGenerator.fix(Double($0) * 10, 0, time: FixGenerator.start.adding(Double($0)), speed: 10, course: 90) }
        _ = follow(&follower, fixes)
        // One update from 530 m to 660 m crosses the 550 m prompt (its maneuver at 600 m is now 60 m
        // behind: stale) and the 600 m one (still ahead): only the latter is spoken.
        let jump = follower.update(with: FixGenerator.fix(600, 60, time: FixGenerator.start.adding(57), speed: 30, course: 0))
        #expect(jump.voices.map(\.instruction.announcement) == ["In 400 metres, you will arrive"])
        #expect(jump.banners.map(\.instruction.primary.text) == ["Destination"])
    }

    @Test("a multi-leg route arrives at each waypoint once, numbering waypoints, the last one final")
    func multiLegArrivals() throws {
        var follower = try RouteFollower(route: TestRoutes.multiLeg(), routeID: "r2")
        let events = follow(&follower, FixGenerator.drive([(0, 0), (500, 0), (500, 500)], speed: 13.9)).flatMap { $0 }
        #expect(events.arrivals.map(\.waypointIndex) == [1, 2])
        #expect(events.arrivals.map(\.name) == ["Shop", "Home"])
        #expect(events.arrivals.map(\.isFinal) == [false, true])
        #expect(events.arrivals.map(\.legIndex) == [0, 1])
        let legs = events.progresses.map(\.legIndex)
        #expect(legs == legs.sorted() && Set(legs) == [0, 1])
        #expect(events.voices.map(\.instruction.announcement) == [
            "Head east", "You have arrived at Shop", "Head north", "You have arrived at Home",
        ])
        #expect(events.banners.map(\.instruction.primary.text) == ["Shop", "Home"])
        let afterFirstArrival = try #require(events.progresses.first { $0.legIndex == 1 })
        #expect(afterFirstArrival.remainingWaypoints == 1)
        #expect(afterFirstArrival.currentLegProgress.distance > 499 && afterFirstArrival.currentLegProgress.distance < 501)
    }

    @Test("an out-and-back route on one road never skips to the way back", arguments: [1.0, 15.0, 40.0])
    func outAndBackNeverSkips(speed: Double) throws {
        var follower = try RouteFollower(route: TestRoutes.outAndBack(), routeID: "r3")
        let updates = follow(&follower, FixGenerator.drive([(0, 0), (500, 0), (0, 0)], speed: speed))
        let arrivalPoint = 1000 - min(50, max(15, 2 * speed))  // FollowerOptions arrival rule
        for (k, update) in updates.enumerated() {
            let truth = min(1000, Double(k) * speed)
            let progress = try #require(update.progresses.first)
            #expect(abs(progress.distanceTraveled - truth) < 2, "fix \(k): \(progress.distanceTraveled) m vs \(truth) m")
            #expect(progress.stepIndex == (truth < 500 ? 0 : truth < arrivalPoint ? 1 : 2), "fix \(k)")
            let arrives = truth >= arrivalPoint && Double(k - 1) * speed < arrivalPoint
            #expect(update.arrivals.count == (arrives ? 1 : 0), "fix \(k)")
        }
        let events = updates.flatMap { $0 }
        #expect(events.arrivals.count == 1)
        #expect(events.offRoutes.isEmpty)
        #expect(events.voices.count == 4)
    }

    @Test("a stationary vehicle at the shared start/end point is at the start, not arrived")
    func stationaryAtSharedEndpoint() throws {
        var follower = try RouteFollower(route: TestRoutes.outAndBack(), routeID: "r3")
        var fix = Fix(time: FixGenerator.start, mode: .threeD, coordinate: Grid.point(0, 0))
        fix.speed = 0
        let events = follower.update(with: fix)
        #expect(events.arrivals.isEmpty)
        #expect(events.progresses.first?.distanceTraveled == 0)
        #expect(events.voices.map(\.instruction.announcement) == ["Head east"])
    }

    @Test("a loop crossing itself passes the crossing twice without skipping ahead or back")
    func crossingLoopNeverSkips() throws {
        var follower = try RouteFollower(route: TestRoutes.crossingLoop(), routeID: "r4")
        let path: [(Double, Double)] = [(0, 0), (400, 0), (400, 300), (200, 300), (200, -200)]
        let updates = follow(&follower, FixGenerator.drive(path, speed: 15))
        for (k, update) in updates.enumerated() {
            let truth = min(1400, Double(k) * 15)
            let progress = try #require(update.progresses.first)
            #expect(abs(progress.distanceTraveled - truth) < 2, "fix \(k): \(progress.distanceTraveled) m vs \(truth) m")
        }
        let events = updates.flatMap { $0 }
        #expect(events.voices.map(\.instruction.announcement) == ["Head east", "Turn left", "Turn left", "Turn left", "Arriving"])
        #expect(events.arrivals.count == 1)
        #expect(events.offRoutes.isEmpty)
    }

    @Test("a time-compressed stream (simulator at ×50: 15 m per fix, 20 ms apart) fires everything once")
    func timeCompressedStream() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        let fixes = FixGenerator.drive(Self.lPath, speed: 15).enumerated().map { k, fix in
            var compressed = fix
            compressed.time = FixGenerator.start.adding(Double(k) * 0.02)
            return compressed
        }
        let events = follow(&follower, fixes).flatMap { $0 }
        #expect(events.voices.count == 5)
        #expect(events.banners.count == 2)
        #expect(events.arrivals.count == 1)
        #expect(events.offRoutes.isEmpty)
    }

    @Test("fixes without speed or course (position-only replay) still follow an out-and-back route")
    func positionOnlyFixes() throws {
        var follower = try RouteFollower(route: TestRoutes.outAndBack(), routeID: "r3")
        let fixes = FixGenerator.drive([(0, 0), (500, 0), (0, 0)], speed: 12).map { fix in
            var bare = fix
            bare.speed = nil
            bare.course = nil
            return bare
        }
        let updates = follow(&follower, fixes)
        for (k, update) in updates.enumerated() {
            let truth = min(1000, Double(k) * 12)
            // At the U-turn itself, position-only data cannot tell 496 m out from 504 m back.
            let tolerance = abs(truth - 500) <= 10 ? 10.0 : 2.0
            #expect(abs((update.progresses.first?.distanceTraveled ?? -1) - truth) < tolerance, "fix \(k)")
        }
        #expect(updates.flatMap { $0 }.arrivals.count == 1)
    }

    @Test("a wild fix with 300 m accuracy does not move progress")
    func unqualifiedFix() throws {
        var follower = try RouteFollower(route: TestRoutes.lShaped(), routeID: "r1")
        _ = follower.update(with: FixGenerator.fix(100, 0, time: FixGenerator.start, speed: 10, course: 90))
        let wild = follower.update(with: FixGenerator.fix(190, 0, time: FixGenerator.start.adding(1), speed: 10, course: 90,
                                                          accuracy: 300))
        #expect(abs((wild.progresses.first?.distanceTraveled ?? 0) - 100) < 0.5)
    }

    @Test("the speed limit comes from the leg's maxspeed annotation per segment, else the step's")
    func speedLimits() throws {
        var route = TestRoutes.lShaped()
        route.legs[0].annotation = LegAnnotation(maxSpeed: [SpeedLimit(value: 50), SpeedLimit(value: 30), nil])
        route.legs[0].steps[1].speedLimit = SpeedLimit(value: 20, unit: "mph")
        var follower = try RouteFollower(route: route, routeID: "r1")
        let updates = follow(&follower, FixGenerator.drive(Self.lPath, speed: 10))
        #expect(updates[10].progresses.first?.speedLimit == SpeedLimit(value: 50))
        #expect(updates[40].progresses.first?.speedLimit == SpeedLimit(value: 30))
        #expect(updates[70].progresses.first?.speedLimit == SpeedLimit(value: 20, unit: "mph"))
    }

    @Test("a two-leg there-and-back route (stop at W, return on the same road) arrives at W once, then home")
    func thereAndBackLegs() throws {
        let route = TestRoutes.route([
            TestRoutes.leg([
                TestRoutes.step([(0, 0), (400, 0)], name: "Viale", type: .depart, duration: 40, voices: [(100, "Arriving at W")]),
                TestRoutes.step([(400, 0), (400, 0)], name: "Viale", type: .arrive, duration: 0),
            ]),
            TestRoutes.leg([
                TestRoutes.step([(400, 0), (0, 0)], name: "Viale", type: .depart, duration: 40, voices: [(400, "Head west")]),
                TestRoutes.step([(0, 0), (0, 0)], name: "Viale", type: .arrive, duration: 0),
            ]),
        ], waypoints: [(0, 0, "Home"), (400, 0, "W"), (0, 0, "Home")])
        var follower = try RouteFollower(route: route, routeID: "r5")
        let out = FixGenerator.drive([(0, 0), (400, 0)], speed: 12, dwell: 30)
        let back = FixGenerator.drive([(400, 0), (0, 0)], speed: 12, startTime: out.last!.time!.adding(1), dwell: 2)
        let updates = follow(&follower, out + back)
        let events = updates.flatMap { $0 }
        #expect(events.arrivals.map(\.name) == ["W", "Home"])
        #expect(events.voices.map(\.instruction.announcement) == ["Arriving at W", "Head west"])
        #expect(events.offRoutes.isEmpty)
        let parked = updates[out.count - 1].progresses.first
        #expect(parked?.legIndex == 1)
        #expect(abs((parked?.distanceTraveled ?? 0) - 400) < 1)
    }
}

@Suite("RouteFollower voice language")
struct RouteFollowerVoiceLanguageTests {
    @Test("VOICE events carry the route's instruction language, for speakers to pick a voice")
    func voiceLanguage() throws {
        var route = TestRoutes.lShaped()
        route.options.language = "it"
        var follower = try RouteFollower(route: route, routeID: "r1")
        let voices = follow(&follower, FixGenerator.drive(RouteFollowerTests.lPath, speed: 10)).flatMap(\.voices)
        #expect(!voices.isEmpty)
        #expect(voices.allSatisfy { $0.language == "it" })
    }
}
