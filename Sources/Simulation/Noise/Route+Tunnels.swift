public import Geodesy
public import RouteModel

extension Route {
    /// The stretches of the route that run through tunnels, in metres along the route, read from
    /// the `tunnel` class of each intersection's outgoing road (how OSRM, Mapbox and Waygate's
    /// planner mark `tunnel=yes` ways). Feed them to `NoiseModel.Options.tunnels` to simulate the
    /// loss of fix a real receiver has underground.
    public var tunnelStretches: [ClosedRange<Meters>] {
        var stretches: [ClosedRange<Meters>] = []
        var stepStart: Meters = 0
        for step in legs.flatMap(\.steps) {
            let line = Polyline(step.geometry)
            let marks = step.intersections.compactMap { i in line.project(i.location).map { ($0.distanceAlong, i.classes.contains("tunnel")) } }
            for (index, mark) in marks.enumerated() where mark.1 {
                let end = index + 1 < marks.count ? marks[index + 1].0 : line.length
                guard end > mark.0 else { continue }
                let range = (stepStart + mark.0)...(stepStart + end)
                if let last = stretches.last, last.upperBound >= range.lowerBound - 0.5 {
                    stretches[stretches.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
                } else {
                    stretches.append(range)
                }
            }
            stepStart += line.length
        }
        return stretches
    }
}
