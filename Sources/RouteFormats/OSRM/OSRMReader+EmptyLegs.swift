import Geodesy
import RouteModel

extension OSRMReader {
    /// Gives legs that came without steps (a request made with `steps=false`) a depart and an
    /// arrive step over their part of the route's shape, so the route can still be driven. The
    /// shape is cut at the waypoints (projected in order); with no usable waypoints a single
    /// leg takes the whole shape. The leg's own distance and duration are kept.
    static func completingEmptyLegs(_ route: Route, waypoints: [Waypoint]) -> Route {
        guard route.legs.contains(where: \.steps.isEmpty), route.geometry.count >= 2 else { return route }
        let line = Polyline(route.geometry)
        var cuts: [Double] = []
        if waypoints.count == route.legs.count + 1 {
            var from = 0.0
            for w in waypoints {
                let along = line.project(w.location, within: from...line.length)?.distanceAlong ?? from
                cuts.append(along)
                from = along
            }
        } else if route.legs.count == 1 {
            cuts = [0, line.length]
        } else {
            return route
        }
        var result = route
        for (i, leg) in route.legs.enumerated() where leg.steps.isEmpty {
            var shape = line.slice(from: cuts[i], to: cuts[i + 1]).coordinates
            if shape.count < 2 { shape = [shape.first ?? route.geometry[0], shape.first ?? route.geometry[0]] }
            let mode = RouteDefaults.mode(forProfile: route.options.profile)
            var steps = Route.following(shape, name: "", mode: mode, duration: leg.duration).legs[0].steps
            if leg.distance > 0 { steps[0].distance = leg.distance }
            result.legs[i].steps = steps
        }
        return result
    }
}
