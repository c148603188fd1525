import Fleet
import Foundation
import Gateway
import JSON
import Geodesy
import MapMatching
import MQTTOutlet
import Navigation
import Positioning
import RoadGraph
import RouteModel
import Routing
import Servers
import Simulation
import SystemIO
import Timekeeping
import WireProtocol

/// Fleet figures on the Helsinki extract: vehicles one core drives at 1 Hz (simulation + noise,
/// live matching, guidance, wire encoding) without and with publishing to a local mosquitto,
/// the broker's messages per second, memory per vehicle, and where a vehicle-second's time goes.
/// The broker is `WAYGATE_BENCH_MQTT` (an mqtt:// URL) or a mosquitto started here.
enum FleetBenchmark {
    static let vehicles = 2_000
    static let seconds = 120.0
    static let startTime = Timestamp(secondsSince1970: 1_796_000_000)

    /// Everything, or one part with `WAYGATE_BENCH_FLEET_ONLY=core|mqtt|stages|memory` (`mqtt`
    /// alone is the run to profile: `perf record -g`).
    static func run() throws {
        // Trips and reroutes planned with the car hierarchy, as `waygate fleet --map` plans them
        // (its MapStore builds or loads one); `WAYGATE_BENCH_FLEET_HIERARCHY=none` plans with A*.
        let graph = try BenchSupport.importMap("helsinki")
        let hierarchies = ProcessInfo.processInfo.environment["WAYGATE_BENCH_FLEET_HIERARCHY"] == "none"
            ? [] : [RoutePlanner(graph: graph).buildHierarchy(for: .car)]
        let router = MapRouter(graph: graph, hierarchies: hierarchies)
        let only = ProcessInfo.processInfo.environment["WAYGATE_BENCH_FLEET_ONLY"]
        switch only {
        case "stages": return stages(router: router)
        case "memory": return memory(router: router)
        default: break
        }
        print("fleet: helsinki (\(router.planner.hierarchies.isEmpty ? "no hierarchy" : "car hierarchy")), \(vehicles) vehicles on one shard (one core), \(Int(seconds)) simulated s, unpaced")
        if only != "mqtt" { core(router: router) }
        if only != "core" { try published(router: router) }
        if only == nil {
            stages(router: router)
            memory(router: router)
        }
    }

    /// The navigation core without a broker: CPU per vehicle-second, lines, memory per vehicle.
    static func core(router: MapRouter) {
        let baseline = residentMegabytes()
        let core = measure(router: router, mqtt: nil)
        let perVehicleKB = (core.residentAfter - baseline) * 1024 / Double(vehicles)
        print(String(format: "  navigation core (no publish): %.1f µs CPU per vehicle-second → %.0f vehicles per core at 1 Hz; %.1f lines per vehicle-second; trips planned in %.1f ms each",
                     core.microsPerVehicleSecond, 1e6 / core.microsPerVehicleSecond, core.linesPerVehicleSecond, core.planMillisPerVehicle))
        print("  trips chained during the drive: \(core.chainedTrips) (planned on the shard, inside the figure above)")
        print(String(format: "  memory: %.0f KB resident per vehicle (RSS %.0f → %.0f MB)", perVehicleKB, baseline, core.residentAfter))
    }

    /// The same with MQTT publish to a local mosquitto: CPU per vehicle-second, the broker's rate and CPU.
    static func published(router: MapRouter) throws {
        let broker = try Broker.start()
        defer { broker.stop() }
        let mqtt = try MQTTSettings(url: broker.url, vehicleID: "bench")
        let brokerCPU0 = broker.cpuSeconds()
        let published = measure(router: router, mqtt: mqtt)
        let brokerCPU = broker.cpuSeconds() - brokerCPU0
        print(String(format: "  with MQTT publish to %@: %.1f µs CPU per vehicle-second → %.0f vehicles per core at 1 Hz; %.0f messages/s accepted by the broker (%.0f published, %llu dropped) at %.1f µs broker CPU each",
                     broker.url, published.microsPerVehicleSecond, 1e6 / published.microsPerVehicleSecond,
                     Double(published.published) / published.driveRealSeconds, Double(published.published), published.dropped,
                     brokerCPU / Double(max(1, published.published)) * 1e6))
    }

    /// Resident memory of 2,000 vehicles' parts, built one kind after the other and all kept alive.
    static func memory(router: MapRouter) {
        let count = 2_000
        var generator = SeededGenerator(seed: 9)
        let nodes = router.planner.graph.nodes
        let template = OnlineMatcher(graph: router.planner.graph)
        var rss = residentMegabytes()
        func step() -> Double {
            let now = residentMegabytes()
            defer { rss = now }
            return (now - rss) * 1024 / Double(count)
        }
        var routes: [Route] = []
        while routes.count < count {
            let a = nodes[Int(generator.next() % UInt64(nodes.count))], b = nodes[Int(generator.next() % UInt64(nodes.count))]
            if a.distance(to: b) > 800, let route = try? router.routes([RouteWaypoint(a), RouteWaypoint(b)], options: RouteOptions()).first { routes.append(route) }
        }
        let routeKB = step()
        var simulators = routes.compactMap { try? RouteSimulator(route: $0, options: RouteSimulator.Options(noise: NoiseModel.Options(sigma: 4, seed: 1)), startTime: startTime) }
        let simulatorKB = step()
        var sessions: [NavigationSession] = routes.enumerated().map { i, route in
            var session = NavigationSession()
            _ = try? session.start(route: route, routeID: "r\(i)")
            return session
        }
        let sessionKB = step()
        var matchers = [OnlineMatcher](repeating: template, count: simulators.count)
        var workspace = MatchingWorkspace()  // one per shard, as the fleet's
        func drive(_ seconds: Int) {
            for _ in 0..<seconds {
                for i in simulators.indices {
                    let fix = simulators[i].next()
                    let matched = matchers[i].match(fix, using: &workspace)
                    _ = sessions[i].update(with: fix, road: matched?.roadMatch)
                }
            }
        }
        drive(30)
        let drivingKB = step()
        drive(90)
        let laterKB = step()
        print(String(format: "  memory per vehicle, kept alive (2,000 each): route %.0f KB, simulator %.0f KB, session %.0f KB, first 30 s of matching and guidance +%.0f KB, next 90 s +%.0f KB",
                     routeKB, simulatorKB, sessionKB, drivingKB, laterKB))
        withExtendedLifetime((routes, simulators, sessions, matchers)) {}
    }

    struct Measurement {
        var microsPerVehicleSecond: Double
        var linesPerVehicleSecond: Double
        var planMillisPerVehicle: Double
        /// Trips started during the drive (vehicles chain trips until the end).
        var chainedTrips: Int
        var residentAfter: Double
        var published: UInt64
        var dropped: UInt64
        var driveRealSeconds: Double
    }

    /// Two runs, 1 s and 1 + `seconds` s: the difference is the drive alone, without trip planning.
    static func measure(router: MapRouter, mqtt: MQTTSettings?) -> Measurement {
        func once(_ duration: Double) -> (cpu: Double, real: Double, report: FleetReport?) {
            var options = FleetOptions(vehicles: vehicles, seed: 1, startTime: startTime)
            options.speedMultiplier = nil
            options.duration = duration
            options.shards = 1
            let cpu0 = BenchSupport.cpuTime(), real0 = Stopwatch.now()
            let fixed = options
            let report = blocking { try? await FleetRunner(router: router, options: fixed, mqtt: mqtt).run() }
            return (BenchSupport.cpuTime() - cpu0, Stopwatch.now() - real0, report)
        }
        let short = once(1)
        let long = once(1 + seconds)
        let vehicleSeconds = Double(vehicles) * seconds
        let lines = Double((long.report?.progress.lines ?? 0) - (short.report?.progress.lines ?? 0))
        return Measurement(
            microsPerVehicleSecond: (long.cpu - short.cpu) / vehicleSeconds * 1e6,
            linesPerVehicleSecond: lines / vehicleSeconds,
            planMillisPerVehicle: short.cpu / Double(vehicles) * 1000,
            chainedTrips: (long.report?.progress.trips ?? 0) - (short.report?.progress.trips ?? 0),
            residentAfter: residentMegabytes(),
            published: (long.report?.mqtt.map(\.published).reduce(0, +) ?? 0) &- (short.report?.mqtt.map(\.published).reduce(0, +) ?? 0),
            dropped: long.report?.mqtt.map(\.dropped).reduce(0, +) ?? 0,
            driveRealSeconds: long.real - short.real)
    }

    /// Per-stage CPU of one vehicle-second, on 200 vehicles driven with the public APIs.
    static func stages(router: MapRouter) {
        var generator = SeededGenerator(seed: 5)
        let nodes = router.planner.graph.nodes
        var drives: [(simulator: RouteSimulator, matcher: OnlineMatcher, session: NavigationSession)] = []
        let template = OnlineMatcher(graph: router.planner.graph)
        while drives.count < 200 {
            let a = nodes[Int(generator.next() % UInt64(nodes.count))], b = nodes[Int(generator.next() % UInt64(nodes.count))]
            guard a.distance(to: b) > 800, let route = try? router.routes([RouteWaypoint(a), RouteWaypoint(b)], options: RouteOptions()).first,
                  let simulator = try? RouteSimulator(route: route, options: RouteSimulator.Options(noise: NoiseModel.Options(sigma: 4, seed: generator.next())), startTime: startTime)
            else { continue }
            var session = NavigationSession()
            _ = try? session.start(route: route, routeID: "r\(drives.count)")
            drives.append((simulator, template, session))
        }
        // Thread CPU time, not wall time: the machine is shared, and preemption would land in some stage.
        func now() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
        var workspace = MatchingWorkspace()
        var simulate = 0.0, match = 0.0, guide = 0.0, map = 0.0, encode = 0.0, samples = 0
        var json = JSONWriter(capacity: 4_096)
        var seq: UInt64 = 0
        var encodedBytes = 0
        for _ in 0..<60 {
            for i in drives.indices {
                var t = now()
                let fix = drives[i].simulator.next()
                var u = now(); simulate += u - t; t = u
                let matched = drives[i].matcher.match(fix, using: &workspace)
                u = now(); match += u - t; t = u
                let events = drives[i].session.update(with: fix, road: matched?.roadMatch)
                u = now(); guide += u - t; t = u
                let time = fix.time ?? startTime
                var all: [GatewayEvent] = [.source(.fix(fix), from: .simulator, time: time)]
                if let matched { all.append(.match(matched, time: time)) }
                all += events.map { .navigation($0, time: time) }
                let payloads = all.compactMap(\.wire)
                u = now(); map += u - t; t = u
                // As the fleet encodes: JSONWriter into one reused buffer, copied out at its size.
                for (payload, time) in payloads {
                    seq += 1
                    json.reset()
                    Event(seq: seq, time: WireTime(time), payload: payload).write(to: &json)
                    let payload = json.bytes
                    encodedBytes += payload.count
                }
                u = now(); encode += u - t
                samples += 1
            }
        }
        let n = Double(samples)
        print(String(format: "  where a vehicle-second goes (200 vehicles × 60 s): simulation %.1f µs, matching %.1f µs, guidance %.1f µs, wire mapping %.1f µs, JSON encoding %.1f µs (%.1f lines, %.0f bytes)",
                     simulate / n * 1e6, match / n * 1e6, guide / n * 1e6, map / n * 1e6, encode / n * 1e6, Double(seq) / n, Double(encodedBytes) / n))
    }

    /// Current resident set size (VmRSS), megabytes.
    static func residentMegabytes() -> Double { Double(ProcessUsage.residentBytes ?? 0) / 1_048_576 }

    /// Runs `body` to completion from synchronous code (the benchmarks are synchronous).
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await body()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    final class ResultBox<T>: @unchecked Sendable {  // written once before the semaphore is signalled, read after.
        var value: T?
    }

    /// The broker: `WAYGATE_BENCH_MQTT`, or a mosquitto started on a free port for the run.
    struct Broker {
        var url: String
        var process: Process?

        static func start() throws -> Broker {
            if let url = ProcessInfo.processInfo.environment["WAYGATE_BENCH_MQTT"] { return Broker(url: url, process: nil) }
            let port = 20_000 + Int(getpid() % 20_000)
            let config = NSTemporaryDirectory() + "waygate-bench-mosquitto-\(getpid()).conf"
            try "listener \(port) 127.0.0.1\nallow_anonymous true\n".write(toFile: config, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
            process.arguments = ["-c", config]
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: 0.5)
            return Broker(url: "mqtt://127.0.0.1:\(port)", process: process)
        }

        /// The broker's CPU seconds so far (utime + stime from /proc), 0 when it is not ours.
        func cpuSeconds() -> Double {
            guard let process else { return 0 }
            return (try? FanoutBenchmark.cpuSeconds(of: process.processIdentifier)) ?? 0
        }

        func stop() {
            guard let process else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
