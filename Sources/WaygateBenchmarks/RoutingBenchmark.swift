import Foundation
import Gateway
import Geodesy
import OSMImport
import RoadGraph
import RouteModel
import Routing
import Simulation

/// One extract and profile (Milan by car unless `WAYGATE_BENCH_ROUTING_MAP` and
/// `WAYGATE_BENCH_ROUTING_PROFILE` say otherwise): map import time and peak memory, binary graph
/// load time, the profile's contraction hierarchy build time, memory and size, route query latency
/// (RoutePlanner by A* and through the hierarchy, MapRouter with guidance) over seeded random
/// pairs, and duration/distance ratios to OSRM for the same pairs when `WAYGATE_BENCH_OSRM` names
/// an osrm-routed serving the same extract with the matching profile (car.lua, bicycle.lua, foot.lua).
enum RoutingBenchmark {
    static let pairCount = 300

    /// The extract routed on, a name under traces/maps: `WAYGATE_BENCH_ROUTING_MAP`, else Milan.
    static var mapName: String { ProcessInfo.processInfo.environment["WAYGATE_BENCH_ROUTING_MAP"].flatMap { $0.isEmpty ? nil : $0 } ?? "milan" }

    /// The profile routed: `WAYGATE_BENCH_ROUTING_PROFILE` (`car`, `bike` or `foot`), else car.
    static func profile() throws -> TravelProfile {
        let name = ProcessInfo.processInfo.environment["WAYGATE_BENCH_ROUTING_PROFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "car"
        guard let profile = TravelProfile(rawValue: name) else { throw BenchError("WAYGATE_BENCH_ROUTING_PROFILE=\(name): expected car, bike or foot") }
        return profile
    }

    static func run() throws {
        let path = "traces/maps/\(mapName).osm.pbf", profile = try profile()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let (wallStart, cpuStart) = (Stopwatch.now(), BenchSupport.cpuTime())
        let imported = try OSMImporter().importGraph(from: bytes)
        let (wall, cpu) = (Stopwatch.now() - wallStart, BenchSupport.cpuTime() - cpuStart)
        let graph = imported.graph
        print(String(format: "routing import \(path) (%.1f MB): %.2f s wall, %.2f s CPU, peak RSS %.0f MB; %d nodes, %d edges",
                     Double(bytes.count) / 1e6, wall, cpu, BenchSupport.peakResidentMegabytes() ?? -1, graph.nodeCount, graph.edgeCount))

        let cache = NSTemporaryDirectory() + "waygate-bench-\(getpid()).graph"
        try Data(graph.serialized()).write(to: URL(fileURLWithPath: cache))
        defer { try? FileManager.default.removeItem(atPath: cache) }
        var loadedEdges = 0
        let load = try Stopwatch.best(runs: 3) {
            let cached = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache)))
            loadedEdges = try RoadGraph(serialized: cached).edgeCount
        }
        let cacheSize = (try? FileManager.default.attributesOfItem(atPath: cache)[.size] as? Int) ?? 0
        print(String(format: "routing binary graph load (%.1f MB file): %.3f s, %d edges", Double(cacheSize) / 1e6, load, loadedEdges))

        let aStar = RoutePlanner(graph: graph)
        let peakBefore = BenchSupport.peakResidentMegabytes() ?? -1
        let (buildStart, buildCPUStart) = (Stopwatch.now(), BenchSupport.cpuTime())
        let hierarchy = aStar.buildHierarchy(for: profile, runner: .threads)
        let (buildWall, buildCPU) = (Stopwatch.now() - buildStart, BenchSupport.cpuTime() - buildCPUStart)
        let hierarchyBytes = hierarchy.serialized()
        print(String(format: "routing \(profile) contraction hierarchy build: %.2f s wall, %.2f s CPU, peak RSS %.0f MB (%.0f MB before); %d shortcuts of %d arcs, %.1f MB serialized",
                     buildWall, buildCPU, BenchSupport.peakResidentMegabytes() ?? -1, peakBefore, hierarchy.shortcutCount, hierarchy.arcCount,
                     Double(hierarchyBytes.count) / 1e6))
        let hierarchyLoad = try Stopwatch.best(runs: 3) { _ = try ContractionHierarchy(serialized: hierarchyBytes) }
        let plannerSetup = Stopwatch.best(runs: 3) { _ = RoutePlanner(graph: graph) }
        let checkedSetup = Stopwatch.best(runs: 3) { _ = RoutePlanner(graph: graph, hierarchies: [hierarchy]) }
        print(String(format: "routing hierarchy load from bytes %.3f s; planner setup %.3f s without hierarchy, %.3f s with it (cost fingerprint check)",
                     hierarchyLoad, plannerSetup, checkedSetup))

        let planner = RoutePlanner(graph: graph, hierarchies: [hierarchy])
        let pairs = try randomPairs(planner: planner, profile: profile)
        let (aStarTimes, _) = try time(aStar, pairs, profile: profile)
        let (plannerTimes, planned) = try time(planner, pairs, profile: profile)
        var searchTimes: [Double] = [], mismatches = 0
        for (from, to) in pairs {
            let request = RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)], profile: profile.rawValue)
            let start = Stopwatch.now()
            let weight = try planner.bestWeight(request)
            searchTimes.append(Stopwatch.now() - start)
            if abs(weight - (try aStar.bestWeight(request))) > 1e-6 { mismatches += 1 }
        }
        var routerTimes: [Double] = []
        let router = MapRouter(graph: graph, hierarchies: [hierarchy])
        for (from, to) in pairs {
            let start = Stopwatch.now()
            _ = try router.routes([RouteWaypoint(from), RouteWaypoint(to)], options: RouteOptions(profile: profile.rawValue))
            routerTimes.append(Stopwatch.now() - start)
        }
        let meanKm = planned.reduce(0) { $0 + $1.distance } / Double(planned.count) / 1000
        print(String(format: "routing %d random \(profile) pairs (mean %.1f km): RoutePlanner A* median %.2f ms, p99 %.2f ms; with hierarchy median %.3f ms, p99 %.3f ms (%d weights differ from the A*'s by > 1e-6), of which snapping and search (bestWeight) median %.3f ms, p99 %.3f ms; MapRouter (hierarchy, with guidance) median %.2f ms, p99 %.2f ms",
                     pairs.count, meanKm, BenchSupport.percentile(aStarTimes, 0.5) * 1e3, BenchSupport.percentile(aStarTimes, 0.99) * 1e3,
                     BenchSupport.percentile(plannerTimes, 0.5) * 1e3, BenchSupport.percentile(plannerTimes, 0.99) * 1e3, mismatches,
                     BenchSupport.percentile(searchTimes, 0.5) * 1e3, BenchSupport.percentile(searchTimes, 0.99) * 1e3,
                     BenchSupport.percentile(routerTimes, 0.5) * 1e3, BenchSupport.percentile(routerTimes, 0.99) * 1e3))

        let osrm = BenchSupport.server("WAYGATE_BENCH_OSRM")
        if let osrm {
            try compare(pairs: pairs, planned: planned, profile: profile, osrm: osrm)
        } else {
            print("routing OSRM comparison skipped: set WAYGATE_BENCH_OSRM=http://127.0.0.1:5000 with osrm-routed serving the same extract and profile")
        }
        try FreshRoutingPairs.run(graph: graph, router: router, profile: profile, osrm: osrm)
    }

    /// Seconds per best route of `planner` for each pair, and the routes.
    static func time(_ planner: RoutePlanner, _ pairs: [(Coordinate, Coordinate)], profile: TravelProfile) throws -> ([Double], [PlannedRoute]) {
        var times: [Double] = [], routes: [PlannedRoute] = []
        for (from, to) in pairs {
            let start = Stopwatch.now()
            let found = try planner.plan(RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)], profile: profile.rawValue))
            times.append(Stopwatch.now() - start)
            guard let route = found.first else { throw RoutingError.noRoute(from: from, to: to) }
            routes.append(route)
        }
        return (times, routes)
    }

    /// Seeded random origin/destination pairs that `profile` can route between, given as the
    /// snapped coordinates (so OSRM and Waygate start from the same points).
    static func randomPairs(planner: RoutePlanner, profile: TravelProfile) throws -> [(Coordinate, Coordinate)] {
        guard let bounds = BenchSupport.bounds(of: planner.graph) else { return [] }
        var generator = SeededGenerator(seed: 2026)
        var pairs: [(Coordinate, Coordinate)] = []
        var attempts = 0
        while pairs.count < pairCount && attempts < pairCount * 20 {
            attempts += 1
            let from = BenchSupport.randomPoint(in: bounds, using: &generator), to = BenchSupport.randomPoint(in: bounds, using: &generator)
            guard let route = try? planner.plan(RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)], profile: profile.rawValue)).first,
                  route.distance > 500 else { continue }
            pairs.append((route.waypoints[0].coordinate, route.waypoints[1].coordinate))
        }
        return pairs
    }

    /// Duration and distance ratios Waygate / OSRM over the pairs, and OSRM's own HTTP latency.
    static func compare(pairs: [(Coordinate, Coordinate)], planned: [PlannedRoute], profile: TravelProfile, osrm: (host: String, port: UInt16)) throws {
        var durationRatios: [Double] = [], distanceRatios: [Double] = [], latencies: [Double] = []
        for ((from, to), route) in zip(pairs, planned) {
            let start = Stopwatch.now()
            let answer = try BenchSupport.httpJSON(osrm, path: "/route/v1/driving/\(BenchSupport.osrmCoordinates([from, to]))?overview=false")
            latencies.append(Stopwatch.now() - start)
            guard let best = (answer?["routes"] as? [[String: Any]])?.first,
                  let duration = best["duration"] as? Double, let distance = best["distance"] as? Double,
                  duration > 0, distance > 0 else { continue }
            durationRatios.append(route.duration / duration)
            distanceRatios.append(route.distance / distance)
        }
        let within3 = durationRatios.filter { abs($0 - 1) <= 0.03 }.count, within10 = durationRatios.filter { abs($0 - 1) <= 0.10 }.count
        let n = Double(max(1, durationRatios.count))
        print(String(format: "routing vs OSRM \(profile) (%d pairs answered): duration within 3 %% for %.1f %%, within 10 %% for %.1f %%; median duration ratio %.3f (p5 %.3f, p95 %.3f), median distance ratio %.3f (p5 %.3f, p95 %.3f)",
                     durationRatios.count, Double(within3) / n * 100, Double(within10) / n * 100,
                     BenchSupport.percentile(durationRatios, 0.5), BenchSupport.percentile(durationRatios, 0.05), BenchSupport.percentile(durationRatios, 0.95),
                     BenchSupport.percentile(distanceRatios, 0.5), BenchSupport.percentile(distanceRatios, 0.05), BenchSupport.percentile(distanceRatios, 0.95)))
        print(String(format: "routing OSRM /route latency over HTTP (osrm-routed, CH): median %.2f ms, p99 %.2f ms",
                     BenchSupport.percentile(latencies, 0.5) * 1e3, BenchSupport.percentile(latencies, 0.99) * 1e3))
    }
}
