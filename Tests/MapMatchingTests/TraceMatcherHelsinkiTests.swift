import Geodesy
import MapMatching
import Positioning
import RoadGraph
import Testing

@Suite("Matching noisy drives over the Helsinki extract", .serialized)
struct HelsinkiMatchingTests {
    @Test("live and offline shares of fixes on the true way and within 2 m of the true route", arguments: [5.0, 10.0, 20.0])
    func accuracy(sigma: Double) throws {
        var totals = (live: (0.0, 0.0), offline: (0.0, 0.0))
        for trip in HelsinkiDrive.trips.indices {
            let drive = try HelsinkiDrive(trip: trip)
            let fixes = drive.fixes(sigma: sigma, seed: UInt64(trip * 100) + UInt64(sigma))
            var live = OnlineMatcher(graph: drive.graph)
            let liveScore = drive.score(fixes.map { live.match($0) }.map { m in m?.road.map { (m!.coordinate, $0.wayID) } })
            let offline = try TraceMatcher(graph: drive.graph).match(fixes)
            let offlineScore = drive.score(offline.points.map { $0.map { ($0.coordinate, $0.wayID) } })
            print("MEASURE sigma=\(sigma) trip=\(trip) n=\(fixes.count) live way=\(liveScore.onWay) 2m=\(liveScore.within2m) offline way=\(offlineScore.onWay) 2m=\(offlineScore.within2m) segments=\(offline.segments.count)")
            totals.live.0 += liveScore.onWay
            totals.live.1 += liveScore.within2m
            totals.offline.0 += offlineScore.onWay
            totals.offline.1 += offlineScore.within2m
        }
        let n = Double(HelsinkiDrive.trips.count)
        print("MEASURE sigma=\(sigma) mean live way=\(totals.live.0 / n) 2m=\(totals.live.1 / n) offline way=\(totals.offline.0 / n) 2m=\(totals.offline.1 / n)")
    }
}
