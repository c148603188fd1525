import Geodesy
import Positioning
import RouteModel
import Simulation
import Testing
import Timekeeping

/// A leg as OSRM would return it: a depart step along `shape`, an arrive step, and per-segment
/// annotations.
func makeLeg(_ shape: [Coordinate], speeds: [MetersPerSecond]? = nil, limits: [SpeedLimit?]? = nil,
             withDistances: Bool = true, maneuver: ManeuverType = .depart) -> RouteLeg {
    let polyline = Polyline(shape)
    let segments = zip(polyline.cumulativeDistances, polyline.cumulativeDistances.dropFirst()).map { $1 - $0 }
    let annotation = LegAnnotation(distance: withDistances ? segments : [], speed: speeds ?? [],
                                   maxSpeed: limits ?? [])
    let last = shape[shape.count - 1]
    let steps = [
        RouteStep(distance: polyline.length, duration: polyline.length / 10, geometry: shape,
                  maneuver: Maneuver(type: maneuver, location: shape[0])),
        RouteStep(distance: 0, duration: 0, geometry: [last, last], maneuver: Maneuver(type: .arrive, location: last)),
    ]
    return RouteLeg(distance: polyline.length, duration: polyline.length / 10, steps: steps,
                    annotation: speeds == nil && limits == nil ? nil : annotation)
}

/// A route through `legs`, its geometry the legs joined.
func makeRoute(_ legs: [RouteLeg]) -> Route {
    var geometry: [Coordinate] = []
    for leg in legs {
        let shape = leg.steps[0].geometry
        geometry += geometry.isEmpty ? shape[...] : shape.dropFirst()
    }
    return Route(distance: legs.reduce(0) { $0 + $1.distance }, duration: legs.reduce(0) { $0 + $1.duration },
                 geometry: geometry, legs: legs)
}

@Suite("RouteSimulator on routes with legs, steps and annotations")
struct RouteSimulatorRouteTests {
    typealias S = TestShapes

    /// A real-looking urban drive, Milan-style: a boulevard drawn with sparse vertices, a gentle
    /// curve drawn densely, a right turn into a side street, a roundabout-ish bend and a final
    /// straight (polyline6).
    static let urbanShape: [Coordinate] = {
        var shape = S.walk([(12, 420), (20, 60), (30, 60), (40, 60), (52, 80)], spacing: 20)
        shape += S.walk([(142, 250), (150, 30), (180, 30), (210, 30), (250, 260)], from: shape[shape.count - 1], spacing: 25).dropFirst()
        let encoded = PolylineCodec.encode(shape, precision: 6)
        return PolylineCodec.decode(encoded, precision: 6) ?? []
    }()

    @Test("the urban shape: limits honoured, slower in the side street than on the boulevard, exact arrival")
    func urban() throws {
        let shape = Self.urbanShape
        let split = 35  // the boulevard's vertex count
        let first = Array(shape[0...split]), second = Array(shape[split...])
        let leg1 = makeLeg(first, speeds: Array(repeating: 13.9, count: first.count - 1),
                           limits: Array(repeating: SpeedLimit(value: 50), count: first.count - 1))
        let leg2 = makeLeg(second, speeds: Array(repeating: 8.3, count: second.count - 1),
                           limits: Array(repeating: SpeedLimit(value: 30), count: second.count - 1))
        let route = makeRoute([leg1, leg2])
        var sim = try RouteSimulator(route: route, startTime: S.t0)
        let fixes = S.driveToEnd(&sim)
        let along = S.distancesAlong(fixes, on: route.geometry)
        let boundary = Polyline(first).length
        for (fix, d) in zip(fixes, along) {
            #expect((fix.speed ?? 99) <= (d < boundary ? 13.9 : 8.3) + 1e-9)
        }
        #expect(fixes.compactMap(\.speed).max() ?? 0 > 13)
        #expect(abs(sim.distanceTraveled - Polyline(route.geometry).length) < 0.5)
        #expect(fixes.last?.coordinate == shape[shape.count - 1])
    }

    @Test("multi-leg annotations stay on their own leg (index-misaligned arrays would leak)")
    func multiLegAlignment() throws {
        // Leg 1 is long and fast with 2 segments; leg 2 is slow with 10 segments.
        let leg1Shape = S.walk([(0, 1_500)], spacing: 750)
        let leg2Shape = S.walk([(0, 1_000)], from: leg1Shape[2], spacing: 100)
        let route = makeRoute([makeLeg(leg1Shape, speeds: [25, 25]),
                               makeLeg(leg2Shape, speeds: Array(repeating: 6, count: 10))])
        var sim = try RouteSimulator(route: route, startTime: S.t0)
        let fixes = S.driveToEnd(&sim)
        let along = S.distancesAlong(fixes, on: route.geometry)
        #expect(zip(fixes, along).contains { fix, d in d < 1_500 && fix.speed == 25 })
        for (fix, d) in zip(fixes, along) where d > 1_500 { #expect((fix.speed ?? 99) <= 6 + 1e-9) }
        for (fix, d) in zip(fixes, along) where d < 1_400 { #expect((fix.speed ?? 99) <= 25 + 1e-9) }
    }

    @Test("annotations without distances align through the leg shape; a count mismatch is ignored")
    func annotationFallbacks() throws {
        let shape = S.walk([(0, 1_000)], spacing: 100)
        var sim = try RouteSimulator(route: makeRoute([makeLeg(shape, speeds: Array(repeating: 7, count: 10), withDistances: false)]),
                                     startTime: S.t0)
        #expect(S.driveToEnd(&sim).compactMap(\.speed).max() == 7)
        var odd = try RouteSimulator(route: makeRoute([makeLeg(shape, speeds: Array(repeating: 7, count: 4), withDistances: false)]),
                                     startTime: S.t0)
        #expect(S.driveToEnd(&odd).compactMap(\.speed).max() == 10)  // the step's own 10 m/s
    }

    @Test("stops at intermediate waypoints when asked, drives through them by default")
    func waypointStops() throws {
        let a = S.walk([(0, 500)]), b = S.walk([(0, 500)], from: a[1])
        let route = makeRoute([makeLeg(a, speeds: [20]), makeLeg(b, speeds: [20])])
        var options = RouteSimulator.Options()
        options.stopsAtWaypoints = true
        options.fixInterval = 0.25
        var stopping = try RouteSimulator(route: route, options: options, startTime: S.t0)
        let fixes = S.driveToEnd(&stopping)
        #expect(fixes.dropFirst().dropLast(4).contains { $0.speed == 0 || ($0.speed ?? 99) < 0.5 })
        var through = try RouteSimulator(route: route, startTime: S.t0)
        let speeds = S.driveToEnd(&through).compactMap(\.speed)
        #expect(!speeds.dropFirst(2).dropLast(6).contains { $0 < 5 })
    }

    @Test("a roundabout step is capped at the roundabout speed")
    func roundaboutStep() throws {
        let shape = S.walk([(0, 600)])
        let route = makeRoute([makeLeg(shape, maneuver: .roundabout)])
        var sim = try RouteSimulator(route: route, startTime: S.t0)
        #expect(S.driveToEnd(&sim).compactMap(\.speed).max() == TurnSpeedModel().roundaboutSpeed)
    }

    @Test("a route without geometry is driven along its steps; an empty one is refused")
    func geometryFromSteps() throws {
        var route = makeRoute([makeLeg(S.walk([(90, 300)]))])
        route.geometry = []
        var sim = try RouteSimulator(route: route, startTime: S.t0)
        _ = S.driveToEnd(&sim)
        #expect(abs(sim.distanceTraveled - 300) < 0.5)
        #expect(throws: SimulationError.emptyGeometry) {
            try RouteSimulator(route: Route(distance: 0, duration: 0, geometry: [], legs: []), startTime: S.t0)
        }
    }
}
