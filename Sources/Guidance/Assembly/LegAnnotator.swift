import Geodesy
import RoadGraph
import RouteModel

/// Per geometry segment annotations of a leg (OSRM `annotation`): distance, duration, speed and
/// speed limit, so a simulator can cruise at the speeds the planner assumed.
enum LegAnnotator {
    /// The annotation of `path`: element `i` describes geometry points `i` → `i + 1`. The segments
    /// `sharing` shares at the start and the end (same points, same durations) take their elements
    /// from the other annotation, in two runs.
    static func annotation(of path: RoadPath, like sharing: LegSharing? = nil) -> LegAnnotation {
        // Sized once (one element per geometry segment); each segment's pieces are measured
        // straight into `distance`, then read back for its durations and speeds (no array per segment).
        let count = max(0, path.geometry.count - 1)
        var distance: [Meters] = [], duration: [Seconds] = [], speed: [MetersPerSecond] = [], maxSpeed: [SpeedLimit?] = []
        distance.reserveCapacity(count)
        duration.reserveCapacity(count)
        speed.reserveCapacity(count)
        maxSpeed.reserveCapacity(count)
        func append(_ other: LegAnnotation, _ pieces: Range<Int>) {
            distance += other.distance[pieces]
            duration += other.duration[pieces]
            speed += other.speed[pieces]
            maxSpeed += other.maxSpeed[pieces]
        }
        let segments = path.segments
        let prefix = sharing?.prefix ?? 0, end = sharing?.annotatedEnd ?? segments.count
        if let sharing, prefix > 0 {
            append(sharing.annotation, 0..<segments[prefix - 1].geometryRange.upperBound)
        }
        // Each point's latitude cosine is taken once (the haversine takes both ends'): carried to
        // the next piece, and to the next segment, which starts where this one ends.
        var carried = (index: -1, cosine: 0.0)
        for segment in segments[prefix..<end] {
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
        if let sharing, end < segments.count {
            append(sharing.annotation, (segments[end].geometryRange.lowerBound + sharing.offset)..<sharing.annotation.distance.count)
        }
        return LegAnnotation(distance: distance, duration: duration, speed: speed, maxSpeed: maxSpeed)
    }
}
