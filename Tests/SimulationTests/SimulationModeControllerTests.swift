import Simulation
import Testing
import Timekeeping

@Suite("SimulationModeController")
struct SimulationModeControllerTests {
    let t0 = Timestamp(secondsSince1970: 1_800_000_000)

    func at(_ seconds: Double) -> Timestamp { t0.adding(seconds) }

    @Test("on_poor_gps takes over exactly 2.5 s after the last qualified fix, once armed by a ≤ 20 m fix")
    func takeover() {
        var c = SimulationModeController(mode: .onPoorGPS)
        #expect(c.realFix(at: at(0), horizontalAccuracy: 5, distanceAlongRoute: 10, routeActive: true).decision == .useReal)
        #expect(c.tick(at: at(2.4), routeActive: true) == [])
        #expect(c.realFix(at: at(2.0), horizontalAccuracy: 150, distanceAlongRoute: 20, routeActive: true).decision == .useReal)
        #expect(c.tick(at: at(2.49), routeActive: true) == [])
        #expect(!c.isSimulating)
        #expect(c.tick(at: at(2.5), routeActive: true) == [.simulationBegan])
        #expect(c.isSimulating)
        #expect(c.realFix(at: at(3), horizontalAccuracy: 150, distanceAlongRoute: 30, routeActive: true).decision == .drop)
    }

    @Test("on_poor_gps never takes over before a fix of at most 20 m has armed it")
    func arming() {
        var c = SimulationModeController(mode: .onPoorGPS)
        #expect(c.realFix(at: at(0), horizontalAccuracy: 50, distanceAlongRoute: nil, routeActive: true).decision == .useReal)
        #expect(c.tick(at: at(10), routeActive: true) == [])
        _ = c.realFix(at: at(10), horizontalAccuracy: 20, distanceAlongRoute: nil, routeActive: true)
        #expect(c.tick(at: at(12.4), routeActive: true) == [])
        #expect(c.tick(at: at(12.5), routeActive: true) == [.simulationBegan])
    }

    @Test("a qualified real fix hands back; one behind the simulated position within its accuracy is held there")
    func handBackWithoutBackwardJump() {
        var c = SimulationModeController(mode: .onPoorGPS)
        _ = c.realFix(at: at(0), horizontalAccuracy: 5, distanceAlongRoute: 0, routeActive: true)
        _ = c.tick(at: at(3), routeActive: true)
        c.simulatedFix(distanceAlongRoute: 100)
        let back = c.realFix(at: at(4), horizontalAccuracy: 30, distanceAlongRoute: 80, routeActive: true)
        #expect(back.events == [.simulationEnded])
        #expect(back.decision == .holdAt(100))
        #expect(!c.isSimulating)
        #expect(c.realFix(at: at(5), horizontalAccuracy: 30, distanceAlongRoute: 95, routeActive: true).decision == .holdAt(100))
        #expect(c.realFix(at: at(6), horizontalAccuracy: 30, distanceAlongRoute: 104, routeActive: true).decision == .useReal)
        #expect(c.realFix(at: at(7), horizontalAccuracy: 30, distanceAlongRoute: 90, routeActive: true).decision == .useReal)
    }

    @Test("a real fix behind by more than its accuracy is trusted (it jumps back)")
    func farBehindIsTrusted() {
        var c = SimulationModeController(mode: .onPoorGPS)
        _ = c.realFix(at: at(0), horizontalAccuracy: 5, distanceAlongRoute: 0, routeActive: true)
        _ = c.tick(at: at(3), routeActive: true)
        c.simulatedFix(distanceAlongRoute: 100)
        #expect(c.realFix(at: at(4), horizontalAccuracy: 10, distanceAlongRoute: 50, routeActive: true).decision == .useReal)
    }

    @Test("always drops real fixes while a route is active and uses them without one")
    func always() {
        var c = SimulationModeController(mode: .always)
        #expect(c.realFix(at: at(0), horizontalAccuracy: 3, distanceAlongRoute: nil, routeActive: false).decision == .useReal)
        #expect(c.tick(at: at(0), routeActive: true) == [.simulationBegan])
        #expect(c.realFix(at: at(1), horizontalAccuracy: 3, distanceAlongRoute: 5, routeActive: true).decision == .drop)
        #expect(c.tick(at: at(2), routeActive: false) == [.simulationEnded])
    }

    @Test("never ignores poor fixes and switching to never ends a running simulation")
    func never() {
        var c = SimulationModeController(mode: .never)
        _ = c.realFix(at: at(0), horizontalAccuracy: 5, distanceAlongRoute: 0, routeActive: true)
        #expect(c.tick(at: at(60), routeActive: true) == [])
        #expect(c.setMode(.onPoorGPS, at: at(60), routeActive: true) == [.modeChanged(.onPoorGPS)])
        _ = c.realFix(at: at(61), horizontalAccuracy: 5, distanceAlongRoute: 0, routeActive: true)
        #expect(c.tick(at: at(63.5), routeActive: true) == [.simulationBegan])
        #expect(c.setMode(.never, at: at(64), routeActive: true) == [.modeChanged(.never), .simulationEnded])
        #expect(c.setMode(.never, at: at(65), routeActive: true) == [])
    }
}
