import Geodesy
import MapMatching
import Positioning
import RoadGraph
import Simulation
import Testing

/// Helsinki's Kaivokatu runs a few metres beside pedestrian tunnels (`highway=footway`,
/// `access=permissive`, under the street) that the car profile opens, as OSRM's car.lua does;
/// Valhalla never lets a car on a footway. With `pathCost` 3 instead of the default 1 (the
/// minor-road cost) a car on the street is matched on the street (docs/map-matching.md, "Sparse
/// fixes and another city": not the default, since Milan's routes use such ways).
@Suite("Matching beside Helsinki's pedestrian tunnels", .serialized)
struct PedestrianTunnelTests {
    /// Kaivokatu eastbound past the railway station, as OSRM 26.10 planned it (helsinki-17 of the
    /// benchmark's drives), about 240 m.
    static let kaivokatu: [Coordinate] = [
        (60.169945, 24.93891), (60.170163, 24.939486), (60.170214, 24.939615), (60.17024, 24.939702), (60.170271, 24.939839),
        (60.170274, 24.939918), (60.170279, 24.940093), (60.17028, 24.940155), (60.170282, 24.940229), (60.170287, 24.940412),
        (60.17031, 24.941383), (60.170314, 24.941539), (60.170335, 24.942395), (60.170339, 24.942542), (60.170346, 24.94278),
    ].map { Coordinate(latitude: $0.0, longitude: $0.1) }

    /// Fixes matched onto a footway-class road and fixes within 2 m of the street, over drives at
    /// 3 m/s along Kaivokatu with noise σ (seeds 1…`seeds`), one fix every `interval` seconds,
    /// offline and live.
    static func matched(options: MatchingOptions, sigma: Meters, interval: Double, seeds: UInt64) throws
        -> (footway: Int, near: Int, total: Int)
    {
        let graph = try HelsinkiDrive.loaded.get()
        let truth = Polyline(kaivokatu)
        let durations = zip(kaivokatu, kaivokatu.dropFirst()).map { $0.distance(to: $1) / 3 }
        var footway = 0, near = 0, total = 0
        for seed in 1...seeds {
            let drive = try #require(PlannedDrive.drive(
                name: "kaivokatu", route: kaivokatu, segmentDurations: durations, duration: durations.reduce(0, +), sigma: sigma, seed: seed))
            let fixes = drive.fixes(withAccuracy: true).enumerated().filter { i, _ in
                drive.samples[i].time.truncatingRemainder(dividingBy: interval) == 0
            }.map(\.element)
            var live = OnlineMatcher(graph: graph, options: options)
            let offline = try TraceMatcher(graph: graph, options: options).match(fixes)
            let answers: [(EdgeID, Coordinate)?] = offline.points.map { $0.map { ($0.edge, $0.coordinate) } }
                + fixes.map { fix in live.match(fix).flatMap { m in m.road.map { ($0.edge, m.coordinate) } } }
            for answer in answers {
                total += 1
                guard let (edge, coordinate) = answer else { continue }
                switch graph.edges.roadClass(ofEdge: edge.index) {
                case .footway, .path, .pedestrian, .cycleway, .steps, .bridleway: footway += 1
                default: break
                }
                if (truth.project(coordinate)?.distanceFromLine ?? .infinity) <= 2 { near += 1 }
            }
        }
        return (footway, near, total)
    }

    @Test("with pathCost 3 a car on Kaivokatu is matched on the street, not the footway tunnel beside it", arguments: [1.0, 10.0])
    func street(interval: Double) throws {
        var costly = MatchingOptions()
        costly.pathCost = 3
        let now = try Self.matched(options: costly, sigma: 10, interval: interval, seeds: 12)
        let then = try Self.matched(options: MatchingOptions(), sigma: 10, interval: interval, seeds: 12)
        print("MEASURE kaivokatu interval=\(interval) footway pathCost3=\(now.footway) default=\(then.footway) near pathCost3=\(now.near) default=\(then.near) of \(now.total)")
        #expect(then.footway >= 20)
        #expect(now.footway * 10 <= then.footway)
        #expect(now.near > then.near)
    }
}
