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
        let built = legs.enumerated().map { i, path in
            LegBuilder(profile: path.profile).leg(path, target: i + 1 < requested.count ? requested[i + 1] : nil)
        }
        var geometry: [Coordinate] = []
        for path in legs { geometry.append(contentsOf: geometry.isEmpty ? path.geometry[...] : path.geometry.dropFirst()) }
        let distance = built.reduce(0) { $0 + $1.distance }, duration = built.reduce(0) { $0 + $1.duration }
        let route = Route(
            distance: distance, duration: duration, weightName: "duration", geometry: geometry, legs: built, waypoints: waypoints,
            options: options)
        return writer.annotate(route)
    }

    /// The steps of one path without words (for tests and tools that phrase them elsewhere).
    public func steps(_ path: RoadPath) -> [RouteStep] { LegBuilder(profile: path.profile).leg(path).steps }
}
