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
        var words: InstructionWriter.LegWords?
        return route(legs: legs, waypoints: waypoints, options: options, requested: requested, reusing: &words)
    }

    /// Routes for `planned` (each a route's legs and waypoints, e.g. the best route and its
    /// alternatives), as `route(legs:waypoints:options:requested:)` makes each; the words of the
    /// steps a single-leg route shares with the first one (at its start or its end) are taken
    /// from the first instead of written again.
    public func routes(_ planned: [(legs: [RoadPath], waypoints: [Waypoint])], options: RouteOptions, requested: [Coordinate] = []) -> [Route] {
        var words: InstructionWriter.LegWords?
        return planned.map { route(legs: $0.legs, waypoints: $0.waypoints, options: options, requested: requested, reusing: &words) }
    }

    /// `route(legs:…)`, the words reusing `words` (see `InstructionWriter.annotate(_:reusing:)`).
    private func route(
        legs: [RoadPath], waypoints: [Waypoint], options: RouteOptions, requested: [Coordinate], reusing words: inout InstructionWriter.LegWords?
    ) -> Route {
        let built = legs.enumerated().map { i, path in
            LegBuilder(profile: path.profile).leg(path, target: i + 1 < requested.count ? requested[i + 1] : nil)
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
