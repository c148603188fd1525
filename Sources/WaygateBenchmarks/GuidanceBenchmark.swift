import Foundation
import Gateway
import Geodesy
import RoadGraph
import RouteModel
import Routing

/// Milan: Waygate's steps against OSRM's for the same seeded car pairs (needs `WAYGATE_BENCH_OSRM`):
/// the step count ratio, the share of OSRM maneuvers (type and modifier) that a Waygate step
/// repeats nearby, and the kinds of steps one side has and the other lacks.
enum GuidanceBenchmark {
    /// Pairs compared (the first of `RoutingBenchmark.randomPairs`).
    static let pairCount = 200
    /// Metres within which a Waygate maneuver counts as the same place as an OSRM one.
    static let matchRadius: Meters = 30
    /// Kinds listed per category.
    static let topCount = 8

    /// One maneuver, reduced to what the comparison needs.
    struct Step {
        var kind: String
        var location: Coordinate
        var name: String
    }

    /// Tallies over all compared pairs.
    struct Tally {
        var ratios: [Double] = []
        var waygateSteps = 0, osrmSteps = 0
        var osrmManeuvers = 0, matched = 0, located = 0
        var extra: [String: Int] = [:], missing: [String: Int] = [:], mismatched: [String: Int] = [:]
        var examples: [String: String] = [:]
    }

    static func run() throws {
        guard let osrm = BenchSupport.server("WAYGATE_BENCH_OSRM") else {
            print("guidance comparison skipped: set WAYGATE_BENCH_OSRM=http://127.0.0.1:5000 with osrm-routed serving Milan")
            return
        }
        let graph = try BenchSupport.importMap("milan")
        let pairs = try RoutingBenchmark.randomPairs(planner: RoutePlanner(graph: graph), profile: .car).prefix(pairCount)
        let router = MapRouter(graph: graph)
        var all = Tally(), samePath = Tally()
        for (from, to) in pairs {
            let answer = try BenchSupport.httpJSON(
                osrm, path: "/route/v1/driving/\(BenchSupport.osrmCoordinates([from, to]))?steps=true&overview=false")
            guard let best = (answer?["routes"] as? [[String: Any]])?.first, let distance = best["distance"] as? Double,
                  let route = try router.routes([RouteWaypoint(from), RouteWaypoint(to)], options: RouteOptions()).first else { continue }
            let theirs = osrmSteps(best), ours = route.legs.flatMap(\.steps).map {
                Step(kind: kind($0.maneuver.type.rawValue, $0.maneuver.modifier?.rawValue), location: $0.maneuver.location, name: $0.name)
            }
            guard !theirs.isEmpty else { continue }
            tally(ours: ours, theirs: theirs, into: &all)
            if abs(route.distance / distance - 1) < 0.01 { tally(ours: ours, theirs: theirs, into: &samePath) }
        }
        report("all pairs", all)
        report("same path (distance within 1 %)", samePath)
    }

    /// The maneuvers of every leg of an OSRM route object.
    static func osrmSteps(_ route: [String: Any]) -> [Step] {
        let legs = route["legs"] as? [[String: Any]] ?? []
        return legs.flatMap { $0["steps"] as? [[String: Any]] ?? [] }.compactMap { step in
            guard let maneuver = step["maneuver"] as? [String: Any], let type = maneuver["type"] as? String,
                  let location = maneuver["location"] as? [Double], location.count == 2 else { return nil }
            return Step(kind: kind(type, maneuver["modifier"] as? String), location: Coordinate(latitude: location[1], longitude: location[0]),
                        name: step["name"] as? String ?? "")
        }
    }

    /// "type modifier" as listed in the report.
    static func kind(_ type: String, _ modifier: String?) -> String { modifier.map { "\(type) \($0)" } ?? type }

    /// Adds one pair's comparison to `tally`.
    static func tally(ours: [Step], theirs: [Step], into tally: inout Tally) {
        tally.ratios.append(Double(ours.count) / Double(theirs.count))
        tally.waygateSteps += ours.count
        tally.osrmSteps += theirs.count
        for step in theirs {
            tally.osrmManeuvers += 1
            let near = ours.filter { $0.location.distance(to: step.location) <= matchRadius }
            if near.contains(where: { $0.kind == step.kind }) {
                tally.matched += 1
            } else if let other = near.first {
                tally.located += 1
                note("\(step.kind) → \(other.kind)", step, in: &tally.mismatched, examples: &tally.examples)
            } else {
                note(step.kind, step, in: &tally.missing, examples: &tally.examples)
            }
        }
        for step in ours where !theirs.contains(where: { $0.location.distance(to: step.location) <= matchRadius }) {
            note(step.kind, step, in: &tally.extra, examples: &tally.examples)
        }
    }

    /// Counts `key` and keeps its first example.
    static func note(_ key: String, _ step: Step, in counts: inout [String: Int], examples: inout [String: String]) {
        counts[key, default: 0] += 1
        if examples[key] == nil {
            examples[key] = String(format: "%.6f,%.6f %@", step.location.latitude, step.location.longitude, step.name)
        }
    }

    /// Prints one tally.
    static func report(_ title: String, _ tally: Tally) {
        let share = Double(tally.matched) / Double(max(1, tally.osrmManeuvers)) * 100
        let placed = Double(tally.matched + tally.located) / Double(max(1, tally.osrmManeuvers)) * 100
        print(String(format: "guidance vs OSRM, %@ (%d pairs): step ratio median %.3f (p10 %.3f, p90 %.3f), total %d / %d = %.3f; OSRM maneuvers matched (type+modifier within %.0f m) %.1f %%, a Waygate step there %.1f %%",
                     title, tally.ratios.count, BenchSupport.percentile(tally.ratios, 0.5), BenchSupport.percentile(tally.ratios, 0.1),
                     BenchSupport.percentile(tally.ratios, 0.9), tally.waygateSteps, tally.osrmSteps,
                     Double(tally.waygateSteps) / Double(max(1, tally.osrmSteps)), matchRadius, share, placed))
        for (label, counts) in [("extra (Waygate only)", tally.extra), ("missing (OSRM only)", tally.missing),
                                ("different kind (OSRM → Waygate)", tally.mismatched)] {
            let top = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(topCount)
            print("  \(label): " + top.map { "\($0.key) \($0.value) [\(tally.examples[$0.key] ?? "")]" }.joined(separator: "; "))
        }
    }
}
