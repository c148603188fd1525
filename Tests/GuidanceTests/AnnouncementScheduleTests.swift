import Guidance
import Testing

@Suite("AnnouncementSchedule")
struct AnnouncementScheduleTests {
    @Test(
        "trigger distances depend on the speed class and the step length",
        arguments: [
            // (length m, speed m/s, expected distances)
            (800.0, 10.0, [800.0, 400, 100, 20]),  // town, long: continue, early, near, at
            (250, 10, [250, 100, 20]),  // town, short: first prompt at the step start
            (110, 10, [110, 20]),  // town, shorter than the near distance: first prompt at the step start
            (40, 10, [20]),  // very short: only at the maneuver
            (12, 10, [12]),  // shorter than the at-maneuver distance
            (3_000, 22, [3_000, 1_000, 200, 44]),  // rural road at 80 km/h
            (5_000, 30, [5_000, 2_000, 300, 60]),  // motorway at 108 km/h
            (1_500, 30, [1_500, 300, 60]),  // motorway, step shorter than the early distance
        ])
    func triggers(length: Double, speed: Double, expected: [Double]) {
        let triggers = AnnouncementSchedule().triggers(length: length, speed: speed, isDeparture: false)
        #expect(triggers.map(\.distanceAlongGeometry) == expected)
        #expect(triggers.last?.kind == .atManeuver)
    }

    @Test("speed classes switch at 60 and 90 km/h")
    func classes() {
        let schedule = AnnouncementSchedule()
        #expect(schedule.distances(forSpeed: 59 / 3.6).early == 400)
        #expect(schedule.distances(forSpeed: 60 / 3.6).early == 1_000)
        #expect(schedule.distances(forSpeed: 90 / 3.6).early == 2_000)
    }
}
