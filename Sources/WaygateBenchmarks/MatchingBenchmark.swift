import Foundation
import Geodesy
import MapMatching
import Positioning
import RoadGraph
import Routing
import Simulation
import Timekeeping

/// Map matching against Valhalla on the same information (issue 12): drives planned by OSRM on the
/// Milan extract (`PlannedDrive`: OSRM's per-segment durations scaled to its ETA, 1 Hz, Gaussian
/// noise σ east and north, positions and times only), matched by Waygate offline (`TraceMatcher`)
/// and live (`OnlineMatcher`, each fix answered once), with `h_acc` = σ and as plain GPX with no
/// accuracy, and by Valhalla 3.9 (`/trace_attributes`, `gps_accuracy` = σ) offline and "live" (each
/// fix matched with the 29 before it, the last point's answer kept) when `WAYGATE_BENCH_VALHALLA`
/// names a server for the same map. Score: share of fixes whose matched point lies within 2 m of
/// the OSRM route line (an unmatched fix counts as a miss).
///
/// The drives come from the JSON-lines file in `WAYGATE_BENCH_MATCHING_DRIVES`, else the sample
/// committed as the test fixture; `waygate-bench matching-drives FILE` makes the full set from an
/// OSRM server (`WAYGATE_BENCH_OSRM`).
///
/// Other traces than 1 Hz Milan (docs/map-matching.md, "Sparse fixes and another city"):
/// - `WAYGATE_BENCH_MATCHING_MAP=helsinki` matches (and `matching-drives` plans) on
///   `traces/maps/helsinki.osm.pbf` instead of Milan; OSRM and Valhalla must serve the same extract.
/// - `WAYGATE_BENCH_MATCHING_INTERVALS=1,5,10,30` scores every drive once per sampling interval,
///   seconds: the drive's 1 Hz fixes subsampled to those at whole multiples of the interval after
///   its start (the same fixes for every matcher; only the kept fixes are scored). Default 1.
/// - `WAYGATE_BENCH_MATCHING_SIGMAS=5,10` keeps only the drives of those σ. Default: every σ.
/// With intervals or another map given, the route-laying measure after the table is skipped.
enum MatchingBenchmark {
    static let sigmas: [Meters] = [5, 10, 20]
    static let drivesPerSigma = 30
    static let fixture = "Tests/MapMatchingTests/Fixtures/milan-osrm-drives.jsonl"
    /// Fixes Valhalla gets per "live" request: the current one and the 29 before it.
    static let liveWindow = 30

    /// A matcher's answers for one drive: a matched point per fix (nil where unmatched) and its time, seconds.
    typealias Answers = (points: [Coordinate?], seconds: Double)

    /// Totals of one matcher over the drives of one sigma.
    struct Tally {
        var fixes = 0, near = 0
        var seconds: Double = 0
        var share: Double { Double(near) / Double(max(1, fixes)) * 100 }

        mutating func add(_ answers: Answers, truth: Polyline) {
            fixes += answers.points.count
            seconds += answers.seconds
            near += answers.points.reduce(0) { count, m in
                guard let m, let p = truth.project(m), p.distanceFromLine <= 2 else { return count }
                return count + 1
            }
        }
    }

    /// The extract matched on: `WAYGATE_BENCH_MATCHING_MAP`, else Milan.
    static var mapName: String { ProcessInfo.processInfo.environment["WAYGATE_BENCH_MATCHING_MAP"].flatMap { $0.isEmpty ? nil : $0 } ?? "milan" }

    /// The numbers in the comma-separated environment variable `name`, nil when unset or empty.
    static func numbers(_ name: String) throws -> [Double]? {
        guard let text = ProcessInfo.processInfo.environment[name], !text.isEmpty else { return nil }
        return try text.split(separator: ",").map { item in
            guard let value = Double(item), value > 0 else { throw BenchError("\(name): bad item \"\(item)\"") }
            return value
        }
    }

    /// `drive`'s fixes at whole multiples of `interval` seconds after its start (all of them for 1 s).
    static func subsampled(_ drive: PlannedDrive, every interval: Double) -> PlannedDrive {
        guard interval > 1 else { return drive }
        var sparse = drive
        sparse.samples = drive.samples.filter { sample in
            let steps = (sample.time / interval).rounded()
            return abs(sample.time - steps * interval) < 1e-6
        }
        return sparse
    }

    static func run() throws {
        let path = ProcessInfo.processInfo.environment["WAYGATE_BENCH_MATCHING_DRIVES"] ?? fixture
        let all = try PlannedDrive.read(jsonLines: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), source: path)
        let sigmaFilter = try numbers("WAYGATE_BENCH_MATCHING_SIGMAS")
        let drives = all.filter { drive in sigmaFilter?.contains(drive.sigma) ?? true }
        let intervals = try numbers("WAYGATE_BENCH_MATCHING_INTERVALS") ?? [1]
        let valhalla = BenchSupport.server("WAYGATE_BENCH_VALHALLA")
        let map = mapName
        let graph = try BenchSupport.importMap(map)
        let options = try overriddenOptions()
        let traceMatcher = TraceMatcher(graph: graph, options: options)  // its candidate index is built here, outside the timing
        let liveMatcher = OnlineMatcher(graph: graph, options: options)
        print("matching \(map): \(drives.count) OSRM-planned drives from \(path), every \(intervals.map { String(format: "%g", $0) }.joined(separator: ", ")) s\(valhalla == nil ? " (WAYGATE_BENCH_VALHALLA unset: no Valhalla rows)" : "")")
        let names = ["Waygate offline", "Waygate live", "Waygate offline, no accuracy", "Waygate live, no accuracy", "Valhalla offline", "Valhalla live (last 30 fixes)"]
        var table: [(label: String, row: [String])] = []
        let dump = ProcessInfo.processInfo.environment["WAYGATE_BENCH_MATCHING_DUMP"].flatMap(Dump.init(path:))
        defer { dump?.handle.closeFile() }
        for interval in intervals {
            for sigma in sigmas {
                let set = drives.filter { $0.sigma == sigma }.map { subsampled($0, every: interval) }
                guard !set.isEmpty else { continue }
                var tallies = [Tally](repeating: Tally(), count: names.count)
                for drive in set {
                    let truth = Polyline(drive.route)
                    for (k, withAccuracy) in [true, false].enumerated() {
                        let fixes = drive.fixes(withAccuracy: withAccuracy)
                        let answers = [try offline(traceMatcher, fixes), live(liveMatcher, fixes)]
                        for (m, a) in answers.enumerated() {
                            tallies[2 * k + m].add(a, truth: truth)
                            dump?.write(drive: drive, mode: names[2 * k + m] + String(format: " @%gs", interval), answers: a, truth: truth)
                        }
                    }
                    if let valhalla {
                        let fixes = drive.fixes(withAccuracy: true)
                        let answers = [try valhallaMatch(fixes, sigma: sigma, server: valhalla), try valhallaLive(fixes, sigma: sigma, server: valhalla)]
                        for (m, a) in answers.enumerated() {
                            tallies[4 + m].add(a, truth: truth)
                            dump?.write(drive: drive, mode: names[4 + m] + String(format: " @%gs", interval), answers: a, truth: truth)
                        }
                    }
                }
                for (name, tally) in zip(names, tallies) where tally.fixes > 0 {
                    let speed = name.contains("live") ? String(format: "%.1f µs/fix", tally.seconds / Double(tally.fixes) * 1e6)
                        : String(format: "%.0f fixes/s", Double(tally.fixes) / tally.seconds)
                    print(String(format: "matching %@ every %g s sigma %2.0f m, %d drives, %d fixes, %@: within 2 m %.1f %% (%@)",
                                 map, interval, sigma, set.count, tally.fixes, name, tally.share, speed))
                }
                table.append((String(format: "%g s | %.0f m", interval, sigma), tallies.map { $0.fixes > 0 ? String(format: "%.1f %%", $0.share) : "—" }))
            }
        }
        print("| interval | σ | " + names.joined(separator: " | ") + " |")
        for (label, row) in table { print("| \(label) | " + row.joined(separator: " | ") + " |") }
        guard map == "milan", intervals == [1] else { return }
        try laidRoutes(graph: graph, osrm: drives.filter { $0.sigma == sigmas[0] }.map(\.route), traceMatcher: traceMatcher)
    }

    /// Route lines laid on the map for the horizon in active guidance (`TraceMatcher.path(along:)`):
    /// OSRM's routes of the drives (laid as one path; every vertex of OSRM's line within 3 m of
    /// it) and Waygate's own routes between the fresh Milan pairs (laid as exactly the planned
    /// edges), with the time each takes.
    static func laidRoutes(graph: RoadGraph, osrm: [[Coordinate]], traceMatcher: TraceMatcher) throws {
        var seconds: [Double] = [], laid = 0, close = 0
        for line in osrm {
            let start = Stopwatch.now()
            let path = traceMatcher.path(along: line)
            seconds.append(Stopwatch.now() - start)
            guard let path else { continue }
            laid += 1
            let geometry = graph.path(edges: path.edges, startFraction: 0, endFraction: path.endFraction, profile: .car)?.geometry ?? []
            let polyline = Polyline(geometry)
            if line.allSatisfy({ (polyline.project($0)?.distanceFromLine ?? .infinity) <= 3 }) { close += 1 }
        }
        print(String(format: "route lines laid on the map, OSRM's: %d of %d as one path, %d with every vertex within 3 m; median %.2f ms, p90 %.2f ms per route",
                     laid, osrm.count, close, BenchSupport.percentile(seconds, 0.5) * 1e3, BenchSupport.percentile(seconds, 0.9) * 1e3))
        let planner = RoutePlanner(graph: graph)
        var ownSeconds: [Double] = [], kilometres: [Double] = [], exact = 0, planned = 0
        for (from, to) in try FreshRoutingPairs.load(FreshRoutingPairs.path(map: mapName, profile: .car)) {
            guard let route = try? planner.plan(RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)])).first else { continue }
            planned += 1
            var line: [Coordinate] = []
            for leg in route.legs { for c in leg.geometry where line.last != c { line.append(c) } }
            let start = Stopwatch.now()
            let path = traceMatcher.path(along: line)
            ownSeconds.append(Stopwatch.now() - start)
            kilometres.append(route.distance / 1000)
            if path?.edges == route.edges { exact += 1 }
        }
        print(String(format: "route lines laid on the map, Waygate's (fresh pairs, median %.1f km): %d of %d as exactly the planned edges; median %.2f ms, p90 %.2f ms per route",
                     BenchSupport.percentile(kilometres, 0.5), exact, planned,
                     BenchSupport.percentile(ownSeconds, 0.5) * 1e3, BenchSupport.percentile(ownSeconds, 0.9) * 1e3))
    }

    /// Per-fix answers for inspection, when `WAYGATE_BENCH_MATCHING_DUMP` names a file: one
    /// tab-separated line per fix (drive, sigma, matcher, index, fix, matched point, metres from the route; -1 unmatched).
    struct Dump {
        let handle: FileHandle

        init?(path: String) {
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else { return nil }
            self.handle = handle
        }

        func write(drive: PlannedDrive, mode: String, answers: Answers, truth: Polyline) {
            var text = ""
            for (i, (sample, point)) in zip(drive.samples, answers.points).enumerated() {
                // `?? 0.0`, not `?? 0`: as a C variadic argument a bare 0 is an Int, and the
                // numbers after it were printed one place off for an unmatched fix.
                let off = point.flatMap { truth.project($0)?.distanceFromLine } ?? -1
                text += String(format: "%@\t%.0f\t%@\t%d\t%.7f\t%.7f\t%.7f\t%.7f\t%.2f\n", drive.name, drive.sigma, mode, i,
                               sample.coordinate.latitude, sample.coordinate.longitude, point?.latitude ?? 0.0, point?.longitude ?? 0.0, off)
            }
            handle.write(Data(text.utf8))
        }
    }

    /// The default options with the overrides in `WAYGATE_BENCH_MATCHING_OPTIONS` (for parameter
    /// sweeps, e.g. `beta=10,uturn=60`: beta, uturn, turn, backward, minor, pathcost, speedfactor, interpolation, interpsigmas, routefactor, candidates, minsigma, defaultsigma,
    /// backsigmas, radius, minradius, noisewindow, estimatenoise).
    static func overriddenOptions() throws -> MatchingOptions {
        var options = MatchingOptions()
        guard let text = ProcessInfo.processInfo.environment["WAYGATE_BENCH_MATCHING_OPTIONS"], !text.isEmpty else { return options }
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=")
            guard parts.count == 2, let value = Double(parts[1]) else { throw BenchError("WAYGATE_BENCH_MATCHING_OPTIONS: bad item \"\(item)\"") }
            switch parts[0] {
            case "beta": options.beta = value
            case "uturn": options.uTurnPenalty = value
            case "turn": options.turnPenalty = value
            case "backward": options.penalizesBackwardMotion = value != 0
            case "minor": options.minorRoadCost = value
            case "pathcost": options.pathCost = value
            case "speedfactor": options.speedFactor = value
            case "interpolation": options.interpolationDistance = value
            case "interpsigmas": options.interpolationSigmas = value
            case "routefactor": options.routeDistanceFactor = value
            case "candidates": options.maximumCandidates = Int(value)
            case "minsigma": options.minimumSigma = value
            case "defaultsigma": options.defaultSigma = value
            case "backsigmas": options.backwardToleranceSigmas = value
            case "radius": options.radiusPerAccuracy = value
            case "minradius": options.minimumRadius = value
            case "noisewindow": options.noiseWindow = Int(value)
            case "estimatenoise": options.estimatesNoise = value != 0
            default: throw BenchError("WAYGATE_BENCH_MATCHING_OPTIONS: unknown option \"\(parts[0])\"")
            }
        }
        print("matching options overridden: \(text)")
        return options
    }

    /// Waygate offline: one `TraceMatcher` call for the whole drive.
    static func offline(_ matcher: TraceMatcher, _ fixes: [Fix]) throws -> Answers {
        let start = Stopwatch.now()
        let trace = try matcher.match(fixes)
        return (trace.points.map { $0?.coordinate }, Stopwatch.now() - start)
    }

    /// Waygate live: a fresh `OnlineMatcher` (a copy of a built one), one call per fix, each answer kept as published.
    static func live(_ built: OnlineMatcher, _ fixes: [Fix]) -> Answers {
        var matcher = built
        matcher.reset()
        let start = Stopwatch.now()
        let points = fixes.map { fix in matcher.match(fix).flatMap { $0.isOffRoad ? nil : $0.coordinate } }
        return (points, Stopwatch.now() - start)
    }

    /// Valhalla's (meili) matched point per fix for the whole drive in one /trace_attributes request.
    static func valhallaMatch(_ fixes: [Fix], sigma: Meters, server: (host: String, port: UInt16)) throws -> Answers {
        let start = Stopwatch.now()
        let points = try valhallaPoints(fixes[...], sigma: sigma, server: server) ?? Array(repeating: nil, count: fixes.count)
        return (points, Stopwatch.now() - start)
    }

    /// Valhalla "live": for every fix, a request with it and the `liveWindow − 1` fixes before it,
    /// keeping the answer for the last one (a lone first fix is sent twice, one second apart).
    static func valhallaLive(_ fixes: [Fix], sigma: Meters, server: (host: String, port: UInt16)) throws -> Answers {
        let start = Stopwatch.now()
        var points: [Coordinate?] = []
        for i in fixes.indices {
            var window = Array(fixes[max(0, i - liveWindow + 1)...i])
            if window.count == 1, var copy = window.first, let time = copy.time {
                window.insert(copy, at: 0)
                copy.time = time.adding(1)
                window[1] = copy
            }
            points.append(try valhallaPoints(window[...], sigma: sigma, server: server)?.last ?? nil)
        }
        return (points, Stopwatch.now() - start)
    }

    /// The matched points of one /trace_attributes request (`auto`, `map_snap`, `gps_accuracy` = σ,
    /// Valhalla's default search radius); nil when the request fails or takes over 60 s.
    static func valhallaPoints(_ fixes: ArraySlice<Fix>, sigma: Meters, server: (host: String, port: UInt16)) throws -> [Coordinate?]? {
        let shape = fixes.compactMap { fix in
            fix.coordinate.map { String(format: "{\"lat\":%.7f,\"lon\":%.7f,\"time\":%.0f}", $0.latitude, $0.longitude, fix.time?.secondsSince1970 ?? 0) }
        }
        let body = "{\"shape\":[\(shape.joined(separator: ","))],\"costing\":\"auto\",\"shape_match\":\"map_snap\","
            + "\"trace_options\":{\"gps_accuracy\":\(sigma)},"
            + "\"filters\":{\"attributes\":[\"matched.point\",\"matched.type\"],\"action\":\"include\"}}"
        // A request Valhalla has not answered in a minute (it happens on a few dense σ 10 windows) counts as unmatched.
        guard let answer = try? BenchSupport.httpJSON(server, path: "/trace_attributes", body: Array(body.utf8), timeout: 60) ?? nil,
              let points = answer["matched_points"] as? [[String: Any]], points.count == fixes.count else { return nil }
        return points.map { point in
            guard point["type"] as? String != "unmatched", let lat = point["lat"] as? Double, let lon = point["lon"] as? Double else { return nil }
            return Coordinate(latitude: lat, longitude: lon)
        }
    }

    /// `waygate-bench matching-drives FILE`: plans `drivesPerSigma` car routes with OSRM between
    /// seeded random points of the Milan extract (or `WAYGATE_BENCH_MATCHING_MAP`'s) (seed 12, or `WAYGATE_BENCH_DRIVES_SEED`; crow-flies
    /// ≤ 5 km, route 1.5–6 km), drives each at every sigma (seed `1000 × route + σ`) and writes the
    /// drives as JSON lines, route by route.
    static func makeDrives(to path: String) throws {
        guard let osrm = BenchSupport.server("WAYGATE_BENCH_OSRM") else {
            throw BenchError("matching-drives needs WAYGATE_BENCH_OSRM (an osrm-routed serving the \(mapName) extract)")
        }
        let map = mapName
        let graph = try BenchSupport.importMap(map)
        guard let bounds = BenchSupport.bounds(of: graph) else { throw BenchError("traces/maps/\(map).osm.pbf has no roads") }
        func inner(_ r: ClosedRange<Double>) -> ClosedRange<Double> {
            let margin = (r.upperBound - r.lowerBound) * 0.05
            return (r.lowerBound + margin)...(r.upperBound - margin)
        }
        let box = (latitude: inner(bounds.latitude), longitude: inner(bounds.longitude))
        // Another seed (WAYGATE_BENCH_DRIVES_SEED) makes a set no rule was tuned on.
        let seed = ProcessInfo.processInfo.environment["WAYGATE_BENCH_DRIVES_SEED"].flatMap { UInt64($0) } ?? 12
        var generator = SeededGenerator(seed: seed)
        var lines: [String] = []
        var routes = 0, attempts = 0
        while routes < drivesPerSigma && attempts < 2000 {
            attempts += 1
            let from = BenchSupport.randomPoint(in: box, using: &generator), to = BenchSupport.randomPoint(in: box, using: &generator)
            guard from.distance(to: to) <= 5000,
                  let answer = try BenchSupport.httpJSON(
                      osrm, path: "/route/v1/driving/\(BenchSupport.osrmCoordinates([from, to]))?overview=full&geometries=geojson&annotations=nodes,duration"),
                  let route = (answer["routes"] as? [[String: Any]])?.first,
                  let distance = route["distance"] as? Double, (1500...6000).contains(distance),
                  let duration = route["duration"] as? Double,
                  let line = ((route["geometry"] as? [String: Any])?["coordinates"] as? [[Double]]),
                  let legs = route["legs"] as? [[String: Any]], legs.count == 1,
                  let durations = (legs[0]["annotation"] as? [String: Any])?["duration"] as? [Double]
            else { continue }
            let coordinates = line.compactMap { $0.count == 2 ? Coordinate(latitude: $0[1], longitude: $0[0]) : nil }
            var made: [String] = []
            for sigma in sigmas {
                let name = map + String(format: "-%02d", routes)
                guard let drive = PlannedDrive.drive(
                    name: name, route: coordinates, segmentDurations: durations, duration: duration, sigma: sigma,
                    seed: UInt64(routes) * 1000 + UInt64(sigma))
                else { break }
                made.append(drive.jsonLine)
            }
            guard made.count == sigmas.count else { continue }
            lines += made
            routes += 1
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        print("matching-drives: \(routes) OSRM routes × \(sigmas.count) sigmas written to \(path)")
    }
}
