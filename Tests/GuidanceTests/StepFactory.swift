import Geodesy
import RouteModel

/// Builds steps for instruction tests: only what the writer reads matters.
func maneuverStep(
    _ type: ManeuverType, _ modifier: ManeuverModifier? = nil, name: String = "", ref: String? = nil, destinations: String? = nil,
    exit: Int? = nil, distance: Double = 500, duration: Double = 50, bearingAfter: Double = 0
) -> RouteStep {
    let here = Coordinate(latitude: 45.4642, longitude: 9.19)
    return RouteStep(
        distance: distance, duration: duration, geometry: [here, here], name: name, ref: ref, destinations: destinations,
        maneuver: Maneuver(type: type, modifier: modifier, location: here, bearingAfter: bearingAfter, exit: exit))
}

/// A one-leg route of `steps`.
func stepsRoute(_ steps: [RouteStep]) -> Route {
    let distance = steps.reduce(0) { $0 + $1.distance }, duration = steps.reduce(0) { $0 + $1.duration }
    return Route(distance: distance, duration: duration, geometry: steps.flatMap(\.geometry),
                 legs: [RouteLeg(distance: distance, duration: duration, steps: steps)])
}
