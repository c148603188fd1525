import Geodesy
import RouteModel

/// A metric grid around Milan for drawing test routes in metres east (`x`) and north (`y`).
enum Grid {
    static let origin = Coordinate(latitude: 45.4642, longitude: 9.19)
    static let projection = LocalProjection(origin: origin)

    static func point(_ x: Double, _ y: Double) -> Coordinate { projection.unproject(PlanarPoint(x: x, y: y)) }
    static func planar(_ coordinate: Coordinate) -> PlanarPoint { projection.project(coordinate) }
}

/// Synthetic routes with instructions at known `distanceAlongGeometry` values.
enum TestRoutes {
    /// One step from grid points.
    static func step(
        _ points: [(Double, Double)], name: String, type: ManeuverType, modifier: ManeuverModifier? = nil,
        duration: Double, voices: [(Double, String)] = [], banners: [(Double, String)] = [], crossings: [(Double, Double)] = []
    ) -> RouteStep {
        let geometry = points.map { Grid.point($0.0, $0.1) }
        let location = geometry[0]
        return RouteStep(
            distance: Polyline(geometry).length, duration: duration, geometry: geometry, name: name,
            maneuver: Maneuver(type: type, modifier: modifier, location: location, instruction: "\(type.rawValue) \(name)"),
            intersections: ([points[0]] + crossings).map {
                Intersection(location: Grid.point($0.0, $0.1), bearings: [0, 90, 180, 270], entry: [true, true, true, true])
            },
            voiceInstructions: voices.map { VoiceInstruction(distanceAlongGeometry: $0.0, announcement: $0.1, ssmlAnnouncement: "<speak>\($0.1)</speak>") },
            bannerInstructions: banners.map {
                BannerInstruction(distanceAlongGeometry: $0.0, primary: BannerText(text: $0.1, type: type, modifier: modifier))
            })
    }

    /// A leg from its steps (distance and duration summed).
    static func leg(_ steps: [RouteStep]) -> RouteLeg {
        RouteLeg(distance: steps.map(\.distance).reduce(0, +), duration: steps.map(\.duration).reduce(0, +), steps: steps)
    }

    /// A route from its legs and named waypoints.
    static func route(_ legs: [RouteLeg], waypoints: [(Double, Double, String)]) -> Route {
        let geometry = legs.flatMap { $0.steps.flatMap(\.geometry) }
        return Route(
            distance: legs.map(\.distance).reduce(0, +), duration: legs.map(\.duration).reduce(0, +), geometry: geometry,
            legs: legs, waypoints: waypoints.map { Waypoint(name: $0.2, location: Grid.point($0.0, $0.1)) })
    }

    /// 600 m east on Via Uno, left, 400 m north on Via Due, arrive. Voice triggers fall at route
    /// offsets 0, 400, 550 (step 0) and 600, 940 (step 1); banners at 0 and 600.
    static func lShaped() -> Route {
        route([leg([
            step([(0, 0), (300, 0), (600, 0)], name: "Via Uno", type: .depart, duration: 60,
                 voices: [(600, "Head east on Via Uno"), (200, "In 200 metres, turn left onto Via Due"), (50, "Turn left onto Via Due")],
                 banners: [(600, "Via Due")], crossings: [(300, 0)]),
            step([(600, 0), (600, 400)], name: "Via Due", type: .turn, modifier: .left, duration: 40,
                 voices: [(400, "In 400 metres, you will arrive"), (60, "You have arrived")], banners: [(400, "Destination")]),
            step([(600, 400), (600, 400)], name: "Via Due", type: .arrive, duration: 0),
        ])], waypoints: [(0, 0, "Start"), (600, 400, "Goal")])
    }

    /// Two legs: 500 m east to "Shop", then 500 m north to "Home".
    static func multiLeg() -> Route {
        route([
            leg([
                step([(0, 0), (500, 0)], name: "Corso Est", type: .depart, duration: 50,
                     voices: [(500, "Head east"), (80, "You have arrived at Shop")], banners: [(500, "Shop")]),
                step([(500, 0), (500, 0)], name: "Corso Est", type: .arrive, duration: 0),
            ]),
            leg([
                step([(500, 0), (500, 500)], name: "Via Nord", type: .depart, duration: 50,
                     voices: [(500, "Head north"), (80, "You have arrived at Home")], banners: [(500, "Home")]),
                step([(500, 500), (500, 500)], name: "Via Nord", type: .arrive, duration: 0),
            ]),
        ], waypoints: [(0, 0, "Start"), (500, 0, "Shop"), (500, 500, "Home")])
    }

    /// Out and back on the same road: 500 m east, U-turn, 500 m west to the start point.
    static func outAndBack() -> Route {
        route([leg([
            step([(0, 0), (250, 0), (500, 0)], name: "Viale", type: .depart, duration: 50,
                 voices: [(500, "Head east"), (100, "Make a U-turn")], banners: [(500, "U-turn")]),
            step([(500, 0), (250, 0), (0, 0)], name: "Viale", type: .turn, modifier: .uturn, duration: 50,
                 voices: [(500, "Continue"), (100, "You have arrived")], banners: [(500, "Destination")]),
            step([(0, 0), (0, 0)], name: "Viale", type: .arrive, duration: 0),
        ])], waypoints: [(0, 0, "Start"), (0, 0, "Start again")])
    }

    /// A loop crossing itself: east 400, north 300, west 200, then south 500 crossing the first
    /// street at (200, 0) — route offsets 200 (first pass) and 1200 (second pass).
    static func crossingLoop() -> Route {
        route([leg([
            step([(0, 0), (200, 0), (400, 0)], name: "A", type: .depart, duration: 40, voices: [(400, "Head east")]),
            step([(400, 0), (400, 300)], name: "B", type: .turn, modifier: .left, duration: 30, voices: [(300, "Turn left")]),
            step([(400, 300), (200, 300)], name: "C", type: .turn, modifier: .left, duration: 20, voices: [(200, "Turn left")]),
            step([(200, 300), (200, 0), (200, -200)], name: "D", type: .turn, modifier: .left, duration: 50,
                 voices: [(500, "Turn left"), (100, "Arriving")], crossings: [(200, 0)]),
            step([(200, -200), (200, -200)], name: "D", type: .arrive, duration: 0),
        ])], waypoints: [(0, 0, "Start"), (200, -200, "End")])
    }
}
