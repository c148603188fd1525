import Geodesy
import RoadGraph
import RouteModel

/// Read helpers over a `RoadPath` for step building.
struct RoadPathView {
    /// The path.
    var path: RoadPath

    /// The segment whose name a step starting at `point` carries: for roundabouts the exit road.
    func namingSegment(ofStepAt point: ManeuverPoint) -> RoadPath.Segment {
        let segments = path.segments
        if let k = point.namingSegment, k < segments.count { return segments[k] }
        guard point.decision.type == .roundabout || point.decision.type == .rotary else { return segments[point.segment] }
        let after = segments[point.segment...].first { !$0.flags.contains(.roundabout) }
        return after ?? segments[point.segment]
    }

    /// Metres travelled from the start of segment `first` to the start of segment `end`.
    func distance(fromSegment first: Int, toSegment end: Int) -> Meters {
        guard first < end else { return 0 }
        return path.segments[first..<min(end, path.segments.count)].reduce(0) { $0 + $1.distance }
    }
}
