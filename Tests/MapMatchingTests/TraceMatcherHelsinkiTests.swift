import Geodesy
import MapMatching
import Positioning
import RoadGraph
import Testing

@Suite("Matching noisy drives over the Helsinki extract", .serialized)
struct HelsinkiMatchingTests {
    /// Measured minimum over the five trips (docs/map-matching.md), rounded down by a few points so
    /// that a change of the planner's route choice does not fail the test; the means are higher.
    static let thresholds: [Double: (liveEdge: Double, live2m: Double, offlineEdge: Double, offline2m: Double)] = [
        5: (0.94, 0.97, 0.95, 0.98),
        10: (0.83, 0.95, 0.84, 0.95),
        20: (0.68, 0.89, 0.73, 0.92),
    ]

    @Test("live and offline: share of fixes on the true edge and within 2 m of the true route", arguments: [5.0, 10.0, 20.0])
    func accuracy(sigma: Double) throws {
        let threshold = try #require(Self.thresholds[sigma])
        for trip in HelsinkiDrive.trips.indices {
            let drive = try HelsinkiDrive(trip: trip)
            let fixes = drive.fixes(sigma: sigma, seed: UInt64(trip * 100) + UInt64(sigma))
            var live = OnlineMatcher(graph: drive.graph)
            let published = fixes.map { live.match($0) }
            let liveScore = drive.score(published.map { m in m.flatMap { m in m.road.map { (m.coordinate, $0.edge) } } })
            let offline = try TraceMatcher(graph: drive.graph).match(fixes)
            let offlineScore = drive.score(offline.points.map { $0.map { ($0.coordinate, $0.edge) } })
            print("MEASURE sigma=\(sigma) trip=\(trip) n=\(fixes.count) live edge=\(liveScore.onEdge) 2m=\(liveScore.within2m) offline edge=\(offlineScore.onEdge) 2m=\(offlineScore.within2m) segments=\(offline.segments.count) teleports=\(published.filter { $0?.isTeleport == true }.count)")
            #expect(liveScore.onEdge >= threshold.liveEdge)
            #expect(liveScore.within2m >= threshold.live2m)
            #expect(offlineScore.onEdge >= threshold.offlineEdge)
            #expect(offlineScore.within2m >= threshold.offline2m)
        }
    }
}
