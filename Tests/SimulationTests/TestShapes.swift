import Geodesy
import Positioning
import RouteModel
import Simulation
import Timekeeping

/// Synthetic geometry and drive helpers shared by the simulation tests.
enum TestShapes {
    static let origin = Coordinate(latitude: 45.4642, longitude: 9.19)
    static let t0 = Timestamp(secondsSince1970: 1_800_000_000)

    /// A path walking `legs` (bearing, length) from `start`, with a vertex every `spacing` metres
    /// (or only at the corners when nil).
    static func walk(_ legs: [(bearing: Degrees, length: Meters)], from start: Coordinate = origin, spacing: Meters? = nil) -> [Coordinate] {
        var points = [start]
        for leg in legs {
            let from = points[points.count - 1]
            let n = spacing.map { max(1, Int((leg.length / $0).rounded())) } ?? 1
            for i in 1...n { points.append(from.destination(distance: leg.length * Double(i) / Double(n), bearing: leg.bearing)) }
        }
        return points
    }

    /// A 200 m approach heading east, three quarters of a circle of `radius` metres driven
    /// anticlockwise (a right-hand-traffic roundabout) drawn every `spacing` metres, and a 200 m
    /// exit veering off to the west-south-west.
    static func roundabout(radius: Meters = 15, spacing: Meters = 2) -> [Coordinate] {
        var points = walk([(90, 200)], spacing: 50)
        let entry = points[points.count - 1]
        // Entering eastbound and turning left round the island, whose centre is north of the entry.
        let centre = entry.destination(distance: radius, bearing: 0)
        let steps = Int((1.5 * Double.pi * radius / spacing).rounded())
        for i in 1...steps {
            // Anticlockwise from the south point: the bearing from the centre decreases.
            let bearing = Bearing.normalized(180 - 270 * Double(i) / Double(steps))
            points.append(centre.destination(distance: radius, bearing: bearing))
        }
        let exit = points[points.count - 1]
        points += walk([(240, 200)], from: exit, spacing: 50).dropFirst()
        return points
    }

    /// Fixes from the start until `extra` fixes after the vehicle has parked.
    static func driveToEnd(_ simulator: inout RouteSimulator, extra: Int = 3, limit: Int = 100_000) -> [Fix] {
        var fixes: [Fix] = []
        while !simulator.isFinished && fixes.count < limit { fixes.append(simulator.next()) }
        for _ in 0..<extra { fixes.append(simulator.next()) }
        return fixes
    }

    /// Distance along `line` of each fix's position.
    static func distancesAlong(_ fixes: [Fix], on line: [Coordinate]) -> [Meters] {
        let polyline = Polyline(line)
        return fixes.compactMap { $0.coordinate.flatMap { polyline.project($0)?.distanceAlong } }
    }
}
