import Geodesy
import Positioning
import RouteModel
import Simulation
import Testing
import Timekeeping

@Suite("RouteSimulator on synthetic shapes")
struct RouteSimulatorTests {
    typealias S = TestShapes

    /// Checks shared by every drive: 1 s spacing, simulated 3D fixes, bounded speed and
    /// acceleration, never moving backwards, arrival exactly at the end, parking at speed 0.
    /// `projects` says whether positions can be checked by projecting them on the line (not on
    /// a line that doubles back on itself).
    func checkDrive(_ line: [Coordinate], options: RouteSimulator.Options = .init(), cap: Double = 30,
                    projects: Bool = true) throws -> [Fix] {
        var sim = try RouteSimulator(polyline: line, options: options, startTime: S.t0)
        var fixes: [Fix] = []
        var reported: [Meters] = []
        while !sim.isFinished || fixes.count < 3 || fixes.suffix(3).contains(where: { $0.speed != 0 }) {
            fixes.append(sim.next())
            reported.append(sim.distanceAlongRoute)
        }
        for (a, b) in zip(reported, reported.dropFirst()) { #expect(b >= a) }
        let length = Polyline(line).length
        for (k, fix) in fixes.enumerated() {
            #expect(fix.time == S.t0.adding(Double(k) * options.fixInterval))
            #expect(fix.isSimulated && fix.mode == (fix.altitudeMSL == nil ? .twoD : .threeD))
            #expect((fix.speed ?? -1) >= 0 && (fix.speed ?? 99) <= cap + 1e-9)
        }
        for (a, b) in zip(fixes, fixes.dropFirst()) {
            let dv = (b.speed ?? 0) - (a.speed ?? 0)
            #expect(dv <= options.maximumAcceleration * options.fixInterval + 1e-9)
            #expect(dv >= -options.maximumBraking * options.fixInterval - 1e-9)
        }
        if projects {
            let along = S.distancesAlong(fixes, on: line)
            for (a, b) in zip(along, along.dropFirst()) { #expect(b >= a - 0.01) }
        }
        let last = try #require(fixes.last?.coordinate)
        #expect(last.distance(to: line[line.count - 1]) < 0.01)
        #expect(abs(sim.distanceTraveled - length) < 0.5)
        #expect(sim.isFinished)
        for fix in fixes.suffix(3) {
            #expect(fix.speed == 0)
            #expect(fix.coordinate == line[line.count - 1])
        }
        return fixes
    }

    @Test("straight road: accelerates to the 30 m/s cap, course stays north, arrives and parks")
    func straight() throws {
        let line = S.walk([(0, 2_000)])
        let fixes = try checkDrive(line)
        #expect(fixes.map { $0.speed ?? 0 }.max() == 30)
        #expect(fixes.first?.speed == 0)
        for fix in fixes { #expect(Bearing.difference(fix.course ?? 999, 0) < 1e-6) }
        // 10 s to reach 30 m/s at 3 m/s², 7.5 s to stop at 4 m/s², cruise in between.
        let expected = 10 + 7.5 + (2_000 - 150 - 112.5) / 30
        var sim = try RouteSimulator(polyline: line, startTime: S.t0)
        #expect(abs(sim.driveDuration - expected) < 1e-6)
        _ = sim.next()
    }

    @Test("90° corner: slows to the turn speed before the corner and turns the short way")
    func corner() throws {
        let line = S.walk([(90, 500), (0, 500)])
        let fixes = try checkDrive(line)
        let corner = line[1]
        let turnSpeed = TurnSpeedModel().speed(forHeadingChange: 90)
        #expect(abs(turnSpeed - (2.5 * 15).squareRoot()) < 1e-9)
        let near = fixes.filter { ($0.coordinate?.distance(to: corner) ?? 99) < 10 }
        #expect(!near.isEmpty)
        for fix in near { #expect((fix.speed ?? 99) <= turnSpeed + 1e-9) }
        // Course goes from east (90) to north (0) decreasing, each fix turning less than 90°.
        let courses = fixes.compactMap(\.course)
        for (a, b) in zip(courses, courses.dropFirst()) {
            let turn = Bearing.turn(from: a, to: b)
            #expect(turn <= 1e-9 && turn > -90)
        }
    }

    @Test("U-turn: crawls through the apex, course swings left through west, no backward jump")
    func uTurn() throws {
        let line = S.walk([(0, 300), (180, 300)])
        let fixes = try checkDrive(line, projects: false)
        let apex = line[1]
        let near = fixes.filter { ($0.coordinate?.distance(to: apex) ?? 99) < 1 }
        for fix in near { #expect((fix.speed ?? 99) <= TurnSpeedModel().minimumSpeed + 0.5) }
        let courses = fixes.compactMap(\.course)
        #expect(courses.contains { Bearing.difference($0, 270) < 30 })
        #expect(!courses.contains { Bearing.difference($0, 90) < 60 })
        for (a, b) in zip(courses, courses.dropFirst()) { #expect(abs(Bearing.turn(from: a, to: b)) < 90) }
    }

    @Test("a turn across north (330° → 30°) turns 60° clockwise through 0°, never the long way round")
    func courseWrapsThroughNorth() throws {
        let line = S.walk([(330, 400), (30, 400)])
        let fixes = try checkDrive(line)
        let courses = fixes.compactMap(\.course)
        for course in courses { #expect(course >= 330 - 1e-6 || course <= 30 + 1e-6) }
        for (a, b) in zip(courses, courses.dropFirst()) {
            let turn = Bearing.turn(from: a, to: b)
            #expect(turn >= -1e-6 && turn <= 60)
        }
        #expect(courses.contains { Bearing.difference($0, 330) > 5 && Bearing.difference($0, 30) > 5 })  // mid-turn fixes exist
    }

    @Test("U-turns swing right where traffic drives on the left")
    func leftHandUTurn() throws {
        let line = S.walk([(0, 300), (180, 300)])
        var leg = makeLeg(line)
        leg.steps = leg.steps.map { step in
            var step = step
            step.drivingSide = "left"
            return step
        }
        var sim = try RouteSimulator(route: makeRoute([leg]), startTime: S.t0)
        let courses = S.driveToEnd(&sim).compactMap(\.course)
        #expect(courses.contains { Bearing.difference($0, 90) < 30 })
        #expect(!courses.contains { Bearing.difference($0, 270) < 60 })
    }

    @Test("zigzag of 90° corners every 100 m: slow at every corner, bounded acceleration")
    func zigzag() throws {
        let legs = (0..<10).map { (bearing: $0 % 2 == 0 ? 45.0 : 135.0, length: 100.0) }
        let line = S.walk(legs)
        let fixes = try checkDrive(line)
        let turnSpeed = TurnSpeedModel().speed(forHeadingChange: 90)
        for corner in line.dropFirst().dropLast() {
            for fix in fixes where (fix.coordinate?.distance(to: corner) ?? 99) < 8 {
                #expect((fix.speed ?? 99) <= turnSpeed + 1e-9)
            }
        }
    }

    @Test("roundabout drawn every 2 m: taken at about √(a·R), not crawled through as a chain of corners")
    func roundabout() throws {
        let line = S.roundabout(radius: 15, spacing: 2)
        let fixes = try checkDrive(line)
        let centre = line[4].destination(distance: 15, bearing: 0)
        let onRing = fixes.filter {
            guard let c = $0.coordinate else { return false }
            return abs(c.distance(to: centre) - 15) < 0.5
        }
        #expect(onRing.count >= 4)
        let speeds = onRing.compactMap(\.speed)
        #expect(speeds.max() ?? 99 <= (2.5 * 15 * 1.2).squareRoot())
        #expect(speeds.min() ?? 0 >= 3.5)
    }

    @Test("dense, slightly jittery straight geometry is not mistaken for turns")
    func jitter() throws {
        var line = S.walk([(0, 2_000)], spacing: 2)
        for i in stride(from: 1, to: line.count - 1, by: 2) { line[i] = line[i].destination(distance: 0.3, bearing: 90) }
        let fixes = try checkDrive(line)
        #expect(fixes.map { $0.speed ?? 0 }.max() == 30)
        for fix in fixes { #expect(Bearing.difference(fix.course ?? 999, 0) < 3) }
    }

    @Test("fixes are identical whatever pacing drives advance(to:) (multipliers 0.5, 1, 10, 100)")
    func pacingIndependence() throws {
        let line = S.walk([(90, 400), (0, 300), (300, 200)])
        var reference = try RouteSimulator(polyline: line, startTime: S.t0)
        let expected = (0..<120).map { _ in reference.next() }
        for multiplier in [0.5, 1, 10, 100] {
            var sim = try RouteSimulator(polyline: line, startTime: S.t0)
            var fixes: [Fix] = []
            var wall = 0.0, k = 0
            while fixes.count < 120 {
                // Irregular real-time ticks, scaled by the multiplier into simulated time.
                wall += [0.013, 0.25, 0.7, 0.031][k % 4]
                k += 1
                fixes += sim.advance(to: S.t0.adding(wall * multiplier))
            }
            #expect(Array(fixes.prefix(120)) == expected)
        }
    }

    @Test("fractional fix interval: fixes exactly 0.2 s apart, same path")
    func fractionalInterval() throws {
        let line = S.walk([(90, 300), (0, 300)])
        var options = RouteSimulator.Options()
        options.fixInterval = 0.2
        let fixes = try checkDrive(line, options: options)
        #expect(fixes[5].time == S.t0.adding(1.0))
        #expect(fixes[50].time == S.t0.adding(10.0))
    }

    @Test("per-segment speed limits are never exceeded and the vehicle brakes before them")
    func segmentLimits() throws {
        let line = S.walk([(0, 500), (0, 300), (0, 500)])
        var sim = try RouteSimulator(polyline: line, segmentSpeedLimits: [nil, 10, nil], startTime: S.t0)
        let fixes = S.driveToEnd(&sim)
        let along = S.distancesAlong(fixes, on: line)
        for (fix, d) in zip(fixes, along) where d >= 500 && d <= 800 { #expect((fix.speed ?? 99) <= 10 + 1e-9) }
        #expect(fixes.map { $0.speed ?? 0 }.max() == 30)
    }

    @Test("between two slow stretches 4 m apart it holds speed instead of surging and braking")
    func holdsSpeedBetweenCloseSlowPoints() throws {
        let line = S.walk([(0, 300), (0, 100), (0, 4), (0, 100), (0, 300)])
        var options = RouteSimulator.Options()
        options.fixInterval = 0.1
        var sim = try RouteSimulator(polyline: line, segmentSpeedLimits: [nil, 10, nil, 10, nil], options: options, startTime: S.t0)
        let fixes = S.driveToEnd(&sim)
        let along = S.distancesAlong(fixes, on: line)
        for (fix, d) in zip(fixes, along) where d > 300 && d < 504 { #expect(abs((fix.speed ?? 0) - 10) < 1e-9) }
    }

    @Test("starting mid-route at speed: the first fix is there, at that speed")
    func startDistance() throws {
        let line = S.walk([(0, 1_000)])
        var options = RouteSimulator.Options()
        options.startDistance = 400
        options.initialSpeed = 20
        var sim = try RouteSimulator(polyline: line, options: options, startTime: S.t0)
        let first = sim.next()
        #expect(first.speed == 20)
        #expect(abs((first.coordinate?.distance(to: line[0]) ?? 0) - 400) < 0.01)
        let rest = S.driveToEnd(&sim)
        #expect(abs(sim.distanceTraveled - 600) < 0.5)
        #expect(rest.last?.speed == 0)
    }

    @Test("a single-point route parks at once")
    func singlePoint() throws {
        var sim = try RouteSimulator(polyline: [S.origin], startTime: S.t0)
        let fix = sim.next()
        #expect(fix.coordinate == S.origin && fix.speed == 0 && sim.isFinished)
    }

    @Test("bad input gets a clear error naming it")
    func badInput() {
        #expect(throws: SimulationError.emptyGeometry) { try RouteSimulator(polyline: [], startTime: S.t0) }
        #expect(throws: SimulationError.invalidCoordinate(index: 1)) {
            try RouteSimulator(polyline: [S.origin, Coordinate(latitude: .nan, longitude: 0)], startTime: S.t0)
        }
        var options = RouteSimulator.Options()
        options.fixInterval = -1
        #expect(throws: SimulationError.invalidOption(name: "fixInterval", value: -1)) {
            try RouteSimulator(polyline: [S.origin], options: options, startTime: S.t0)
        }
        #expect(throws: SimulationError.countMismatch(name: "segmentSpeedLimits", expected: 1, found: 2)) {
            try RouteSimulator(polyline: S.walk([(0, 10)]), segmentSpeedLimits: [nil, nil], startTime: S.t0)
        }
        #expect(SimulationError.emptyGeometry.description == "route geometry is empty: nothing to drive along")
        #expect(SimulationError.invalidOption(name: "fixInterval", value: -1).description == "simulation option fixInterval = -1.0 is out of range")
    }

    @Test("elevations give altitude and climb")
    func elevations() throws {
        let line = S.walk([(0, 1_000)])
        var sim = try RouteSimulator(polyline: line, elevations: [100, 150], startTime: S.t0)
        let fixes = S.driveToEnd(&sim)
        #expect(fixes.first?.altitudeMSL == 100)
        #expect(abs((fixes.last?.altitudeMSL ?? 0) - 150) < 1e-9)
        let cruising = try #require(fixes.first { $0.speed == 30 })
        #expect(abs((cruising.climb ?? 0) - 30 * 0.05) < 1e-6)
        #expect(fixes.allSatisfy { $0.mode == .threeD })
    }

    @Test("without an altitude the fixes are 2D, with options.altitude 3D at it")
    func altitudeDecidesTheMode() throws {
        let line = S.walk([(0, 300)])
        var flat = try RouteSimulator(polyline: line, startTime: S.t0)
        let twoD = S.driveToEnd(&flat)
        #expect(twoD.count > 10)
        #expect(twoD.allSatisfy { $0.mode == .twoD && $0.altitudeMSL == nil && $0.verticalAccuracy == nil })
        var given = try RouteSimulator(polyline: line, options: .init(altitude: 120), startTime: S.t0)
        let threeD = S.driveToEnd(&given)
        #expect(threeD.allSatisfy { $0.mode == .threeD && $0.altitudeMSL == 120 && $0.verticalAccuracy == 5 })
    }
}
