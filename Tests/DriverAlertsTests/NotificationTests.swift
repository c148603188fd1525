@testable import DriverAlerts
import Foundation
import Gateway
import Positioning
import Testing
import TestSupport

/// Notifications posted over a real private session bus to a small notification server.
@Suite("DriverAlerts notifications", .serialized)
struct NotificationTests {
    /// Runs `body` with a private bus and a notification server on it (answering `GetCapabilities`
    /// with `capabilities`, nil: not at all), stopping both after.
    static func withBus(capabilities: [String]? = ["body", "body-markup"],
                        _ body: (PrivateSessionBus, NotificationServer, TemporaryDirectory) throws -> Void) throws {
        let dir = try TemporaryDirectory(prefix: "dbus")
        defer { dir.remove() }
        let bus = try PrivateSessionBus(dir: dir)
        defer { bus.stop() }
        let server = try NotificationServer(address: bus.address, capabilities: capabilities)
        defer { server.stop() }
        try body(bus, server, dir)
    }

    static func notifier(_ address: String, maneuvers: Bool = true, warnings: WarningLog) -> DriverAlerts {
        DriverAlerts(settings: DriverAlertSettings(notifications: true, maneuverNotifications: maneuvers),
                     busAddress: address, environment: [:], warn: warnings.sink)
    }

    @Test("each VOICE posts one Notify with its banner's text, replacing the previous maneuver notification")
    func maneuverNotifications() throws {
        try Self.withBus { bus, server, _ in
            let warnings = WarningLog()
            let alerts = Self.notifier(bus.address, warnings: warnings)
            alerts.handle([AlertEvents.banner("Turn left onto Mannerheimintie", "Pasila", step: 1),
                           AlertEvents.voice("In 400 metres, turn left onto Mannerheimintie.", step: 1, distance: 400)])
            alerts.handle([AlertEvents.voice("Turn left onto Mannerheimintie.", step: 1, distance: 10)])
            alerts.handle([AlertEvents.banner("Keep right onto Hämeentie", step: 2),
                           AlertEvents.voice("In 1.2 kilometres, keep right onto Hämeentie.", step: 2, distance: 1234)])
            // A voice whose step has no banner yet shows its own text.
            alerts.handle([AlertEvents.voice("Tra 200 metri, svolta a destra.", step: 3, language: "it")])
            #expect(alerts.waitUntilIdle(timeout: 10))
            let calls = server.waitForCalls(4)
            #expect(calls.map(\.summary) == ["Turn left onto Mannerheimintie", "Turn left onto Mannerheimintie",
                                             "Keep right onto Hämeentie", "Tra 200 metri, svolta a destra."])
            #expect(calls.map(\.body) == ["Pasila\nin 400 m", "Pasila\nnow", "in 1.2 km", "tra 200 m"])
            #expect(calls.map(\.replacesID) == [0, 101, 102, 103])
            #expect(calls.allSatisfy { $0.appName == "Waygate" })
            #expect(alerts.state == DriverAlertsState(speech: false, notifications: true, notificationsSent: 4))
            alerts.stop()
            #expect(warnings.all.isEmpty)
        }
    }

    @Test("ARRIVAL, REROUTE and DEVICE lost/back post status notifications")
    func statusNotifications() throws {
        try Self.withBus { bus, server, _ in
            let alerts = Self.notifier(bus.address, warnings: WarningLog())
            alerts.handle([AlertEvents.device(.connected)])  // the first connection is not news
            alerts.handle([AlertEvents.device(.lost)])
            alerts.handle([AlertEvents.device(.reconnecting), AlertEvents.device(.lost)])
            alerts.handle([AlertEvents.device(.connected)])
            alerts.handle([AlertEvents.rerouteStarted()])
            alerts.handle([AlertEvents.rerouteSucceeded()])
            alerts.handle([AlertEvents.arrival("Via Roma")])
            #expect(alerts.waitUntilIdle(timeout: 10))
            alerts.stop()
            let calls = server.waitForCalls(5)
            #expect(calls.map(\.summary) == ["GPS signal lost", "GPS signal back", "Rerouting…", "New route", "Arrived at Via Roma"])
            #expect(calls.prefix(2).map(\.body) == ["serial:/dev/ttyACM0", "serial:/dev/ttyACM0"])
            // "back" replaces "lost"; "New route" replaces "Rerouting…"; arrival is its own.
            #expect(calls.map(\.replacesID) == [0, 101, 0, 103, 0])
        }
    }

    @Test("with maneuver notifications off (--no-notify-maneuvers) only status ones are posted")
    func statusOnly() throws {
        try Self.withBus { bus, server, _ in
            let alerts = Self.notifier(bus.address, maneuvers: false, warnings: WarningLog())
            alerts.handle([AlertEvents.banner("Turn left", step: 1), AlertEvents.voice("Turn left.", step: 1)])
            alerts.handle([AlertEvents.device(.lost), AlertEvents.voice("Turn right.", step: 2), AlertEvents.arrival("Kamppi")])
            #expect(alerts.waitUntilIdle(timeout: 10))
            alerts.stop()
            #expect(server.received.map(\.summary) == ["GPS signal lost", "Arrived at Kamppi"])
        }
    }

    @Test("set(notifications:) switches notifications off and on at runtime")
    func runtimeSwitch() throws {
        try Self.withBus { bus, server, _ in
            let alerts = Self.notifier(bus.address, warnings: WarningLog())
            alerts.set(speech: nil, notifications: false)
            #expect(alerts.state.notifications == false)
            alerts.handle([AlertEvents.voice("Turn left.", step: 1)])
            alerts.set(speech: nil, notifications: true)
            alerts.handle([AlertEvents.voice("Turn right.", step: 2)])
            #expect(alerts.waitUntilIdle(timeout: 10))
            alerts.stop()
            #expect(server.received.map(\.summary) == ["Turn right."])
        }
    }

    @Test("no session bus: one warning, handle() keeps returning, notifications off")
    func noBus() throws {
        let dir = try TemporaryDirectory(prefix: "dbus")
        defer { dir.remove() }
        let warnings = WarningLog()
        let missing = "unix:path=\(dir.file("missing-bus"))"
        let alerts = Self.notifier(missing, warnings: warnings)
        for step in 0..<50 {
            alerts.handle([AlertEvents.banner("Turn left", step: step), AlertEvents.voice("Turn left.", step: step), AlertEvents.device(.lost)])
        }
        #expect(alerts.waitUntilIdle(timeout: 10))
        alerts.handle([AlertEvents.arrival("Kamppi")])
        #expect(alerts.waitUntilIdle(timeout: 10))
        alerts.stop()
        #expect(warnings.all == ["notifications: cannot connect to the D-Bus session bus at \(missing): No such file or directory: notifications off"])
        #expect(alerts.state.notifications == false)

        let unset = WarningLog()
        let noAddress = DriverAlerts(settings: DriverAlertSettings(notifications: true), busAddress: nil,
                                     environment: ["XDG_RUNTIME_DIR": dir.path], warn: unset.sink)
        noAddress.handle([AlertEvents.arrival("Kamppi")])
        #expect(noAddress.waitUntilIdle(timeout: 10))
        noAddress.stop()
        #expect(unset.all.count == 1)
        #expect(unset.all.first?.hasPrefix("notifications: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset") == true)
        #expect(unset.all.first?.hasSuffix(": notifications off") == true)
    }

    @Test("a bus without a notification server: one warning, later notifications still tried")
    func noServer() throws {
        let dir = try TemporaryDirectory(prefix: "dbus")
        defer { dir.remove() }
        let bus = try PrivateSessionBus(dir: dir)
        defer { bus.stop() }
        let warnings = WarningLog()
        let alerts = Self.notifier(bus.address, warnings: warnings)
        alerts.handle([AlertEvents.voice("Turn left.", step: 1)])
        alerts.handle([AlertEvents.voice("Turn right.", step: 2)])
        #expect(alerts.waitUntilIdle(timeout: 15))
        let server = try NotificationServer(address: bus.address)
        defer { server.stop() }
        alerts.handle([AlertEvents.voice("Keep left.", step: 3)])
        #expect(alerts.waitUntilIdle(timeout: 10))
        alerts.stop()
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("org.freedesktop.DBus.Error.ServiceUnknown") == true)
        #expect(server.received.map(\.summary) == ["Keep left."])
        // The failed calls left the capabilities unknown: the server that came later was asked.
        #expect(server.capabilityCalls == 1)
    }
}
