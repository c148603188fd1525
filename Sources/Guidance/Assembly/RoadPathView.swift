import Geodesy
import RoadGraph
import RouteModel

/// Read helpers over a `RoadPath` for step building.
struct RoadPathView {
    /// The path.
    var path: RoadPath

    /// The segment whose name a step starting at `point` carries: for roundabouts the exit road.
    func namingSegment(ofStepAt point: ManeuverPoint) -> RoadPath.Segment { path.segments[namingIndex(ofStepAt: point)] }

    /// The index of `namingSegment(ofStepAt:)` in the path's segments (read there, not copied out).
    func namingIndex(ofStepAt point: ManeuverPoint) -> Int {
        let segments = path.segments
        if let k = point.namingSegment, k < segments.count { return k }
        guard point.decision.type == .roundabout || point.decision.type == .rotary else { return point.segment }
        return segments[point.segment...].firstIndex { !$0.flags.contains(.roundabout) } ?? point.segment
    }

    /// Metres travelled from the start of segment `first` to the start of segment `end`.
    func distance(fromSegment first: Int, toSegment end: Int) -> Meters {
        guard first < end else { return 0 }
        return path.segments[first..<min(end, path.segments.count)].reduce(0) { $0 + $1.distance }
    }
}
