@testable import DriverAlerts
import Positioning
import Testing

@Suite("NotificationComposer and NotificationQueue")
struct NotificationComposerTests {
    @Test("distances read as in prompts: 10 m steps, tenths of km, 'now' at the maneuver")
    func distances() {
        #expect(DistanceText.spoken(0, language: "en") == "now")
        #expect(DistanceText.spoken(204, language: "en") == "in 200 m")
        #expect(DistanceText.spoken(996, language: "en") == "in 1 km")
        #expect(DistanceText.spoken(1234, language: "it") == "tra 1,2 km")
        #expect(DistanceText.spoken(-5, language: "en") == nil)
        #expect(DistanceText.spoken(.nan, language: nil) == nil)
        // A server's garbage (a VOICE 1e21 m before its maneuver trapped converting to Int).
        #expect(DistanceText.spoken(1e9, language: "en") == "in 1000000 km")
        #expect(DistanceText.spoken(1e21, language: "en") == nil)
        #expect(DistanceText.spoken(.infinity, language: "it") == nil)
    }

    @Test("a banner of another step is not shown with a voice instruction; free drive forgets it")
    func bannerMatching() {
        var composer = NotificationComposer()
        _ = composer.update(with: .banner(.init(primary: "Turn left", secondary: nil, legIndex: 0, stepIndex: 1)))
        let other = composer.update(with: .voice(.init(announcement: "Keep right.", distance: 100, language: "en", legIndex: 0, stepIndex: 2)))
        #expect(other.map(\.summary) == ["Keep right."])
        let same = composer.update(with: .voice(.init(announcement: "Turn left now.", distance: 0, language: "en", legIndex: 0, stepIndex: 1)))
        #expect(same.map(\.summary) == ["Turn left"])
        _ = composer.update(with: .guidance(active: false))
        let after = composer.update(with: .voice(.init(announcement: "Turn left now.", distance: 0, language: "en", legIndex: 0, stepIndex: 1)))
        #expect(after.map(\.summary) == ["Turn left now."])
    }

    @Test("under overload the oldest maneuver notifications are dropped, status ones never")
    func boundedQueue() {
        var queue = NotificationQueue(maneuverCapacity: 2)
        let lost = DesktopNotification(kind: .status, slot: "device:x", summary: "GPS signal lost", body: "x")
        queue.push(lost)
        for i in 0..<5 { queue.push(DesktopNotification(kind: .maneuver, slot: "maneuver", summary: "m\(i)", body: "")) }
        queue.push(DesktopNotification(kind: .status, slot: "arrival", summary: "Arrived", body: ""))
        #expect(queue.items.map(\.summary) == ["GPS signal lost", "m3", "m4", "Arrived"])
        #expect(queue.dropped == 3)
    }

    @Test("periodic faster-route checks are silent; a faster route taken is news")
    func fasterRoute() {
        #expect(DriverAlertEvent.from(AlertEvents.rerouteStarted()) == .reroute(.started))
        #expect(DriverAlertEvent.from(AlertEvents.device(.lost)) == .device(.lost, source: .serial("/dev/ttyACM0")))
        #expect(DriverAlerts.speechAction(for: .reroute(.failed("no route"))) == nil)
        #expect(DriverAlerts.speechAction(for: .guidance(active: false)) == .flush)
    }
}
