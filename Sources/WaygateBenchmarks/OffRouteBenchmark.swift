import Foundation
import Gateway
import Geodesy
import MapMatching
import Navigation
import Positioning
import RoadGraph
import RouteModel
import Routing
import Simulation

/// Guidance on the OSRM-planned drives of `matching` (issue 10 item 5: the matched road feeds
/// guidance): each drive's ends are routed by Waygate on Milan, and drives whose Waygate route
/// covers the OSRM route (every OSRM point within 3 m of it) are guided along that route from
/// their noisy 1 Hz fixes (positions and times only, `h_acc` = σ), from the raw fixes alone, with
/// the live matcher's `RoadMatch` (laid along the guided route, as in the gateway) but not whether
/// its edge is the route's, and with it. The vehicle drives the route, so every off-route
/// is false. Then each drive is guided along a detour (Waygate's route from its start via a point
/// 400 m beside its middle to its end): where the vehicle keeps to the OSRM route it leaves the
/// guided one, and the seconds from there (the first fix past the last OSRM point within 10 m of
/// the guided route) to the off-route are counted, raw and matched alike.
enum OffRouteBenchmark {
    static func run() throws {
        let path = ProcessInfo.processInfo.environment["WAYGATE_BENCH_MATCHING_DRIVES"] ?? MatchingBenchmark.fixture
        let drives = try PlannedDrive.read(jsonLines: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), source: path)
        let graph = try BenchSupport.importMap("milan")
        let router = MapRouter(graph: graph)
        print("offroute milan: \(drives.count) OSRM-planned drives from \(path)")
        print("| σ | drives guided (of) | km | false off-routes, raw fixes | with the matched road | … and its edge on the route | drives arrived, raw / matched / edge | detours: left the route, detected raw / matched / edge | seconds to detect, median / p90, raw | matched | edge |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for sigma in MatchingBenchmark.sigmas {
            let set = drives.filter { $0.sigma == sigma }
            guard !set.isEmpty else { continue }
            var guided = 0, meters = 0.0
            var offRoutes = [0, 0, 0]
            var arrived = [0, 0, 0]
            var detours = 0
            var detected = [0, 0, 0]
            var delays: [[Double]] = [[], [], []]
            for drive in set {
                guard let first = drive.route.first, let last = drive.route.last,
                      let route = try? router.routes([RouteWaypoint(first), RouteWaypoint(last)], options: RouteOptions()).first
                else { continue }
                let line = Polyline(route.geometry), truth = Polyline(drive.route)
                guard drive.route.allSatisfy({ (line.project($0)?.distanceFromLine ?? .infinity) <= 3 }) else { continue }
                guided += 1
                meters += truth.length
                let fixes = drive.fixes(withAccuracy: true)
                let matches = Self.matches(fixes, graph: graph, along: route)
                for (k, given) in Given.allCases.enumerated() {
                    var follower = try RouteFollower(route: route, routeID: drive.name)
                    for (i, fix) in fixes.enumerated() {
                        let events = follower.update(with: fix, road: given.road(matches[i]))
                        offRoutes[k] += events.filter { if case .offRouteDetected = $0 { true } else { false } }.count
                    }
                    if follower.hasArrived { arrived[k] += 1 }
                }
                guard let detour = detourRoute(drive, router: router) else { continue }
                let guidedLine = Polyline(detour.geometry)
                // Where the vehicle leaves the guided route, metres along the drive's own route.
                guard let leave = truth.cumulativeDistances.indices.first(where: { i in
                    truth.cumulativeDistances[i] > 50 && (guidedLine.project(drive.route[i])?.distanceFromLine ?? 0) > 10
                }).map({ truth.cumulativeDistances[max(0, $0 - 1)] }),
                      let leftAt = fixes.firstIndex(where: { (truth.project($0.coordinate!)?.distanceAlong ?? 0) > leave })
                else { continue }
                detours += 1
                let detourMatches = Self.matches(fixes, graph: graph, along: detour)
                for (k, given) in Given.allCases.enumerated() {
                    var follower = try RouteFollower(route: detour, routeID: drive.name)
                    for (i, fix) in fixes.enumerated() {
                        let events = follower.update(with: fix, road: given.road(detourMatches[i]))
                        guard i >= leftAt, events.contains(where: { if case .offRouteDetected = $0 { true } else { false } }) else { continue }
                        detected[k] += 1
                        delays[k].append(Double(i - leftAt))
                        break
                    }
                }
            }
            func quantiles(_ values: [Double]) -> String {
                let sorted = values.sorted()
                guard !sorted.isEmpty else { return "—" }
                return String(format: "%.0f / %.0f s", sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 9 / 10)])
            }
            print(String(format: "| %.0f m | %d (%d) | %.1f | %d | %d | %d | %d / %d / %d | %d: %d / %d / %d | %@ | %@ | %@ |", sigma, guided, set.count,
                         meters / 1000, offRoutes[0], offRoutes[1], offRoutes[2], arrived[0], arrived[1], arrived[2], detours,
                         detected[0], detected[1], detected[2], quantiles(delays[0]), quantiles(delays[1]), quantiles(delays[2])))
        }
    }

    /// The live matcher's answer to each fix, laid along `route` (as the gateway lays it in guidance).
    static func matches(_ fixes: [Fix], graph: RoadGraph, along route: Route) -> [RoadMatch?] {
        var matcher = OnlineMatcher(graph: graph)
        matcher.follow(TraceMatcher(graph: graph).path(along: route.geometry))
        return fixes.map { matcher.match($0)?.roadMatch }
    }

    /// What guidance is given of the matcher's answers, one column each.
    enum Given: CaseIterable {
        /// Nothing: the raw fixes alone.
        case rawFixes
        /// The match without whether its edge is the route's (guidance until 2026-12-07).
        case match
        /// The match and whether its edge is the route's, as the gateway gives it.
        case matchOnRoute

        /// What guidance gets of `match`.
        func road(_ match: RoadMatch?) -> RoadMatch? {
            guard self != .rawFixes, var match else { return nil }
            if self == .match { match.onRoute = nil }
            return match
        }
    }

    /// Waygate's route from the drive's start via a point 400 m to the right of its middle to its end.
    static func detourRoute(_ drive: PlannedDrive, router: MapRouter) -> Route? {
        let truth = Polyline(drive.route)
        guard let first = drive.route.first, let last = drive.route.last, let middle = truth.coordinate(atDistance: truth.length / 2),
              let ahead = truth.coordinate(atDistance: truth.length / 2 + 20) else { return nil }
        let via = middle.destination(distance: 400, bearing: middle.bearing(to: ahead) + 90)
        return try? router.routes([RouteWaypoint(first), RouteWaypoint(via), RouteWaypoint(last)], options: RouteOptions()).first
    }
}
