import MapMatching
import Positioning
import RoadGraph
import Testing

@Suite("The live matcher's horizon memo")
struct HorizonMemoTests {
    @Test("five Helsinki drives: every horizon and matched road a live matcher publishes equals the one walked afresh from its edge")
    func memoChangesNothing() throws {
        var checked = 0
        var stretches = 0
        for trip in HelsinkiDrive.trips.indices {
            let drive = try HelsinkiDrive(trip: trip)
            let graph = drive.graph
            let options = MatchingOptions()
            let defaults = try #require(graph.center.map(SpeedLimitDefaults.forLocation))
            let fresh = MostProbablePath(graph: graph, profile: options.profile, speedLimitDefaults: defaults)
            var matcher = OnlineMatcher(graph: graph, options: options)
            for fix in drive.fixes(sigma: 10, seed: UInt64(300 + trip)) {
                guard let location = matcher.match(fix), let road = location.road else { continue }
                let horizon = fresh.ahead(from: road.edge, fraction: road.fraction, length: options.horizonLength)
                #expect(location.horizon == horizon, "trip \(trip), fix at \(fix.time.map { "\($0)" } ?? "?")")
                // The matched road is the first stretch's road.
                let first = horizon.first
                #expect(first?.wayID == road.wayID && first?.name == road.name && first?.ref == road.ref && first?.speedLimit == road.speedLimit)
                checked += 1
                stretches += horizon.count
            }
        }
        // Long enough to fill the memo many times over (it prunes at 32 edges).
        #expect(checked > 5 * 150 && stretches > checked)
    }
}
