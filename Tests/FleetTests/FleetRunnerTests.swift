import Fleet
import Foundation
import Gateway
import Geodesy
import MQTTOutlet
import OSMImport
import TestSupport
import Testing
import Timekeeping
import WireProtocol

/// The Helsinki extract imported once for the suite (a second in debug builds, no hierarchy).
enum HelsinkiMap {
    static let router: MapRouter? = {
        guard let bytes = try? [UInt8](Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf"))),
              let result = try? OSMImporter().importGraph(from: bytes) else { return nil }
        return MapRouter(graph: result.graph)
    }()
}

@Suite("Fleet runner on the Helsinki map", .serialized)
struct FleetRunnerTests {
    private let start = Timestamp(secondsSince1970: 1_796_000_000)

    private func options(vehicles: Int, seed: UInt64, shards: Int, duration: Double?) -> FleetOptions {
        var options = FleetOptions(vehicles: vehicles, seed: seed, startTime: start)
        options.speedMultiplier = nil
        options.duration = duration
        options.shards = shards
        return options
    }

    @Test("a run is the same for a seed whatever the sharding, and differs for another seed")
    func deterministic() async throws {
        let router = try #require(HelsinkiMap.router)
        let one = try await FleetRunner(router: router, options: options(vehicles: 6, seed: 7, shards: 1, duration: 90)).run()
        let three = try await FleetRunner(router: router, options: options(vehicles: 6, seed: 7, shards: 3, duration: 90)).run()
        let other = try await FleetRunner(router: router, options: options(vehicles: 6, seed: 8, shards: 3, duration: 90)).run()
        #expect(one.vehicles == three.vehicles)
        #expect(one.vehicles != other.vehicles)
        #expect(one.vehicles.map(\.id) == (0..<6).map { String(format: "sim-%05d", $0) })
        for vehicle in one.vehicles {
            #expect(vehicle.lines["location"] == 90, "\(vehicle.id)")
            #expect(vehicle.trips >= 1 && vehicle.failedPlans == 0, "\(vehicle.id)")
            #expect((vehicle.lines["session"] ?? 0) >= 1 && (vehicle.lines["progress"] ?? 0) > 0, "\(vehicle.id)")
        }
        #expect(one.progress.simulatedSeconds == 90 && one.progress.lines == one.vehicles.map(\.totalLines).reduce(0, +))
    }

    @Test("a paced run gives the same vehicles as an unpaced one, reports progress, and stop() ends it early")
    func pacingProgressAndStop() async throws {
        let router = try #require(HelsinkiMap.router)
        let unpaced = try await FleetRunner(router: router, options: options(vehicles: 3, seed: 11, shards: 2, duration: 20)).run()
        var paced = options(vehicles: 3, seed: 11, shards: 2, duration: 20)
        paced.speedMultiplier = 50
        let lines = ProgressLines()
        let report = try await FleetRunner(router: router, options: paced).run(progressInterval: 0.05) { lines.append($0) }
        #expect(report.vehicles == unpaced.vehicles)
        let last = try #require(lines.values.last)
        #expect(last.simulatedSeconds == 20 && last.vehiclesDriving == 3 && last.trips == 3 && last.connections == 0)
        #expect(last.line.hasPrefix("t=20 s (") && last.line.hasSuffix("· 3 driving · 3 trips · \(last.lines) lines"))

        var long = options(vehicles: 2, seed: 11, shards: 1, duration: 100_000)
        long.speedMultiplier = 1
        let runner = try FleetRunner(router: router, options: long)
        let stopper = Task {
            try? await Task.sleep(for: .milliseconds(300))
            runner.stop()
        }
        let stopped = await runner.run()
        _ = await stopper.value
        #expect(stopped.progress.simulatedSeconds < 100_000)
        #expect(stopped.vehicles.count == 2)
    }

    @Test("without a duration every vehicle drives one trip to the end and arrives")
    func oneTripEach() async throws {
        let router = try #require(HelsinkiMap.router)
        var options = options(vehicles: 4, seed: 3, shards: 2, duration: nil)
        options.simulatesTunnels = false  // a trip ending in a tunnel has no fix to arrive with
        let report = try await FleetRunner(router: router, options: options).run()
        for vehicle in report.vehicles {
            #expect(vehicle.trips == 1, "\(vehicle.id)")
            #expect((vehicle.lines["guidance"] ?? 0) >= 1, "\(vehicle.id): ARRIVAL expected, \(vehicle.lines)")
        }
        #expect(report.progress.vehiclesDriving == 0)
    }

    @Test("bad options and trip files get one line naming them")
    func badInput() throws {
        let router = try #require(HelsinkiMap.router)
        var bad = options(vehicles: 0, seed: 1, shards: 1, duration: 10)
        #expect(throws: FleetError.badOption(name: "--vehicles", reason: "0 is outside 1…1000000")) { try FleetRunner(router: router, options: bad) }
        bad.vehicles = 2
        bad.speedMultiplier = -1
        #expect(throws: FleetError.badOption(name: "--speed-multiplier", reason: "-1.0 must be a positive number")) { try FleetRunner(router: router, options: bad) }
        #expect(throws: FleetError.badTrip(line: 2, reason: "\"60.17\" is not LAT,LON in degrees")) {
            try FleetTrip.parse("60.16,24.93 60.17,24.95\n60.17 60.18,24.94\n")
        }
        let trips = try FleetTrip.parse("# origin destination\n60.1699,24.9384 60.1600,24.9500  # centre to south\n\n")
        #expect(trips.count == 1 && trips[0].destination.latitude == 60.16)
    }

    @Test("fleet --vehicles 50 over a real mosquitto delivers 50 vehicles' streams with the right counts",
          .enabled(if: LoopbackMosquitto.isInstalled))
    func fiftyVehiclesOverMQTT() async throws {
        let router = try #require(HelsinkiMap.router)
        let dir = try TemporaryDirectory(prefix: "fleet-mqtt")
        defer { dir.remove() }
        let broker = try LoopbackMosquitto(dir: dir, extraConfig: "max_queued_messages 0\nmax_inflight_messages 0\n")
        defer { broker.stop() }
        let subscriber = try MosquittoSubscriber(broker: broker, name: "sub")
        defer { subscriber.stop() }
        #expect(subscriber.waitUntilReady())

        let mqtt = try MQTTSettings(url: broker.url, vehicleID: "fleet")
        let runner = try FleetRunner(router: router, options: options(vehicles: 50, seed: 42, shards: 2, duration: 40), mqtt: mqtt)
        let report = await runner.run()
        #expect(report.vehicles.count == 50)
        let expected = report.vehicles.map(\.totalLines).reduce(0, +) + 100  // + online and offline status per vehicle
        let received = subscriber.wait(timeout: 30) { $0.count >= expected }
        #expect(received.count == expected)
        #expect(report.mqtt.map(\.dropped) == [0, 0])
        #expect(report.mqtt.map(\.published).reduce(0, +) == UInt64(expected))

        let counts = received.countsPerVehicle
        #expect(counts.count == 50)
        for vehicle in report.vehicles {
            var lines = vehicle.lines
            lines["status"] = 2
            #expect(counts[vehicle.id] == lines, "\(vehicle.id)")
            #expect(vehicle.lines["location"] == 40, "\(vehicle.id)")
        }
        let status = received.filter { $0.topic == "waygate/sim-00000/status" }.map(\.payload)
        #expect(status == [#"{"online":true}"#, #"{"online":false}"#])

        // Payloads are the socket's lines without `\n`: a LOCATION per location message, from the
        // simulator, its `seq` rising message after message (one topic keeps its order).
        let locations = received.filter { $0.topic == "waygate/sim-00007/location" }
        let objects = locations.compactMap { try? JSONSerialization.jsonObject(with: Data($0.payload.utf8)) as? [String: Any] }
        #expect(objects.count == 40 && locations.allSatisfy { !$0.payload.hasSuffix("\n") && $0.retained == false && $0.qos == 0 })
        #expect(objects.allSatisfy { $0["class"] as? String == "LOCATION" && $0["source"] as? String == "simulator" })
        let seqs = objects.compactMap { $0["seq"] as? Int }
        #expect(seqs.count == 40 && zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })

        // MATCH payloads are byte for byte the plain encoding of what they say.
        let matches = received.filter { $0.topic.hasSuffix("/match") }
        #expect(matches.count == report.linesByChannel["match"] && matches.count > 1_000)
        var withHorizon = 0, alongRoute = 0
        for match in matches {
            let message = try ServerMessage.decode(line: Array(match.payload.utf8) + [0x0A])
            if case .event(let event) = message, case .match(let body) = event.payload {
                if (body.horizon?.count ?? 0) > 1 { withHorizon += 1 }
                if body.horizonPath == "route" { alongRoute += 1 }
            }
            #expect(String(decoding: message.line.dropLast(), as: UTF8.self) == match.payload)
        }
        #expect(withHorizon > matches.count / 2)
        // Every vehicle is guided on a route planned on the map: its horizon is the route's.
        #expect(alongRoute > matches.count * 9 / 10)
    }
}

/// Progress reports received, in order.
final class ProgressLines: @unchecked Sendable {  // `list` is only touched while `lock` is held.
    private let lock = NSLock()
    private var list: [FleetProgress] = []
    func append(_ progress: FleetProgress) { lock.withLock { list.append(progress) } }
    var values: [FleetProgress] { lock.withLock { list } }
}
