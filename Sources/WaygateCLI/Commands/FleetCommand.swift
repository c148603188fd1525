import Fleet
import Foundation
import Gateway
import MQTTOutlet
import RouteFormats
import SystemIO
import Timekeeping

/// `waygate fleet`: many simulated vehicles on one map, each with its own route, simulator,
/// matcher and guidance, publishing the topics a real vehicle publishes to an MQTT broker.
struct FleetCommand: Subcommand {
    static let spec = CommandSpec(
        name: "fleet", abstract: "Simulate many vehicles on a map and publish them to an MQTT broker.",
        usage: "--map MAP --vehicles N [--mqtt URL [--mqtt-user NAME --mqtt-password PASSWORD --mqtt-ca FILE ...]] [--seed S] [--speed-multiplier K] [--duration S] [--trips FILE]",
        discussion: """
            Each vehicle drives its own route between seeded random points (or the origin/destination \
            pairs of --trips, one "LAT,LON LAT,LON" per line) with the simulator's noise, the live \
            matcher and guidance; vehicles are sharded over the cores. Without --mqtt nothing is \
            published (a dry run that reports what would be). Deterministic for a seed.
            """,
        options: [
            OptionSpec("--map", value: "MAP", help: "Road network (.osm.pbf, .osm or a cached graph)."),
            OptionSpec("--vehicles", value: "N", help: "How many vehicles."),
            OptionSpec("--seed", value: "S", help: "Seed of routes and noise.", default: "1"),
            OptionSpec("--speed-multiplier", value: "K", help: "Times real time; leave out to run as fast as possible."),
            OptionSpec("--duration", value: "S", help: "Simulated seconds to run (default: until every vehicle arrived)."),
            OptionSpec("--trips", value: "FILE", help: "Origin/destination pairs instead of random ones."),
        ] + MQTTOptions.specs)

    let map: String
    let vehicles: Int
    let mqtt: MQTTSettings?
    let seed: UInt64
    let speedMultiplier: Double?
    let duration: Double?
    let trips: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let map = arguments.value("--map") else { throw UsageError("fleet needs --map MAP") }
        self.map = map
        guard let vehicles = try arguments.int("--vehicles"), vehicles >= 1 else { throw UsageError("fleet needs --vehicles N (at least 1)") }
        self.vehicles = vehicles
        mqtt = try MQTTOptions.settings(arguments, vehicleID: "fleet")
        guard let seed = UInt64(arguments.value("--seed") ?? "1") else { throw UsageError("--seed: expected a whole number") }
        self.seed = seed
        speedMultiplier = try arguments.double("--speed-multiplier", in: AcceleratedTimeSource.multiplierRange)
        duration = try arguments.double("--duration", in: 1...1e7)
        trips = arguments.value("--trips")
    }

    func run(in environment: AppEnvironment) async throws {
        let loaded = try environment.loadMap(map)
        var options = FleetOptions(vehicles: vehicles, seed: seed, startTime: environment.timeSource.now())
        options.speedMultiplier = speedMultiplier
        options.duration = duration
        if let trips {
            let bytes: [UInt8]
            do { bytes = try FileContents.read(trips, maximumBytes: RouteFile.maximumFileBytes) } catch { throw RuntimeError("cannot read --trips \(trips): \(error)") }
            do { options.trips = try FleetTrip.parse(String(decoding: bytes, as: UTF8.self)) } catch { throw RuntimeError("--trips \(trips): \(error)") }
        }
        let runner: FleetRunner
        do { runner = try FleetRunner(router: MapRouter(map: loaded), options: options, mqtt: mqtt) } catch { throw RuntimeError(String(describing: error)) }
        let stopper = Task {
            await SignalWaiter.wait(for: SignalWaiter.stopSignals)
            runner.stop()
        }
        let report = await runner.run { Console.progress("\r\($0.line)   ") }
        stopper.cancel()
        Console.progress("\n")
        var console = Console()
        console.print("\(report.vehicles.count) vehicles, \(report.vehicles.reduce(0) { $0 + $1.trips }) trips, \(report.vehicles.reduce(0) { $0 + $1.totalLines }) lines"
                      + (mqtt == nil ? " (dry run: no broker)" : ", \(report.mqtt.reduce(0) { $0 + $1.published }) published, \(report.mqtt.reduce(0) { $0 + $1.droppedStream + $1.droppedState }) dropped"))
        console.flush()
    }
}
