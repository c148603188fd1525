import Foundation
import Gateway
import Geodesy
import MapMatching
import Positioning
import RoadGraph
import RouteModel
import Routing
import Simulation
import Timekeeping

/// Map matching accuracy and speed: drives planned by MapRouter between seeded random pairs on
/// Milan and Helsinki, simulated at 1 Hz with the simulator's noise model at several sigmas,
/// matched live (OnlineMatcher) and offline (TraceMatcher), and through OSRM's /match when
/// `WAYGATE_BENCH_OSRM` names a server and Valhalla's /trace_attributes when `WAYGATE_BENCH_VALHALLA`
/// does (serving Milan); for Helsinki the variables end in `_HELSINKI`.
enum MatchingBenchmark {
    static let drivesPerMap = 10
    static let sigmas: [Meters] = [5, 10, 20]

    /// A reference matcher: matched location per fix (nil where dropped) and the request's wall time.
    typealias Reference = (Drive, Meters, (host: String, port: UInt16)) throws -> (coordinates: [Coordinate?], seconds: Double)?

    /// One simulated drive: the true route line and its noisy 1 Hz fixes.
    struct Drive {
        var truth: Polyline
        var fixes: [Fix]

        /// How many of `matched` lie within 2 m of the true route line.
        func within2m(_ matched: [Coordinate?]) -> Int {
            matched.reduce(0) { count, m in
                guard let m, let p = truth.project(m), p.distanceFromLine <= 2 else { return count }
                return count + 1
            }
        }
    }

    /// Totals of one matcher over the drives of one map and sigma.
    struct Tally {
        var fixes = 0, near = 0
        var seconds: Double = 0
        var perFix: [Double] = []
        var share: Double { Double(near) / Double(max(1, fixes)) * 100 }
    }

    static func run() throws {
        for (map, suffix) in [("milan", ""), ("helsinki", "_HELSINKI")] {
            let candidates: [(name: String, server: (host: String, port: UInt16)?, match: Reference)] = [
                ("OSRM /match", BenchSupport.server("WAYGATE_BENCH_OSRM" + suffix), osrmMatch),
                ("Valhalla /trace_attributes", BenchSupport.server("WAYGATE_BENCH_VALHALLA" + suffix), valhallaMatch),
            ]
            let references = candidates.compactMap { candidate in candidate.server.map { (name: candidate.name, server: $0, match: candidate.match) } }
            let graph = try BenchSupport.importMap(map)
            let routes = try plannedRoutes(graph: graph)
            let traceMatcher = TraceMatcher(graph: graph)  // its candidate index is built here, outside the timing
            let kilometres = routes.reduce(0) { $0 + $1.distance } / 1000
            print(String(format: "matching \(map): %d drives planned by MapRouter, %.1f km in all", routes.count, kilometres))
            for sigma in sigmas {
                let drives = try routes.enumerated().map { try simulate($1, sigma: sigma, seed: UInt64($0) * 1000 + UInt64(sigma)) }
                var live = Tally(), offline = Tally()
                var referenceTallies = [Tally](repeating: Tally(), count: references.count)
                for drive in drives {
                    var matcher = OnlineMatcher(graph: graph)
                    var published: [Coordinate?] = []
                    for fix in drive.fixes {
                        let start = Stopwatch.now()
                        let m = matcher.match(fix)
                        live.perFix.append(Stopwatch.now() - start)
                        published.append(m?.coordinate)
                    }
                    live.fixes += drive.fixes.count
                    live.near += drive.within2m(published)
                    let start = Stopwatch.now()
                    let trace = try traceMatcher.match(drive.fixes)
                    offline.seconds += Stopwatch.now() - start
                    offline.fixes += drive.fixes.count
                    offline.near += drive.within2m(trace.points.map { $0?.coordinate })
                    for (index, reference) in references.enumerated() {
                        guard let matched = try reference.match(drive, sigma, reference.server) else { continue }
                        referenceTallies[index].fixes += drive.fixes.count
                        referenceTallies[index].near += drive.within2m(matched.coordinates)
                        referenceTallies[index].seconds += matched.seconds
                    }
                }
                print(String(format: "matching \(map) sigma %2.0f m, %d fixes: live within 2 m %.1f %%, %.1f µs/fix median, %.1f µs p99; offline within 2 m %.1f %%, %.0f fixes/s",
                             sigma, live.fixes, live.share, BenchSupport.percentile(live.perFix, 0.5) * 1e6, BenchSupport.percentile(live.perFix, 0.99) * 1e6,
                             offline.share, Double(offline.fixes) / offline.seconds))
                for (reference, tally) in zip(references, referenceTallies) where tally.fixes > 0 {
                    print(String(format: "matching \(map) sigma %2.0f m, \(reference.name): within 2 m %.1f %%, %.0f fixes/s (over HTTP)",
                                 sigma, tally.share, Double(tally.fixes) / tally.seconds))
                }
            }
        }
    }

    /// Routes by MapRouter between seeded random car-reachable pairs, 1.5–8 km long.
    static func plannedRoutes(graph: RoadGraph) throws -> [Route] {
        guard let bounds = BenchSupport.bounds(of: graph) else { return [] }
        var generator = SeededGenerator(seed: 5)
        let router = MapRouter(graph: graph)
        var routes: [Route] = []
        var attempts = 0
        while routes.count < drivesPerMap && attempts < 1000 {
            attempts += 1
            let from = BenchSupport.randomPoint(in: bounds, using: &generator), to = BenchSupport.randomPoint(in: bounds, using: &generator)
            guard from.distance(to: to) < 6000,
                  let route = try? router.routes([RouteWaypoint(from), RouteWaypoint(to)], options: RouteOptions()).first,
                  (1500...8000).contains(route.distance) else { continue }
            routes.append(route)
        }
        return routes
    }

    /// The 1 Hz drive along `route` with noise `sigma` (seeded), every fix until the vehicle parks.
    static func simulate(_ route: Route, sigma: Meters, seed: UInt64) throws -> Drive {
        let options = RouteSimulator.Options(noise: NoiseModel.Options(sigma: sigma, seed: seed))
        var simulator = try RouteSimulator(route: route, options: options, startTime: Timestamp(secondsSince1970: 1_800_000_000))
        var fixes: [Fix] = []
        while !simulator.isFinished { fixes.append(simulator.next()) }
        return Drive(truth: Polyline(route.geometry), fixes: fixes)
    }

    /// OSRM's matched location per fix (nil where it dropped the fix) and the wall time of the request.
    static func osrmMatch(_ drive: Drive, sigma: Meters, server: (host: String, port: UInt16)) throws -> (coordinates: [Coordinate?], seconds: Double)? {
        let usable = drive.fixes.enumerated().compactMap { i, fix in fix.coordinate.map { (i, $0, fix.time?.secondsSince1970 ?? Double(i)) } }
        let coordinates = BenchSupport.osrmCoordinates(usable.map(\.1))
        let timestamps = usable.map { String(Int($0.2)) }.joined(separator: ";")
        let radius = String(format: "%.0f", 3 * sigma)
        let radiuses = Array(repeating: radius, count: usable.count).joined(separator: ";")
        let path = "/match/v1/driving/\(coordinates)?timestamps=\(timestamps)&radiuses=\(radiuses)&gaps=ignore&tidy=false&overview=false"
        let start = Stopwatch.now()
        guard let answer = try BenchSupport.httpJSON(server, path: path), let points = answer["tracepoints"] as? [Any] else { return nil }
        let seconds = Stopwatch.now() - start
        var matched = [Coordinate?](repeating: nil, count: drive.fixes.count)
        for ((index, _, _), point) in zip(usable, points) {
            guard let location = (point as? [String: Any])?["location"] as? [Double], location.count == 2 else { continue }
            matched[index] = Coordinate(latitude: location[1], longitude: location[0])
        }
        return (matched, seconds)
    }

    /// Valhalla's (meili) matched location per fix via /trace_attributes, and the wall time of the request.
    static func valhallaMatch(_ drive: Drive, sigma: Meters, server: (host: String, port: UInt16)) throws -> (coordinates: [Coordinate?], seconds: Double)? {
        let usable = drive.fixes.enumerated().compactMap { i, fix in fix.coordinate.map { (i, $0, fix.time?.secondsSince1970 ?? Double(i)) } }
        let shape = usable.map { String(format: "{\"lat\":%.7f,\"lon\":%.7f,\"time\":%.0f}", $0.1.latitude, $0.1.longitude, $0.2) }
        let body = "{\"shape\":[\(shape.joined(separator: ","))],\"costing\":\"auto\",\"shape_match\":\"map_snap\","
            + "\"trace_options\":{\"gps_accuracy\":\(sigma),\"search_radius\":\(3 * sigma)},"
            + "\"filters\":{\"attributes\":[\"matched.point\",\"matched.type\"],\"action\":\"include\"}}"
        let start = Stopwatch.now()
        guard let answer = try BenchSupport.httpJSON(server, path: "/trace_attributes", body: Array(body.utf8)),
              let points = answer["matched_points"] as? [[String: Any]] else { return nil }
        let seconds = Stopwatch.now() - start
        var matched = [Coordinate?](repeating: nil, count: drive.fixes.count)
        for ((index, _, _), point) in zip(usable, points) where point["type"] as? String != "unmatched" {
            guard let lat = point["lat"] as? Double, let lon = point["lon"] as? Double else { continue }
            matched[index] = Coordinate(latitude: lat, longitude: lon)
        }
        return (matched, seconds)
    }
}
