// waygate-bench: speed figures reported in docs/benchmarks.md, never asserted in tests.
// Usage: waygate-bench [nmea|gpsd [LOGDIR [EXPECTEDDIR]]|pipeline|latency|fanout|route-reply|route-build|simulation|navigation|routing|matching|guidance|offroute|fleet|regions|all]
//        waygate-bench matching-drives FILE   (the OSRM-planned drives `matching` reads; needs OSRM)
// (run from the repository root, release build; see docs/benchmarks.md).
import Foundation

let selected = CommandLine.arguments.dropFirst().first ?? "all"
if selected == "matching-drives" {
    guard CommandLine.arguments.count == 3 else {
        FileHandle.standardError.write(Data("usage: waygate-bench matching-drives FILE\n".utf8))
        exit(2)
    }
    do {
        try MatchingBenchmark.makeDrives(to: CommandLine.arguments[2])
    } catch {
        FileHandle.standardError.write(Data("waygate-bench matching-drives: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
let benchmarks: [(name: String, run: () throws -> Void)] = [
    ("nmea", NMEABenchmark.run),
    ("gpsd", GPSDAgreementBenchmark.run),
    ("pipeline", PipelineBenchmark.run),
    ("latency", LatencyBenchmark.run),
    ("fanout", FanoutBenchmark.run),
    ("route-reply", RouteReplyBenchmark.run),
    ("route-build", RouteBuildBenchmark.run),
    ("simulation", SimulationBenchmark.run),
    ("navigation", NavigationBenchmark.run),
    ("routing", RoutingBenchmark.run),
    ("matching", MatchingBenchmark.run),
    ("guidance", GuidanceBenchmark.run),
    ("offroute", OffRouteBenchmark.run),
    ("fleet", FleetBenchmark.run),
    ("regions", RegionsBenchmark.run),
]
guard selected == "all" || benchmarks.contains(where: { $0.name == selected }) else {
    FileHandle.standardError.write(Data("usage: waygate-bench [\(benchmarks.map(\.name).joined(separator: "|"))|all]\n".utf8))
    exit(2)
}
for benchmark in benchmarks where selected == "all" || selected == benchmark.name {
    do {
        try benchmark.run()
    } catch {
        FileHandle.standardError.write(Data("waygate-bench \(benchmark.name): \(error)\n".utf8))
        exit(1)
    }
}
