/// An ordered line of coordinates with cumulative distances, for projecting points onto it,
/// finding the point at a distance along it, and slicing it.
public struct Polyline: Sendable, Hashable {
    /// The vertices, in order.
    public let coordinates: [Coordinate]
    /// `cumulativeDistances[i]` is the length in metres from the first vertex to vertex `i`.
    public let cumulativeDistances: [Meters]

    /// A polyline through `coordinates` (which may be empty or a single point).
    public init(_ coordinates: [Coordinate]) {
        self.coordinates = coordinates
        var cumulative: [Meters] = []
        cumulative.reserveCapacity(coordinates.count)
        var total: Meters = 0
        for (i, c) in coordinates.enumerated() {
            if i > 0 { total += coordinates[i - 1].distance(to: c) }
            cumulative.append(total)
        }
        cumulativeDistances = cumulative
    }

    /// Total length in metres.
    public var length: Meters { cumulativeDistances.last ?? 0 }

    /// The closest point of the line to `coordinate`.
    public struct Projection: Sendable, Hashable {
        /// The closest point on the line.
        public var coordinate: Coordinate
        /// Distance in metres along the line from its start to `coordinate`.
        public var distanceAlong: Meters
        /// Distance in metres from the projected point to the line.
        public var distanceFromLine: Meters
        /// Index of the segment (from vertex `segmentIndex` to `segmentIndex + 1`) it lies on.
        public var segmentIndex: Int
    }

    /// Projects `coordinate` onto the line, optionally searching only segments whose start lies
    /// within `range` metres along the line. Nil for an empty line.
    public func project(_ coordinate: Coordinate, within range: ClosedRange<Meters>? = nil) -> Projection? {
        guard let first = coordinates.first else { return nil }
        if coordinates.count == 1 {
            return Projection(coordinate: first, distanceAlong: 0, distanceFromLine: first.distance(to: coordinate), segmentIndex: 0)
        }
        let projection = LocalProjection(origin: coordinate)
        let p = PlanarPoint(x: 0, y: 0)
        var best: Projection?
        var a = projection.project(coordinates[0])
        for i in 0..<(coordinates.count - 1) {
            let b = projection.project(coordinates[i + 1])
            defer { a = b }
            if let range, cumulativeDistances[i + 1] < range.lowerBound || cumulativeDistances[i] > range.upperBound { continue }
            let s = p.projected(ontoSegmentFrom: a, to: b)
            if best == nil || s.distance < best!.distanceFromLine {
                let segLength = cumulativeDistances[i + 1] - cumulativeDistances[i]
                best = Projection(
                    coordinate: projection.unproject(s.point),
                    distanceAlong: cumulativeDistances[i] + s.fraction * segLength,
                    distanceFromLine: s.distance, segmentIndex: i)
            }
        }
        return best
    }

    /// Index of the segment containing the point `distance` metres along (clamped to the line).
    public func segmentIndex(atDistance distance: Meters) -> Int {
        guard coordinates.count > 1 else { return 0 }
        var lo = 0, hi = coordinates.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulativeDistances[mid] <= distance { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The point `distance` metres along the line, clamped to its ends. Nil for an empty line.
    public func coordinate(atDistance distance: Meters) -> Coordinate? {
        guard let first = coordinates.first else { return nil }
        if distance <= 0 || coordinates.count == 1 { return first }
        if distance >= length { return coordinates[coordinates.count - 1] }
        let i = segmentIndex(atDistance: distance)
        let segLength = cumulativeDistances[i + 1] - cumulativeDistances[i]
        let t = segLength > 0 ? (distance - cumulativeDistances[i]) / segLength : 0
        return coordinates[i].interpolated(to: coordinates[i + 1], fraction: t)
    }

    /// The direction of travel `distance` metres along the line: the bearing of the segment there.
    public func bearing(atDistance distance: Meters) -> Degrees? {
        guard coordinates.count > 1 else { return nil }
        var i = segmentIndex(atDistance: min(max(0, distance), length))
        // Skip zero-length segments so the bearing is defined.
        while i < coordinates.count - 2 && coordinates[i] == coordinates[i + 1] { i += 1 }
        return coordinates[i].bearing(to: coordinates[i + 1])
    }

    /// The part of the line between two distances along it (clamped; `from` ≤ `to`).
    public func slice(from: Meters, to: Meters) -> Polyline {
        let lo = max(0, min(from, to)), hi = min(length, max(from, to))
        guard coordinates.count > 1, let start = coordinate(atDistance: lo), let end = coordinate(atDistance: hi) else {
            return self
        }
        var result = [start]
        let first = segmentIndex(atDistance: lo) + 1
        let last = segmentIndex(atDistance: hi)
        if first <= last {
            for i in first...last where cumulativeDistances[i] > lo && cumulativeDistances[i] < hi {
                result.append(coordinates[i])
            }
        }
        result.append(end)
        return Polyline(result)
    }
}
