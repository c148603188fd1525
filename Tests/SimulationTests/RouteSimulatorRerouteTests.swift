import Geodesy
import Positioning
import RouteModel
import Simulation
import Testing
import Timekeeping

@Suite("RouteSimulator reroutes")
struct RouteSimulatorRerouteTests {
    typealias S = TestShapes

    @Test("reroute mid-drive keeps speed, position and the time grid continuous")
    func keepsSpeedAndPosition() throws {
        let line = S.walk([(0, 2_000)])
        var sim = try RouteSimulator(polyline: line, startTime: S.t0)
        let before = sim.advance(to: S.t0.adding(20))
        let last = try #require(before.last)
        let here = try #require(last.coordinate)
        let travelled = sim.distanceTraveled
        // The new route starts where the vehicle is and turns east after 200 m.
        let detour = S.walk([(0, 200), (90, 800)], from: here)
        try sim.reroute(to: makeRoute([makeLeg(detour)]))
        let after = sim.advance(to: S.t0.adding(60))
        let first = try #require(after.first)
        #expect(first.time == S.t0.adding(21))
        #expect((first.speed ?? 0) <= (last.speed ?? 0) + 3 + 1e-9)
        #expect((first.speed ?? 0) >= (last.speed ?? 0) - 4 - 1e-9)  // it may brake for the turn ahead
        let step = try #require(first.coordinate).distance(to: here)
        #expect(abs(step - ((first.speed ?? 0) + (last.speed ?? 0)) / 2) < 2)
        #expect(sim.distanceTraveled > travelled)
        let rest = S.driveToEnd(&sim)
        #expect(rest.last?.coordinate == detour[detour.count - 1])
        #expect(abs(sim.distanceTraveled - (travelled + Polyline(detour).length)) < 0.5)
    }

    @Test("reroute onto a slow road brakes at the braking bound instead of dropping speed")
    func brakesIntoLowerLimit() throws {
        let line = S.walk([(0, 3_000)])
        var sim = try RouteSimulator(polyline: line, startTime: S.t0)
        let before = sim.advance(to: S.t0.adding(30))
        #expect(before.last?.speed == 30)
        let here = try #require(before.last?.coordinate)
        let slow = S.walk([(0, 1_000)], from: here)
        try sim.reroute(toPolyline: slow, segmentSpeedLimits: [8.3])
        let after = sim.advance(to: S.t0.adding(50))
        var previous = 30.0
        for fix in after {
            let speed = fix.speed ?? 0
            #expect(previous - speed <= 4 + 1e-9)
            previous = speed
        }
        #expect(after.first?.speed == 26)
        #expect(abs((after.last?.speed ?? 0) - 8.3) < 1e-9)
    }

    @Test("a parked vehicle given a new route drives it")
    func resumesAfterParking() throws {
        let line = S.walk([(0, 200)])
        var sim = try RouteSimulator(polyline: line, startTime: S.t0)
        _ = S.driveToEnd(&sim)
        #expect(sim.isFinished)
        try sim.reroute(toPolyline: S.walk([(90, 300)], from: line[1]))
        #expect(!sim.isFinished)
        let more = S.driveToEnd(&sim)
        #expect(more.first?.speed == 3)  // 1 s after the parked fix, pulling away at 3 m/s²
        #expect(more.compactMap(\.speed).max() ?? 0 > 10)
        #expect(abs(sim.distanceTraveled - 500) < 0.5)
    }

    @Test("a bad reroute is refused and leaves the drive as it was")
    func badReroute() throws {
        var sim = try RouteSimulator(polyline: S.walk([(0, 500)]), startTime: S.t0)
        _ = sim.advance(to: S.t0.adding(10))
        var copy = sim
        #expect(throws: SimulationError.emptyGeometry) { try sim.reroute(toPolyline: []) }
        #expect(sim.advance(to: S.t0.adding(20)) == copy.advance(to: S.t0.adding(20)))
    }
}
