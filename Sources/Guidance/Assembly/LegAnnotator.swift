import Geodesy
import RoadGraph
import RouteModel

/// Per geometry segment annotations of a leg (OSRM `annotation`): distance, duration, speed and
/// speed limit, so a simulator can cruise at the speeds the planner assumed.
enum LegAnnotator {
    /// The annotation of `path`: element `i` describes geometry points `i` → `i + 1`.
    static func annotation(of path: RoadPath) -> LegAnnotation {
        var result = LegAnnotation()
        for segment in path.segments {
            let range = segment.geometryRange
            guard range.upperBound > range.lowerBound else { continue }
            let pieces = (range.lowerBound..<range.upperBound).map { path.geometry[$0].distance(to: path.geometry[$0 + 1]) }
            let total = pieces.reduce(0, +)
            for d in pieces {
                let duration = total > 0 ? segment.duration * d / total : 0
                result.distance.append(d)
                result.duration.append(duration)
                result.speed.append(duration > 0 ? d / duration : 0)
                result.maxSpeed.append(segment.speedLimit)
            }
        }
        return result
    }
}
