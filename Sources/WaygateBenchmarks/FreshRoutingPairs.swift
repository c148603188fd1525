import Foundation
import Gateway
import Geodesy
import RoadGraph
import RouteModel
import Routing

/// The fresh yardstick: pairs the routing work was never tuned on (`traces/routing/milan-fresh-pairs.txt`
/// for Milan by car, `<map>[-<profile>]-fresh-pairs.txt` for the others; raw points sampled
/// uniformly in the map's bounding box with their own seed, not snapped to Waygate's network first,
/// so snapping is exercised). Both routers get the same raw points. Reports the share of durations within 3 % of OSRM's, every
/// miss and failure, and per-request times: Waygate in-process against osrm-routed's own logged
/// time for the same requests (`WAYGATE_BENCH_OSRM_LOG` names its log), one run.
enum FreshRoutingPairs {
    /// The pairs file of `map` and `profile`: `traces/routing/<map>-fresh-pairs.txt` for cars,
    /// `traces/routing/<map>-<profile>-fresh-pairs.txt` otherwise.
    static func path(map: String, profile: TravelProfile) -> String {
        "traces/routing/\(map)\(profile == .car ? "" : "-\(profile)")-fresh-pairs.txt"
    }

    /// A line of the pairs file that is not two `lat,lon` points.
    struct BadLine: Error, CustomStringConvertible {
        var path: String
        var line: Int
        var description: String { "\(path):\(line): expected `lat,lon lat,lon`" }
    }

    /// The pairs of the file at `path`: one `lat,lon lat,lon` line each; `#` starts a comment.
    static func load(_ path: String) throws -> [(Coordinate, Coordinate)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var pairs: [(Coordinate, Coordinate)] = []
        for (number, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") && !line.isEmpty {
            let points = line.split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
            guard points.count == 2, points.allSatisfy({ $0.count == 2 }) else {
                throw BadLine(path: path, line: number + 1)
            }
            pairs.append((Coordinate(latitude: points[0][0], longitude: points[0][1]), Coordinate(latitude: points[1][0], longitude: points[1][1])))
        }
        return pairs
    }

    static func run(graph: RoadGraph, router: MapRouter, profile: TravelProfile, osrm: (host: String, port: UInt16)?) throws {
        let path = path(map: RoutingBenchmark.mapName, profile: profile)
        guard FileManager.default.fileExists(atPath: path) else {
            print("routing fresh pairs skipped: no \(path) (scripts/fresh-routing-pairs writes it)")
            return
        }
        let pairs = try load(path)
        var planned: [PlannedRoute?] = [], failures: [(Int, String)] = []
        for (i, (from, to)) in pairs.enumerated() {
            do {
                planned.append(try router.planner.plan(RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)], profile: profile.rawValue)).first)
            } catch {
                planned.append(nil)
                failures.append((i, "\(error)"))
            }
        }
        print("routing fresh pairs (\(pairs.count) raw points from \(path)): Waygate answers \(pairs.count - failures.count), fails \(failures.count)"
            + failures.map { " [#\($0.0): \($0.1)]" }.joined())
        timeWaygate(router, pairs, planned, profile: profile)
        guard let osrm else {
            print("routing fresh pairs vs OSRM skipped: set WAYGATE_BENCH_OSRM")
            return
        }
        var ratios: [Double] = [], misses: [String] = []
        for (i, ((from, to), route)) in zip(pairs, planned).enumerated() {
            let answer = try BenchSupport.httpJSON(osrm, path: "/route/v1/driving/\(BenchSupport.osrmCoordinates([from, to]))?overview=false")
            guard let best = (answer?["routes"] as? [[String: Any]])?.first, let duration = best["duration"] as? Double,
                  let distance = best["distance"] as? Double, duration > 0 else {
                misses.append(String(format: "#%d OSRM answers no route", i))
                continue
            }
            guard let route else {
                ratios.append(.infinity)
                misses.append(String(format: "#%d %.6f,%.6f → %.6f,%.6f: Waygate fails, OSRM %.0f s %.0f m", i, from.latitude, from.longitude,
                                     to.latitude, to.longitude, duration, distance))
                continue
            }
            let ratio = route.duration / duration
            ratios.append(ratio)
            if abs(ratio - 1) > 0.03 {
                let snaps = (answer?["waypoints"] as? [[String: Any]] ?? []).compactMap { $0["distance"] as? Double }
                misses.append(String(format: "#%d %.6f,%.6f → %.6f,%.6f: duration %.0f / %.0f s (%.3f), distance %.0f / %.0f m; snaps Waygate %.0f, %.0f m, OSRM %@ m",
                                     i, from.latitude, from.longitude, to.latitude, to.longitude, route.duration, duration, ratio, route.distance, distance,
                                     route.waypoints.first?.distance ?? -1, route.waypoints.last?.distance ?? -1,
                                     snaps.map { String(format: "%.0f", $0) }.joined(separator: ", ")))
            }
        }
        let within = ratios.filter { abs($0 - 1) <= 0.03 }.count
        print(String(format: "routing fresh pairs vs OSRM \(profile) (%d answered by OSRM): duration within 3 %% for %.1f %% (%d), median ratio %.3f; misses:",
                     ratios.count, Double(within) / Double(max(1, ratios.count)) * 100, within, BenchSupport.percentile(ratios.filter(\.isFinite), 0.5)))
        for miss in misses { print("  " + miss) }
        try timeOSRM(osrm, pairs, planned)
    }

    /// Waygate's per-request times over the pairs it answers: best route with steps, banners and
    /// voice (MapRouter), and with up to two alternatives.
    static func timeWaygate(_ router: MapRouter, _ pairs: [(Coordinate, Coordinate)], _ planned: [PlannedRoute?], profile: TravelProfile) {
        let answered = zip(pairs, planned).compactMap { $1 == nil ? nil : $0 }
        for (label, alternatives) in [("route with steps, banners, voice", 0), ("same with alternatives (up to 2)", 2)] {
            var times: [Double] = [], routes = 0
            for (from, to) in answered {
                let start = Stopwatch.now()
                routes += (try? router.routes([RouteWaypoint(from), RouteWaypoint(to)], options: RouteOptions(profile: profile.rawValue), alternatives: alternatives))?.count ?? 0
                times.append(Stopwatch.now() - start)
            }
            print(String(format: "routing fresh pairs, Waygate MapRouter %@: median %.3f ms, p90 %.3f ms (%d routes for %d pairs)", label,
                         BenchSupport.percentile(times, 0.5) * 1e3, BenchSupport.percentile(times, 0.9) * 1e3, routes, answered.count))
        }
    }

    /// osrm-routed's own logged per-request times for the same pairs, three kinds of request.
    static func timeOSRM(_ osrm: (host: String, port: UInt16), _ pairs: [(Coordinate, Coordinate)], _ planned: [PlannedRoute?]) throws {
        guard let log = ProcessInfo.processInfo.environment["WAYGATE_BENCH_OSRM_LOG"] else {
            print("routing OSRM logged request times skipped: set WAYGATE_BENCH_OSRM_LOG to osrm-routed's log file")
            return
        }
        let answered = zip(pairs, planned).compactMap { $1 == nil ? nil : $0 }
        for (label, query) in [("overview=false", "overview=false"), ("steps=true&overview=full", "steps=true&overview=full"),
                               ("alternatives=true&steps=true&overview=full", "alternatives=true&steps=true&overview=full")] {
            let offset = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
            for (from, to) in answered {
                _ = try BenchSupport.httpJSON(osrm, path: "/route/v1/driving/\(BenchSupport.osrmCoordinates([from, to]))?\(query)")
            }
            let times = loggedMilliseconds(log, from: offset, query: query)
            print(String(format: "routing fresh pairs, osrm-routed's own logged time, %@: median %.3f ms, p90 %.3f ms (%d requests logged)", label,
                         BenchSupport.percentile(times, 0.5), BenchSupport.percentile(times, 0.9), times.count))
        }
    }

    /// The per-request milliseconds osrm-routed logged after byte `offset` for `/route` requests
    /// ending in `query` (its lines read "[info] date time 0.45ms 127.0.0.1 - agent 200 /route/v1/…").
    static func loggedMilliseconds(_ log: String, from offset: Int, query: String) -> [Double] {
        guard let data = FileManager.default.contents(atPath: log), data.count >= offset else { return [] }
        let text = String(decoding: data[offset...], as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            guard line.contains("/route/v1/"), line.hasSuffix("?" + query) else { return nil }
            return line.split(separator: " ").first { $0.hasSuffix("ms") }.flatMap { Double($0.dropLast(2)) }
        }
    }
}
