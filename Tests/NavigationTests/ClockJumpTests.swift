import Geodesy
import Navigation
import Positioning
import RouteModel
import Testing
import Timekeeping

@Suite("Clocks that jump back: guidance goes on from the new time base")
struct ClockJumpTests {
    /// Fixes driving east along the L-shaped route's first leg at 10 m/s, one per second from `start`.
    static func fixes(from x: Double, count: Int, start: Timestamp) -> [Fix] {
        (0..<count).map { i in FixGenerator.fix(x + Double(i) * 10, 0, time: start.adding(Double(i)), speed: 10, course: 90) }
    }

    @Test("an hour back (a replay from the past): PROGRESS keeps coming and keeps advancing")
    func hourBack() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        let before = Self.fixes(from: 0, count: 10, start: FixGenerator.start).flatMap { session.update(with: $0) }.progresses
        let after = Self.fixes(from: 100, count: 10, start: FixGenerator.start.adding(-3_600)).flatMap { session.update(with: $0) }.progresses
        #expect(before.count == 10)
        #expect(after.count == 10)
        let last = try #require(before.last?.distanceTraveled)
        #expect((after.last?.distanceTraveled ?? 0) > last + 80)
    }

    @Test("a week back (GPS week rollover) and a fix repeated 1 s late: the jump is followed, the repeat ignored")
    func weekBackAndRepeat() throws {
        var session = NavigationSession()
        _ = try session.start(route: TestRoutes.lShaped(), routeID: "r1")
        _ = Self.fixes(from: 0, count: 5, start: FixGenerator.start).flatMap { session.update(with: $0) }
        let repeated = session.update(with: FixGenerator.fix(40, 0, time: FixGenerator.start.adding(3), speed: 10, course: 90))
        #expect(repeated.progresses.isEmpty)
        let jumped = session.update(with: FixGenerator.fix(50, 0, time: FixGenerator.start.adding(-7 * 86_400), speed: 10, course: 90))
        #expect(jumped.progresses.count == 1)
        #expect(NavigationSession.clockJumpTolerance == 30)
    }
}
