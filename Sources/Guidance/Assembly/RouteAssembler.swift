public import Geodesy
public import RoadGraph
public import RouteModel

/// Turns planned paths into a drivable `Route`: classifies maneuvers (OSRM-style handler chain),
/// builds steps, intersections, summaries and annotations, then writes instructions, banners and
/// voice prompts with an `InstructionWriter`.
///
/// ```swift
/// let route = RouteAssembler(language: "it", units: .metric)
///     .route(legs: planned.legs, waypoints: waypoints, options: options)
/// ```
public struct RouteAssembler: Sendable {
    /// Writes the words.
    public var writer: InstructionWriter

    /// An assembler writing instructions in `language` (`en`, `it`) with `units`.
    public init(language: String = "en", units: UnitSystem = .metric) {
        writer = InstructionWriter(language: language, units: units)
    }

    /// The route through `legs` (one `RoadPath` per leg, in order) with `waypoints` (origin,
    /// vias, destination) and the request `options` echoed; words in the writer's language.
    /// `requested` are the points asked for (origin first), when known: an arrival whose point
    /// lies off the road to one side is `arrive left` / `arrive right`.
    public func route(legs: [RoadPath], waypoints: [Waypoint], options: RouteOptions, requested: [Coordinate] = []) -> Route {
        var words: InstructionWriter.LegWords?, parts: LegParts?
        return route(legs: legs, waypoints: waypoints, options: options, requested: requested, reusing: &words, sharing: &parts, recording: false)
    }

    /// Routes for `planned` (each a route's legs and waypoints, e.g. the best route and its
    /// alternatives), as `route(legs:waypoints:options:requested:)` makes each; the words of the
    /// steps a single-leg route shares with the first one (at its start or its end) are taken
    /// from the first instead of written again, and so are the maneuver decisions, intersections and
    /// annotation of the segments it shares with the first at its start or its end (`LegSharing`).
    public func routes(_ planned: [(legs: [RoadPath], waypoints: [Waypoint])], options: RouteOptions, requested: [Coordinate] = []) -> [Route] {
        var words: InstructionWriter.LegWords?
        var parts: LegParts?
        return planned.enumerated().map { n, route in
            self.route(
                legs: route.legs, waypoints: route.waypoints, options: options, requested: requested, reusing: &words, sharing: &parts,
                recording: n == 0 && planned.count > 1)
        }
    }

    /// `route(legs:…)`, the words reusing `words` (see `InstructionWriter.annotate(_:reusing:)`), a
    /// single leg's parts taken from `parts` where shared, or (`recording`) recorded there.
    private func route(
        legs: [RoadPath], waypoints: [Waypoint], options: RouteOptions, requested: [Coordinate], reusing words: inout InstructionWriter.LegWords?,
        sharing parts: inout LegParts?, recording: Bool
    ) -> Route {
        let built = legs.enumerated().map { i, path in
            let target = i + 1 < requested.count ? requested[i + 1] : nil
            guard legs.count == 1 else { return LegBuilder(profile: path.profile).leg(path, target: target) }
            var made = recording ? LegParts(path: path) : nil
            let leg = LegBuilder(profile: path.profile).leg(path, target: target, like: parts, recording: &made)
            if recording { parts = made }
            return leg
        }
        var geometry: [Coordinate] = []
        for path in legs { geometry.append(contentsOf: geometry.isEmpty ? path.geometry[...] : path.geometry.dropFirst()) }
        let distance = built.reduce(0) { $0 + $1.distance }, duration = built.reduce(0) { $0 + $1.duration }
        let route = Route(
            distance: distance, duration: duration, weightName: "duration", geometry: geometry, legs: built, waypoints: waypoints,
            options: options)
        return writer.annotate(route, reusing: &words)
    }

    /// The steps of one path without words (for tests and tools that phrase them elsewhere).
    public func steps(_ path: RoadPath) -> [RouteStep] { LegBuilder(profile: path.profile).leg(path).steps }
}
