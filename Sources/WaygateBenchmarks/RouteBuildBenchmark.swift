import Foundation
import Gateway
import Geodesy
import JSON
import RoadGraph
import RouteFormats
import RouteModel
import Routing
import WireProtocol

/// Where a whole route's time goes, in-process, on a map loaded from its cache: the fresh Milan
/// pairs (`traces/routing/milan-fresh-pairs.txt`) planned (`RoutePlanner.plan`), assembled with
/// steps, banners and voice (`MapRouter.routes`), and encoded as the socket's `route` REPLY line
/// (Directions v5 objects, polyline6, sorted keys), best route and with up to two alternatives;
/// on a tiled map (`ROUTE_BUILD_MAP`, e.g. /tmp/waygate-regions/milan16.osm.pbf) also the
/// corner-to-corner route. `ROUTE_BUILD_DUMP=FILE` writes every reply line (en metric, it
/// imperial, alternatives) to FILE to compare outputs between builds; `ROUTE_BUILD_ROUNDS`
/// (default 5, the first warms up) sets the rounds; `ROUTE_BUILD_ALTERNATIVES=0` or `2` times only
/// the best route or only the request with alternatives (to profile one of them alone).
enum RouteBuildBenchmark {
    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let map = environment["ROUTE_BUILD_MAP"] ?? "\(RegionsBenchmark.directory)/milan1.osm.pbf"
        let rounds = max(2, Int(environment["ROUTE_BUILD_ROUNDS"] ?? "") ?? 5)
        let loaded = try MapStore(environment: environment).load(map)
        let router = MapRouter(map: loaded)
        let pairs = try FreshRoutingPairs.load(FreshRoutingPairs.path(map: "milan", profile: .car))
        print("route-build (\(map), \(loaded.origin.rawValue); \(pairs.count) fresh pairs, \(rounds - 1) timed rounds):")
        if let dump = environment["ROUTE_BUILD_DUMP"] {
            try write(dump: dump, router: router, pairs: pairs)
        }
        let kinds = environment["ROUTE_BUILD_ALTERNATIVES"].flatMap { Int($0) }.map { [$0] } ?? [0, 2]
        for alternatives in kinds {
            var plan: [Double] = [], build: [Double] = [], encode: [Double] = [], total: [Double] = [], bytes: [Double] = []
            for round in 0..<rounds {
                for (from, to) in pairs {
                    let waypoints = [RouteWaypoint(from), RouteWaypoint(to)]
                    let start = Stopwatch.now()
                    guard (try? router.planner.plan(RouteRequest(waypoints: waypoints, alternatives: alternatives))) != nil else { continue }
                    let planned = Stopwatch.now()
                    guard let routes = try? router.routes(waypoints, options: RouteOptions(), alternatives: alternatives) else { continue }
                    let built = Stopwatch.now()
                    let line = replyLine(routes)
                    let encoded = Stopwatch.now()
                    guard round > 0 else { continue }
                    plan.append((planned - start) * 1e3)
                    build.append((built - planned) * 1e3)
                    encode.append((encoded - built) * 1e3)
                    total.append((encoded - planned) * 1e3)
                    bytes.append(Double(line.count))
                }
            }
            print(String(format: "  %@: plan only median %.3f ms; routes (plan + steps, banners, voice) median %.3f ms, p90 %.3f; reply encoding median %.3f ms, p90 %.3f; routes + encoding median %.3f ms, p90 %.3f; reply %.1f KiB median",
                         alternatives == 0 ? "best route" : "with alternatives (up to 2)",
                         BenchSupport.percentile(plan, 0.5), BenchSupport.percentile(build, 0.5), BenchSupport.percentile(build, 0.9),
                         BenchSupport.percentile(encode, 0.5), BenchSupport.percentile(encode, 0.9),
                         BenchSupport.percentile(total, 0.5), BenchSupport.percentile(total, 0.9), BenchSupport.percentile(bytes, 0.5) / 1024))
        }
        if let tiled = (try? tiling(of: map)) ?? nil, tiled.n > 1 {
            let (n, offset) = tiled
            let k = Double(n - 1), from = RegionsBenchmark.from
            let far = Coordinate(latitude: from.latitude + k * offset.0, longitude: from.longitude + k * offset.1)
            let waypoints = [RouteWaypoint(from), RouteWaypoint(far)]
            var plan: [Double] = [], build: [Double] = [], encode: [Double] = [], summary = ""
            for round in 0..<rounds {
                let start = Stopwatch.now()
                _ = try router.planner.plan(RouteRequest(waypoints: waypoints))
                let planned = Stopwatch.now()
                let routes = try router.routes(waypoints, options: RouteOptions())
                let built = Stopwatch.now()
                let line = replyLine(routes)
                let encoded = Stopwatch.now()
                guard round > 0, let best = routes.first else { continue }
                plan.append((planned - start) * 1e3)
                build.append((built - planned) * 1e3)
                encode.append((encoded - built) * 1e3)
                summary = String(format: "%.0f km, %d steps, %.0f KiB reply", best.distance / 1000, best.legs.map(\.steps.count).reduce(0, +), Double(line.count) / 1024)
            }
            print(String(format: "  cross-map route (%@): plan only median %.1f ms; routes (plan + guidance) median %.1f ms; reply encoding median %.1f ms",
                         summary, BenchSupport.percentile(plan, 0.5), BenchSupport.percentile(build, 0.5), BenchSupport.percentile(encode, 0.5)))
        }
    }

    /// The socket's REPLY line for `routes`, as the daemon writes it (GatewayCommandHandler's `route`).
    static func replyLine(_ routes: [Route]) -> [UInt8] {
        let writer = OSRMWriter(geometry: .polyline6)
        var json = JSONWriter(capacity: 64 << 10)
        json.beginArray()
        for route in routes { writer.writeRouteObject(route, order: .sorted, to: &json) }
        json.endArray()
        return ServerMessage.reply(ReplyMessage(id: .integer(1), written: ["routes": json.bytes])).line
    }

    /// Every pair's reply lines (best route in English metric, in Italian imperial, up to two
    /// alternatives), one per line, to `dump`.
    static func write(dump: String, router: MapRouter, pairs: [(Coordinate, Coordinate)]) throws {
        var out: [UInt8] = []
        let variants = [(RouteOptions(), 0), (RouteOptions(units: .imperial, language: "it"), 0), (RouteOptions(), 2)]
        for (from, to) in pairs {
            for (options, alternatives) in variants {
                if let routes = try? router.routes([RouteWaypoint(from), RouteWaypoint(to)], options: options, alternatives: alternatives) {
                    out += replyLine(routes)
                } else {
                    out += Array("no route\n".utf8)
                }
            }
        }
        try Data(out).write(to: URL(fileURLWithPath: dump))
        print("  wrote \(pairs.count * variants.count) reply lines to \(dump)")
    }

    /// The tiling `n` and copy offset of a map made by tile_map.py (its `.txt` note), nil for other maps.
    static func tiling(of map: String) throws -> (n: Int, offset: (Double, Double))? {
        let text = try String(contentsOfFile: map + ".txt", encoding: .utf8)
        guard let n = text.split(separator: ":").dropFirst().first?.split(separator: "x").first.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else { return nil }
        let numbers = text.components(separatedBy: "copy (row, col) = IN + (").last?.split(whereSeparator: { !"0123456789.".contains($0) })
            .compactMap { Double($0) } ?? []
        guard numbers.count >= 2 else { return nil }
        return (n, (numbers[0], numbers[1]))
    }
}
