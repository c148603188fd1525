import Foundation
import Gateway
import Geodesy
import LocationSources
import NMEA
import Positioning
import RouteModel
import Routing
import Simulation
import Timekeeping

/// Simulated fixes per second in batch mode (RouteSimulator with and without noise, and the
/// SimulatedDrive NMEA cycle with sky and encoder), and how many vehicles one core drives in real
/// time at 1 Hz, on a long car route planned with MapRouter on the Milan extract.
enum SimulationBenchmark {
    /// The map every simulation and navigation figure is measured on.
    static let mapPath = "traces/maps/milan.osm.pbf"
    /// Time of fix 0 of every simulated drive.
    static let startTime = Timestamp(secondsSince1970: 1_795_000_000)

    static func run() throws {
        let (route, planSeconds) = try milanRoute()
        print("simulation route: \(mapPath), " + String(format: "%d legs, %.1f km, %d vertices, planned in %.0f ms",
                     route.legs.count, route.distance / 1000, route.geometry.count, planSeconds * 1000))
        var setup: RouteSimulator?
        let setupTime = try Stopwatch.best { setup = try RouteSimulator(route: route, startTime: startTime) }
        guard let exact = setup else { throw BenchError("no simulator") }
        print(String(format: "simulator set-up from the route: %.2f ms", setupTime * 1000))
        let noisy = try RouteSimulator(route: route, options: noisyOptions(seed: 42), startTime: startTime)

        let exactRate = batch(exact)
        print(String(format: "batch RouteSimulator.next(), no noise: %d fixes per drive, %.2f M fixes/s (%.2f µs per fix)",
                     exactRate.fixes, exactRate.perSecond / 1e6, 1e6 / exactRate.perSecond))
        let noisyRate = batch(noisy)
        print(String(format: "batch RouteSimulator.next(), noise σ 5 m: %.2f M fixes/s (%.2f µs per fix)",
                     noisyRate.perSecond / 1e6, 1e6 / noisyRate.perSecond))
        for (name, simulator) in [("no noise", exact), ("noise σ 5 m", noisy)] {
            let nmea = batchNMEA(simulator)
            print("batch SimulatedDrive.next() (sky + RMC/VTG/GGA/GSA/GSV), \(name): " + String(format: "%.0f fixes/s (%.1f µs per fix), %.1f sentences per fix",
                         nmea.perSecond, 1e6 / nmea.perSecond, nmea.sentencesPerFix))
        }
        let parts = nmeaParts(exact)
        print(String(format: "of which SkyModel.sky: %.1f µs per fix; NMEAEncoder.cycle: %.1f µs per fix",
                     parts.sky * 1e6, parts.encode * 1e6))

        for (name, simulator, vehicles) in [("no noise", exact, 10_000), ("noise σ 5 m", noisy, 10_000)] {
            let tick = realTime(simulator, vehicles: vehicles)
            print("real time, \(vehicles) RouteSimulators (\(name)), " + String(format: "advance(to:) by 1 s each per tick: median %.1f ms, max %.1f ms per tick → %.0f vehicles per core at 1 Hz (%d fixes)",
                         tick.median * 1000, tick.max * 1000, Double(vehicles) / tick.median, tick.fixes))
        }
        let nmeaTick = realTimeNMEA(noisy, vehicles: 1_000)
        print(String(format: "real time, 1000 SimulatedDrives (noise σ 5 m, NMEA cycle) per tick: median %.1f ms, max %.1f ms → %.0f NMEA vehicles per core at 1 Hz",
                     nmeaTick.median * 1000, nmeaTick.max * 1000, 1000 / nmeaTick.median))
    }

    /// Simulator options with seeded position noise of `sigma` metres (bias and velocity noise on).
    static func noisyOptions(seed: UInt64, sigma: Meters = 5) -> RouteSimulator.Options {
        RouteSimulator.Options(noise: NoiseModel.Options(sigma: sigma, seed: seed))
    }

    /// A long car tour of Milan (five waypoints around the extract, planned by MapRouter), falling
    /// back to the `make run` drive; with the planning time in seconds.
    static func milanRoute() throws -> (route: Route, seconds: Double) {
        let map = try MapStore(environment: ProcessInfo.processInfo.environment).load(mapPath)
        let (route, seconds, _) = try milanTour(router: MapRouter(graph: map.graph))
        return (route, seconds)
    }

    /// The benchmark tour's route as `router` plans it, the time that took and the tour's waypoints.
    static func milanTour(router: MapRouter) throws -> (route: Route, seconds: Double, waypoints: [Coordinate]) {
        let tours: [[Coordinate]] = [
            [Coordinate(latitude: 45.4400, longitude: 9.1300), Coordinate(latitude: 45.5150, longitude: 9.1700),
             Coordinate(latitude: 45.5050, longitude: 9.2600), Coordinate(latitude: 45.4500, longitude: 9.2700),
             Coordinate(latitude: 45.4642, longitude: 9.1900)],
            [Coordinate(latitude: 45.4642, longitude: 9.1900), Coordinate(latitude: 45.4846, longitude: 9.2045)],
        ]
        for tour in tours {
            let start = Stopwatch.now()
            if let route = try? router.routes(tour.map { RouteWaypoint($0) }, options: RouteOptions()).first {
                return (route, Stopwatch.now() - start, tour)
            }
        }
        throw BenchError("\(mapPath): no car route through the benchmark waypoints")
    }

    /// Fixes one simulator reports from its start until parked (plus one parked fix).
    static func driveLength(_ simulator: RouteSimulator) -> Int {
        var copy = simulator
        var count = 0
        repeat {
            _ = copy.next()
            count += 1
        } while !copy.isFinished
        return count
    }

    /// Batch generation: whole drives of copies of `simulator`, best of five.
    static func batch(_ simulator: RouteSimulator) -> (fixes: Int, perSecond: Double) {
        let fixes = driveLength(simulator)
        let drives = max(1, 200_000 / fixes)
        var checksum = 0.0
        let seconds = Stopwatch.best {
            for _ in 0..<drives {
                var copy = simulator
                for _ in 0..<fixes { checksum += copy.next().coordinate?.latitude ?? 0 }
            }
        }
        precondition(checksum.isFinite)  // keeps the fixes alive under optimisation
        return (fixes, Double(fixes * drives) / seconds)
    }

    /// Batch NMEA generation: one whole drive through SimulatedDrive, best of three.
    static func batchNMEA(_ simulator: RouteSimulator) -> (perSecond: Double, sentencesPerFix: Double) {
        let fixes = driveLength(simulator)
        var sentences = 0
        let seconds = Stopwatch.best(runs: 3) {
            var drive = SimulatedDrive(simulator: simulator)
            sentences = 0
            for _ in 0..<fixes {
                for case .sentence in drive.next() { sentences += 1 }
            }
        }
        return (Double(fixes) / seconds, Double(sentences) / Double(fixes))
    }

    /// Seconds per fix of the NMEA cycle's two parts over one drive: the sky alone, and the
    /// encoder alone (fed the drive's fixes and one sky); best of three.
    static func nmeaParts(_ simulator: RouteSimulator) -> (sky: Double, encode: Double) {
        var copy = simulator
        let fixes = (0..<driveLength(simulator)).map { _ in copy.next() }
        let model = SkyModel()
        var satellites = 0
        let skyTime = Stopwatch.best(runs: 3) {
            for fix in fixes {
                guard let coordinate = fix.coordinate, let time = fix.time else { continue }
                satellites += model.sky(at: coordinate, time: time).satellites.count
            }
        }
        guard let first = fixes.first?.coordinate, let time = fixes.first?.time else { return (0, 0) }
        let sky = model.sky(at: first, time: time)
        let encoder = NMEAEncoder()
        var characters = 0
        let encodeTime = Stopwatch.best(runs: 3) {
            for fix in fixes { characters += encoder.cycle(fix, sky: sky).reduce(0) { $0 + $1.utf8.count } }
        }
        precondition(satellites > 0 && characters > 0)
        return (skyTime / Double(fixes.count), encodeTime / Double(fixes.count))
    }

    /// `vehicles` copies of `simulator`, each staggered along the drive (vehicle i skips i mod 600
    /// fixes), then 20 ticks in which each vehicle is advanced to its next second.
    static func realTime(_ simulator: RouteSimulator, vehicles: Int) -> (median: Double, max: Double, fixes: Int) {
        let stagger = min(600, driveLength(simulator))
        var fleet: [RouteSimulator] = []
        fleet.reserveCapacity(vehicles)
        var offsets: [Int] = []
        for i in 0..<vehicles {
            var copy = simulator
            for _ in 0..<(i % stagger) { _ = copy.next() }
            fleet.append(copy)
            offsets.append(i % stagger)
        }
        var ticks: [Double] = []
        var fixes = 0
        for tick in 0..<20 {
            let start = Stopwatch.now()
            for i in fleet.indices {
                fixes += fleet[i].advance(to: startTime.adding(Double(offsets[i] + tick))).count
            }
            ticks.append(Stopwatch.now() - start)
        }
        return (percentile(ticks, 0.5), ticks.max() ?? 0, fixes)
    }

    /// Like `realTime`, for SimulatedDrives producing each fix's NMEA cycle and sky.
    static func realTimeNMEA(_ simulator: RouteSimulator, vehicles: Int) -> (median: Double, max: Double) {
        let stagger = min(600, driveLength(simulator))
        var fleet: [SimulatedDrive] = []
        fleet.reserveCapacity(vehicles)
        for i in 0..<vehicles {
            var drive = SimulatedDrive(simulator: simulator)
            for _ in 0..<(i % stagger) { drive.skip() }
            fleet.append(drive)
        }
        var ticks: [Double] = []
        var events = 0
        for _ in 0..<10 {
            let start = Stopwatch.now()
            for i in fleet.indices { events += fleet[i].next().count }
            ticks.append(Stopwatch.now() - start)
        }
        precondition(events > 0)
        return (percentile(ticks, 0.5), ticks.max() ?? 0)
    }

    /// The `fraction` quantile (0…1) of `values`, nearest rank; 0 for none.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }
}
