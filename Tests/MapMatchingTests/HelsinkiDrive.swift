import Foundation
import Geodesy
import OSMImport
import Positioning
import RoadGraph
import Routing
import Simulation
import TestSupport
import Testing
import Timekeeping

/// Drives planned routes over the Helsinki extract at 1 Hz, with the true edge of every sample,
/// and adds seeded Gaussian noise for the matchers to undo.
struct HelsinkiDrive {
    /// One sample of the true drive.
    struct Sample {
        var coordinate: Coordinate
        var bearing: Degrees
        var edge: EdgeID
        var wayID: Int64
        /// Index of the route segment (edge) the sample lies on.
        var segment: Int
    }

    static let loaded = Result { () throws -> RoadGraph in
        let bytes = [UInt8](try Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf")))
        return try OSMImporter().importGraph(from: bytes).graph
    }

    /// Origin–destination pairs across the extract whose car routes are 2.2–2.6 km long (found by probing a grid).
    static let trips: [(Coordinate, Coordinate)] = [
        (Coordinate(latitude: 60.162, longitude: 24.939), Coordinate(latitude: 60.178, longitude: 24.945)),
        (Coordinate(latitude: 60.178, longitude: 24.957), Coordinate(latitude: 60.178, longitude: 24.933)),
        (Coordinate(latitude: 60.178, longitude: 24.957), Coordinate(latitude: 60.162, longitude: 24.939)),
        (Coordinate(latitude: 60.162, longitude: 24.951), Coordinate(latitude: 60.174, longitude: 24.933)),
        (Coordinate(latitude: 60.166, longitude: 24.957), Coordinate(latitude: 60.178, longitude: 24.939)),
    ]

    let graph: RoadGraph
    let route: Polyline
    let samples: [Sample]
    let edges: [EdgeID]

    /// The drive along the best car route of trip `index`, sampled every second at `speed` m/s.
    init(trip index: Int, speed: MetersPerSecond = 10) throws {
        graph = try Self.loaded.get()
        let (from, to) = Self.trips[index]
        let planned = try RoutePlanner(graph: graph).plan(RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)]))
        let path = try #require(planned.first?.legs.first)
        route = Polyline(path.geometry)
        edges = path.edges
        var samples: [Sample] = []
        var d: Meters = 0
        var segment = 0
        var segmentEnd = path.segments[0].distance
        while d <= route.length {
            while segment < path.segments.count - 1 && d > segmentEnd {
                segment += 1
                segmentEnd += path.segments[segment].distance
            }
            let s = path.segments[segment]
            samples.append(
                Sample(coordinate: route.coordinate(atDistance: d)!, bearing: route.bearing(atDistance: d) ?? 0, edge: s.edge, wayID: s.wayID, segment: segment))
            d += speed
        }
        self.samples = samples
    }

    /// The samples as fixes with horizontal noise of `sigma` metres and course noise of 5°,
    /// reporting `sigma` as their accuracy.
    func fixes(sigma: Meters, seed: UInt64, speed: MetersPerSecond = 10) -> [Fix] {
        var random = SeededGenerator(seed: seed)
        let start = Timestamp(secondsSince1970: 1_800_000_000)
        return samples.enumerated().map { i, s in
            let projection = LocalProjection(origin: s.coordinate)
            let noisy = projection.unproject(PlanarPoint(x: sigma * random.nextNormal(), y: sigma * random.nextNormal()))
            var fix = Fix(time: start.adding(Double(i)), mode: .threeD, coordinate: noisy)
            fix.speed = speed
            fix.course = Bearing.normalized(s.bearing + 5 * random.nextNormal())
            fix.horizontalAccuracy = sigma
            return fix
        }
    }

    /// Shares of fixes matched onto the true directed edge (or the route edge just before or after
    /// it: a fix near a node may fairly snap across it) and within 2 m of the true route line.
    func score(_ matched: [(coordinate: Coordinate, edge: EdgeID)?]) -> (onEdge: Double, within2m: Double) {
        var onEdge = 0, near = 0
        for (sample, m) in zip(samples, matched) {
            guard let m else { continue }
            let window = max(0, sample.segment - 1)...min(edges.count - 1, sample.segment + 1)
            if window.contains(where: { edges[$0] == m.edge }) { onEdge += 1 }
            if let p = route.project(m.coordinate), p.distanceFromLine <= 2 { near += 1 }
        }
        return (Double(onEdge) / Double(samples.count), Double(near) / Double(samples.count))
    }
}
