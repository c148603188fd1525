import Geodesy
import Positioning
import RouteModel
import Simulation
import Testing
import Timekeeping

@Suite("Tunnels read from a route")
struct RouteTunnelTests {
    /// A 300 m straight route east whose middle 100 m (between two intersections) is a tunnel.
    static func route() -> Route {
        let a = Coordinate(latitude: 45.46, longitude: 9.19)
        let b = a.destination(distance: 100, bearing: 90), c = b.destination(distance: 100, bearing: 90), d = c.destination(distance: 100, bearing: 90)
        let step = RouteStep(
            distance: 300, duration: 30, geometry: [a, b, c, d], maneuver: Maneuver(type: .depart, location: a),
            intersections: [
                Intersection(location: a, bearings: [90], entry: [true], outIndex: 0),
                Intersection(location: b, bearings: [90, 270], entry: [true, false], inIndex: 1, outIndex: 0, classes: ["tunnel"]),
                Intersection(location: c, bearings: [90, 270], entry: [true, false], inIndex: 1, outIndex: 0),
            ])
        let arrive = RouteStep(distance: 0, duration: 0, geometry: [d, d], maneuver: Maneuver(type: .arrive, location: d))
        return Route(distance: 300, duration: 30, geometry: [a, b, c, d], legs: [RouteLeg(distance: 300, duration: 30, steps: [step, arrive])])
    }

    @Test("the tunnel class on an intersection's outgoing road marks the stretch to the next intersection")
    func stretches() throws {
        let stretches = Self.route().tunnelStretches
        try #require(stretches.count == 1)
        #expect(abs(stretches[0].lowerBound - 100) < 0.5)
        #expect(abs(stretches[0].upperBound - 200) < 0.5)
    }

    @Test("a simulated drive has no position inside the tunnel and fixes again after it")
    func noFixInTunnel() throws {
        let route = Self.route()
        var options = RouteSimulator.Options()
        options.noise = NoiseModel.Options(tunnels: route.tunnelStretches, seed: 1)
        var simulator = try RouteSimulator(route: route, options: options, startTime: Timestamp(secondsSince1970: 0))
        let start = route.geometry[0]
        var insideWithPosition = 0, insideWithout = 0, after = 0
        while !simulator.isFinished {
            let fix = simulator.next()
            let along = simulator.distanceTraveled
            if along > 105 && along < 195 {
                if fix.coordinate == nil { insideWithout += 1 } else { insideWithPosition += 1 }
            } else if along > 210, let c = fix.coordinate, c.distance(to: start) > 210 {
                after += 1
            }
        }
        #expect(insideWithPosition == 0)
        #expect(insideWithout > 0)
        #expect(after > 0)
    }
}
