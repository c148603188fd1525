import RoadGraph
import RouteModel

/// Where a path and the path of `LegParts` built before coincide: the segments both start with
/// (equal, geometry indexes included) and those both end with (equal but for their place in the
/// geometry, moved by one offset), with the other's parts to take for them. A class: asked at
/// every node of the path, it is passed by reference, not copied.
final class LegSharing {
    /// The other path's decisions by intersection (`LegParts.decisions`).
    let decisions: [ManeuverDecision??]
    /// The other path's wire intersections (`LegParts.intersections`).
    let intersections: [Intersection?]
    /// The other path's annotation.
    let annotation: LegAnnotation
    /// Segments both paths start with.
    let prefix: Int
    /// Segments both paths end with (not counted in `prefix`).
    let suffix: Int
    /// `other`'s geometry index minus this path's, over the shared end.
    let offset: Int
    /// Whether the first shared segment at the end starts at the same point in both (it follows
    /// different edges, whose last points could differ): its annotation is shared only then.
    let endStartsAlike: Bool
    /// This path's segment count minus the other's.
    let extra: Int
    /// This path's segment count.
    let count: Int

    /// How `path` coincides with `other.path`.
    init(_ path: RoadPath, _ other: LegParts) {
        decisions = other.decisions
        intersections = other.intersections
        annotation = other.annotation
        let mine = path.segments, theirs = other.path.segments
        count = mine.count
        extra = mine.count - theirs.count
        var prefix = 0
        while prefix < min(mine.count, theirs.count), mine[prefix] == theirs[prefix] { prefix += 1 }
        self.prefix = prefix
        var suffix = 0, offset = 0
        while suffix < min(mine.count, theirs.count) - prefix {
            var segment = mine[mine.count - 1 - suffix]
            let twin = theirs[theirs.count - 1 - suffix]
            let shift = twin.geometryRange.lowerBound - segment.geometryRange.lowerBound
            guard suffix == 0 || shift == offset else { break }
            segment.geometryRange = twin.geometryRange
            guard segment == twin else { break }
            offset = shift
            suffix += 1
        }
        self.suffix = suffix
        self.offset = offset
        let first = mine.count - suffix
        endStartsAlike = suffix > 0
            && path.geometry[mine[first].geometryRange.lowerBound] == other.path.geometry[mine[first].geometryRange.lowerBound + offset]
    }

    /// The index in the other path of intersection `k` of this path when the segments on both
    /// its sides are shared, nil otherwise.
    @inline(__always) func otherIntersection(_ k: Int) -> Int? {
        if k + 1 < prefix { return k }
        if suffix > 0, k >= count - suffix { return k - extra }
        return nil
    }

    /// The first segment of the shared end whose annotation is shared (`count` when none).
    var annotatedEnd: Int { suffix == 0 ? count : endStartsAlike ? count - suffix : count - suffix + 1 }
}
