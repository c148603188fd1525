import Geodesy

/// A point of the route a fix may be snapped to.
struct SnapCandidate: Sendable, Hashable {
    /// Route-wide metres along the route.
    var distanceAlong: Meters
    /// Metres from the fix to that point.
    var distanceFromRoute: Meters
    /// Direction of the route there, degrees clockwise from north.
    var routeBearing: Degrees
}

/// How a fix is matched against candidates: distance plus penalties, all in metres.
struct SnapQuery: Sendable {
    /// The raw position.
    var coordinate: Coordinate
    /// Only route offsets in this window are considered (so loops and overlaps never skip ahead).
    var window: ClosedRange<Meters>
    /// The course to agree with, or nil when it is not trustworthy (slow or unknown).
    var course: Degrees?
    /// Penalty for a candidate whose direction is opposite the course (scaled linearly by the angle).
    var headingPenalty: Meters
    /// Where the vehicle is expected to be (dead reckoning), route-wide metres.
    var expectedPosition: Meters
    /// Penalty per metre of distance from `expectedPosition`.
    var continuityWeight: Double
}

extension RouteTrack {
    /// The best candidate in the query's window: smallest distance plus heading and continuity
    /// penalties. Nil only if the window misses the route entirely.
    func snap(_ query: SnapQuery) -> SnapCandidate? {
        let coordinates = line.coordinates, cumulative = line.cumulativeDistances
        let lower = max(0, query.window.lowerBound), upper = min(length, query.window.upperBound)
        guard lower <= upper else { return nil }
        let plane = LocalProjection(origin: query.coordinate)
        var best: SnapCandidate?
        var bestCost = Double.infinity
        var i = line.segmentIndex(atDistance: lower)
        var a = plane.project(coordinates[i])
        while i < coordinates.count - 1, cumulative[i] <= upper {
            let b = plane.project(coordinates[i + 1])
            defer { a = b; i += 1 }
            let segmentLength = cumulative[i + 1] - cumulative[i]
            guard segmentLength > 0 else { continue }
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            guard length2 > 0 else { continue }
            let lo = max(0, (lower - cumulative[i]) / segmentLength), hi = min(1, (upper - cumulative[i]) / segmentLength)
            guard lo <= hi else { continue }
            let t = min(hi, max(lo, -(a.x * dx + a.y * dy) / length2))
            let px = a.x + t * dx, py = a.y + t * dy
            let distance = (px * px + py * py).squareRoot()
            let along = cumulative[i] + t * segmentLength
            let bearing = Bearing.normalized(arctangent2(dx, dy).degrees)
            var cost = distance + query.continuityWeight * abs(along - query.expectedPosition)
            if let course = query.course { cost += query.headingPenalty * Bearing.difference(course, bearing) / 180 }
            if cost < bestCost {
                bestCost = cost
                best = SnapCandidate(distanceAlong: along, distanceFromRoute: distance, routeBearing: bearing)
            }
        }
        return best
    }

    /// Direction of the route at a route-wide offset, degrees (0 for a degenerate route).
    func bearing(at position: Meters) -> Degrees {
        line.bearing(atDistance: min(position, length - 0.01)) ?? 0
    }
}
