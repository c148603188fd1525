import Geodesy
import MapMatching
import Positioning
import RoadGraph
import Testing

/// A single fix thrown far off the road driven (a multipath outlier) used to break the offline
/// chain twice: no candidate of the fix before could reach it, nor could it reach the fix after.
/// The decoder now holds such a fix back and goes on when the next fix follows on.
@Suite("Offline matching past a single outlier fix")
struct OutlierFixTests {
    @Test("a fix 600 m off the route, on another road, leaves one segment and is placed on the path driven")
    func heldOutlier() throws {
        let drive = try HelsinkiDrive(trip: 0)
        var fixes = drive.fixes(sigma: 5, seed: 5)
        let outlier = 60
        // A point on trip 2's route at least 600 m from the fix: on a road, but no car gets there in a second.
        let elsewhere = try #require(try HelsinkiDrive(trip: 2).samples.map(\.coordinate).first { c in
            c.distance(to: drive.samples[outlier].coordinate) > 600
        })
        fixes[outlier].coordinate = elsewhere
        let match = try TraceMatcher(graph: drive.graph).match(fixes)
        #expect(match.segments.count == 1)
        #expect(match.segments.first?.fixes == 0...(fixes.count - 1))
        let placed = try #require(match.points[outlier])
        #expect(drive.edges.contains(placed.edge))
        #expect((drive.route.project(placed.coordinate)?.distanceFromLine ?? .infinity) < 1)
        for neighbour in [outlier - 1, outlier + 1] {
            let point = try #require(match.points[neighbour])
            #expect((drive.route.project(point.coordinate)?.distanceFromLine ?? .infinity) <= 2)
        }
    }

    @Test("two such fixes in a row are a jump: the chain breaks and starts again at the first of them")
    func jump() throws {
        let drive = try HelsinkiDrive(trip: 0)
        var fixes = drive.fixes(sigma: 5, seed: 5)
        let elsewhere = try HelsinkiDrive(trip: 2).samples.map(\.coordinate).filter { c in c.distance(to: drive.samples[60].coordinate) > 600 }
        try #require(elsewhere.count >= 2)
        fixes[60].coordinate = elsewhere[0]
        fixes[61].coordinate = elsewhere[1]
        let match = try TraceMatcher(graph: drive.graph).match(fixes)
        #expect(match.segments.map(\.fixes.lowerBound) == [0, 60, 62])
    }
}
