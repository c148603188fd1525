import Foundation
import Geodesy
import MapMatching
import OSMImport
import Positioning
import RoadGraph
import Simulation
import TestSupport
import Testing

/// Matching on drives planned by OSRM 26.10 on the Milan extract (`Fixtures/milan-osrm-drives.jsonl`,
/// made by `waygate-bench matching-drives`, the first routes of the benchmark's set): 1 Hz
/// positions and times only, Gaussian noise σ east and north, scored against OSRM's route line.
@Suite("Matching OSRM-planned Milan drives (positions and times only)", .serialized)
struct PlannedDriveMatchingTests {
    static let milan = Result { () throws -> RoadGraph in
        let bytes = [UInt8](try Data(contentsOf: Fixtures.trace("maps/milan.osm.pbf")))
        return try OSMImporter().importGraph(from: bytes).graph
    }

    static let drives = Result { () throws -> [PlannedDrive] in
        let url = Fixtures.url("milan-osrm-drives.jsonl", target: "MapMatchingTests")
        return try PlannedDrive.read(jsonLines: [UInt8](try Data(contentsOf: url)), source: url.lastPathComponent)
    }

    /// Share of all fixes of the σ's drives within 2 m of the route line, a little under what was
    /// measured (docs/map-matching.md): offline and live, with `h_acc` = σ and with no accuracy.
    static let thresholds: [Double: (offline: Double, live: Double, offlinePlain: Double, livePlain: Double)] = [
        5: (0.990, 0.980, 0.990, 0.980),  // measured 99.4 / 98.4 / 99.4 / 98.5 %
        10: (0.970, 0.965, 0.970, 0.960),  // 97.6 / 96.9 / 97.6 / 96.6 %
        20: (0.945, 0.920, 0.940, 0.925),  // 94.9 / 92.5 / 94.4 / 92.8 %
    ]

    static func within2m(_ points: [Coordinate?], of route: Polyline) -> Int {
        points.reduce(0) { count, m in
            guard let m, let p = route.project(m), p.distanceFromLine <= 2 else { return count }
            return count + 1
        }
    }

    @Test("offline and live, with and without accuracy: share of fixes within 2 m of OSRM's route", arguments: [5.0, 10.0, 20.0])
    func accuracy(sigma: Double) throws {
        let graph = try Self.milan.get()
        let threshold = try #require(Self.thresholds[sigma])
        let drives = try Self.drives.get().filter { $0.sigma == sigma }
        #expect(drives.count >= 3)
        var near = [0, 0, 0, 0], total = 0
        for drive in drives {
            let route = Polyline(drive.route)
            for (k, withAccuracy) in [true, false].enumerated() {
                let fixes = drive.fixes(withAccuracy: withAccuracy)
                let offline = try TraceMatcher(graph: graph).match(fixes)
                near[2 * k] += Self.within2m(offline.points.map { $0?.coordinate }, of: route)
                var live = OnlineMatcher(graph: graph)
                let published = fixes.map { live.match($0).flatMap { $0.isOffRoad ? nil : $0.coordinate } }
                near[2 * k + 1] += Self.within2m(published, of: route)
            }
            total += drive.samples.count
        }
        let shares = near.map { Double($0) / Double(max(1, total)) }
        print("MEASURE planned sigma=\(sigma) fixes=\(total) offline=\(shares[0]) live=\(shares[1]) offlinePlain=\(shares[2]) livePlain=\(shares[3])")
        #expect(shares[0] >= threshold.offline)
        #expect(shares[1] >= threshold.live)
        #expect(shares[2] >= threshold.offlinePlain)
        #expect(shares[3] >= threshold.livePlain)
    }
}
