import Geodesy
import RouteModel

extension Route {
    /// A route that follows `line` (at least two points) in one leg of two steps: `depart`
    /// over the whole line and `arrive` at its end, as OSRM shapes the shortest possible route.
    /// The duration is `duration` when the source gave one, else the line's length at the
    /// typical speed of `mode` (see `RouteDefaults`).
    static func following(_ line: [Coordinate], name: String, mode: String, duration: Seconds?) -> Route {
        let distance = RouteDefaults.length(line)
        let time = duration ?? distance / RouteDefaults.speed(forMode: mode)
        let first = line[0], last = line[line.count - 1]
        let polyline = Polyline(line)
        let bearingAfter = (polyline.bearing(atDistance: 0) ?? 0).rounded()
        let bearingBefore = (polyline.bearing(atDistance: polyline.length) ?? 0).rounded()
        let depart = RouteStep(
            distance: distance, duration: time, geometry: line, name: name, mode: mode,
            maneuver: Maneuver(type: .depart, location: first, bearingBefore: 0, bearingAfter: bearingAfter),
            intersections: [Intersection(location: first, bearings: [bearingAfter], entry: [true], outIndex: 0)])
        let arrive = RouteStep(
            distance: 0, duration: 0, geometry: [last, last], name: name, mode: mode,
            maneuver: Maneuver(type: .arrive, location: last, bearingBefore: bearingBefore, bearingAfter: 0),
            intersections: [
                Intersection(location: last, bearings: [Bearing.normalized(bearingBefore + 180)], entry: [true], inIndex: 0)
            ])
        let leg = RouteLeg(distance: distance, duration: time, summary: name, steps: [depart, arrive])
        return Route(
            distance: distance, duration: time, geometry: line, legs: [leg],
            waypoints: [Waypoint(name: name, location: first), Waypoint(name: name, location: last)],
            options: RouteOptions(profile: RouteDefaults.profile(forMode: mode)))
    }
}
