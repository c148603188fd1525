@testable import DriverAlerts
import Foundation
import Testing
import TestSupport
import WireProtocol

/// Notifications through the real daemon: `waygate serve --notify` on a private session bus
/// with the test's notification server, replaying a simulated receiver log of a guided Helsinki
/// drive. The log ends after the arrival, so the drive also loses its GPS signal.
@Suite("waygate serve --notify: desktop notifications of a guided drive", .serialized)
struct ServeNotifyTests {
    /// Bulevardi → Siltavuorenpenger, planned on the Helsinki map, and the NMEA log of a
    /// simulated receiver driving it.
    static func drive(in dir: TemporaryDirectory) throws -> (map: String, route: String, log: String) {
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", "60.164199,24.936660", "--to", "60.175082,24.952825", "--format", "osrm"])
        try #require(planned.status == 0, "\(planned.stderr)")
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)
        let simulated = try WaygateRunner.run(["simulate", "--route", dir.file("route.json"), "--format", "nmea"])
        try #require(simulated.status == 0, "\(simulated.stderr)")
        try simulated.stdout.write(toFile: dir.file("drive.nmea"), atomically: true, encoding: .utf8)
        return (map, dir.file("route.json"), dir.file("drive.nmea"))
    }

    /// What a socket client saw of the drive.
    struct Seen {
        /// Per VOICE, in order: the summary its notification must have, the text of the BANNER of
        /// its step; nil when that BANNER came before this client subscribed.
        var maneuverSummaries: [String?] = []
        var arrival: ArrivalMessage?
        var lostSource: String?
        var events = 0
    }

    /// Starts `waygate serve` replaying the drive with guidance and `extra` options on `bus`
    /// (DBUS_SESSION_BUS_ADDRESS), reads the socket until the replay's DEVICE lost, runs
    /// `beforeStopping` with what it saw (e.g. waiting for the notifications still on their way
    /// over the bus), and stops it.
    static func run(_ extra: [String], bus: String, dir: TemporaryDirectory,
                    beforeStopping: (Seen) -> Void = { _ in }) throws -> (seen: Seen, log: String) {
        let drive = try drive(in: dir)
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        let daemon = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", drive.map, "--replay", drive.log, "--replay-speed", "8", "--guide", drive.route, "--socket", dir.file("s.sock")] + extra,
            environment: environment, stderr: dir.file("serve.log"))
        defer { daemon.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        _ = try client.next()
        try client.send(.subscribe([.instructions, .guidance, .device, .progress]))
        var seen = Seen()
        var banners: [Int: String] = [:]
        let deadline = Date(timeIntervalSinceNow: 180)
        while seen.lostSource == nil, Date() < deadline, let message = try client.next(timeout: 60) {
            guard case .event(let event) = message else { continue }
            seen.events += 1
            switch event.payload {
            case .banner(let b): banners[b.stepIndex] = b.primary.text
            case .voice(let v): seen.maneuverSummaries.append(banners[v.stepIndex])
            case .arrival(let a): seen.arrival = a
            case .device(let d) where d.state == .lost: seen.lostSource = d.source
            default: break
            }
        }
        beforeStopping(seen)
        daemon.stop()
        return (seen, (try? String(contentsOfFile: dir.file("serve.log"), encoding: .utf8)) ?? "")
    }

    @Test("each VOICE posts one Notify with its banner's text, replacing the previous one; ARRIVAL and GPS signal lost post theirs")
    func guidedDrive() throws {
        try NotificationTests.withBus { bus, server, dir in
            // The maneuvers, the arrival and the signal loss: wait for them before stopping the daemon.
            let (seen, log) = try Self.run(["--notify"], bus: bus.address, dir: dir) { seen in
                let calls = server.waitForCalls(seen.maneuverSummaries.count + 2, timeout: 60)
                // A departure VOICE from before the client subscribed makes one call more: the signal loss may still be on its way.
                if !calls.contains(where: { $0.summary == "GPS signal lost" }) { _ = server.waitForCalls(calls.count + 1, timeout: 60) }
            }
            let arrival = try #require(seen.arrival, "no ARRIVAL: \(log.suffix(500))")
            let lost = try #require(seen.lostSource, "no DEVICE lost")
            #expect(seen.maneuverSummaries.count >= 3)
            let place = arrival.name ?? "your destination"
            let calls = server.waitForCalls(seen.maneuverSummaries.count + 2, timeout: 60)
            let status = ["Arrived at \(place)", "GPS signal lost"]
            let maneuvers = calls.filter { !status.contains($0.summary) }
            // The daemon's first VOICE (the departure) may come before this client subscribed.
            #expect(maneuvers.count == seen.maneuverSummaries.count || maneuvers.count == seen.maneuverSummaries.count + 1,
                    "\(maneuvers.map(\.summary)) for \(seen.maneuverSummaries)")
            let matched = zip(maneuvers.suffix(seen.maneuverSummaries.count), seen.maneuverSummaries).map { call, expected in
                expected.map { call.summary == $0 } ?? !call.summary.isEmpty
            }
            #expect(!matched.contains(false), "\(maneuvers.map(\.summary)) for \(seen.maneuverSummaries)")
            #expect(seen.maneuverSummaries.compactMap { $0 }.count >= 3)
            #expect(maneuvers.allSatisfy { $0.appName == "Waygate" })
            #expect(maneuvers.allSatisfy { $0.body.split(separator: "\n").last.map { $0 == "now" || $0.hasPrefix("in ") } == true }, "\(maneuvers.map(\.body))")
            // Each replaces the one before it: one maneuver notification on screen at a time.
            #expect(maneuvers.map(\.replacesID) == [0] + maneuvers.dropLast().map(\.id))
            let arrived = calls.filter { $0.summary == "Arrived at \(place)" }
            #expect(arrived.map(\.body) == ["Guidance ends here."])
            #expect(arrived.map(\.replacesID) == [0])
            let signal = calls.filter { $0.summary == "GPS signal lost" }
            #expect(signal.map(\.body) == [lost])
            // The log ends after the arrival: the signal is lost last.
            #expect(calls.last?.summary == "GPS signal lost")
            #expect(!log.contains("notifications:"), "\(log)")
        }
    }

    @Test("--no-notify-maneuvers: only the arrival and GPS signal notifications")
    func statusOnly() throws {
        try NotificationTests.withBus { bus, server, dir in
            let (seen, _) = try Self.run(["--notify", "--no-notify-maneuvers"], bus: bus.address, dir: dir) { _ in
                _ = server.waitForCalls(2, timeout: 60)
            }
            let arrival = try #require(seen.arrival)
            #expect(seen.maneuverSummaries.count >= 3)
            let calls = server.waitForCalls(2, timeout: 60)
            usleep(500_000)  // any maneuver notification would have come by now
            #expect(server.received.map(\.summary) == ["Arrived at \(arrival.name ?? "your destination")", "GPS signal lost"])
            #expect(calls.count == 2)
        }
    }

    @Test("no session bus: one warning on stderr, and the drive's events keep coming to arrival")
    func noBus() throws {
        let dir = try TemporaryDirectory(prefix: "notify-nobus")
        defer { dir.remove() }
        let missing = "unix:path=\(dir.file("no-bus-here"))"
        let (seen, log) = try Self.run(["--notify"], bus: missing, dir: dir)
        #expect(seen.arrival != nil)
        #expect(seen.lostSource != nil)
        #expect(seen.maneuverSummaries.count >= 3)
        #expect(seen.events > 50)
        let warnings = log.split(separator: "\n").filter { $0.contains("notifications") }
        #expect(warnings == ["waygate: warning: notifications: cannot connect to the D-Bus session bus at \(missing): No such file or directory: notifications off"], "\(log)")
    }
}
