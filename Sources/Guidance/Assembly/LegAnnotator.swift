import Geodesy
import RoadGraph
import RouteModel

/// Per geometry segment annotations of a leg (OSRM `annotation`): distance, duration, speed and
/// speed limit, so a simulator can cruise at the speeds the planner assumed.
enum LegAnnotator {
    /// The annotation of `path`: element `i` describes geometry points `i` → `i + 1`.
    static func annotation(of path: RoadPath) -> LegAnnotation {
        // Sized once (one element per geometry segment); each segment's pieces are measured
        // straight into `distance`, then read back for its durations and speeds (no array per segment).
        let count = max(0, path.geometry.count - 1)
        var distance: [Meters] = [], duration: [Seconds] = [], speed: [MetersPerSecond] = [], maxSpeed: [SpeedLimit?] = []
        distance.reserveCapacity(count)
        duration.reserveCapacity(count)
        speed.reserveCapacity(count)
        maxSpeed.reserveCapacity(count)
        // Each point's latitude cosine is taken once (the haversine takes both ends'): carried to
        // the next piece, and to the next segment, which starts where this one ends.
        var carried = (index: -1, cosine: 0.0)
        for segment in path.segments {
            let range = segment.geometryRange
            guard range.upperBound > range.lowerBound else { continue }
            let first = distance.count
            var total = 0.0
            var cosine = carried.index == range.lowerBound ? carried.cosine : path.geometry[range.lowerBound].latitudeCosine
            for k in range.lowerBound..<range.upperBound {
                let next = path.geometry[k + 1].latitudeCosine
                let d = path.geometry[k].distance(to: path.geometry[k + 1], cosines: (cosine, next))
                distance.append(d)
                total += d
                cosine = next
            }
            carried = (range.upperBound, cosine)
            for d in distance[first...] {
                let time = total > 0 ? segment.duration * d / total : 0
                duration.append(time)
                speed.append(time > 0 ? d / time : 0)
                maxSpeed.append(segment.speedLimit)
            }
        }
        return LegAnnotation(distance: distance, duration: duration, speed: speed, maxSpeed: maxSpeed)
    }
}
