/// A point on a local tangent plane, in metres east (`x`) and north (`y`) of an origin.
public struct PlanarPoint: Hashable, Sendable {
    /// Metres east of the projection origin.
    public var x: Meters
    /// Metres north of the projection origin.
    public var y: Meters

    /// A planar point from metres east and north.
    @inlinable public init(x: Meters, y: Meters) {
        self.x = x
        self.y = y
    }
}

/// An equirectangular projection around an origin: fast and accurate to well under 0.1 %
/// within a few tens of kilometres, which covers any city map and any GPS fix-to-road distance.
public struct LocalProjection: Sendable {
    /// The point projected to (0, 0).
    public let origin: Coordinate
    @usableFromInline let metersPerDegreeLatitude: Double
    @usableFromInline let metersPerDegreeLongitude: Double

    /// A projection centred on `origin`.
    public init(origin: Coordinate) {
        self.origin = origin
        metersPerDegreeLatitude = earthRadius * .pi / 180
        metersPerDegreeLongitude = metersPerDegreeLatitude * cosine(origin.latitude.radians)
    }

    /// `coordinate` on the plane.
    @inlinable public func project(_ coordinate: Coordinate) -> PlanarPoint {
        PlanarPoint(
            x: (coordinate.longitude - origin.longitude) * metersPerDegreeLongitude,
            y: (coordinate.latitude - origin.latitude) * metersPerDegreeLatitude)
    }

    /// The coordinate of a planar point.
    @inlinable public func unproject(_ point: PlanarPoint) -> Coordinate {
        Coordinate(
            latitude: origin.latitude + point.y / metersPerDegreeLatitude,
            longitude: origin.longitude + point.x / metersPerDegreeLongitude)
    }
}

/// Where a point falls on a segment: the closest point, its fraction along, and the distance.
public struct SegmentProjection: Sendable {
    /// Fraction along the segment, clamped to [0, 1].
    public var fraction: Double
    /// Distance in metres from the point to the closest point of the segment.
    public var distance: Meters
    /// The closest point of the segment.
    public var point: PlanarPoint

    /// A projection result.
    @inlinable public init(fraction: Double, distance: Meters, point: PlanarPoint) {
        self.fraction = fraction
        self.distance = distance
        self.point = point
    }
}

extension PlanarPoint {
    /// Projects this point onto the segment `a`–`b` (both in the same plane).
    @inlinable public func projected(ontoSegmentFrom a: PlanarPoint, to b: PlanarPoint) -> SegmentProjection {
        let dx = b.x - a.x, dy = b.y - a.y
        let len2 = dx * dx + dy * dy
        var t = len2 > 0 ? ((x - a.x) * dx + (y - a.y) * dy) / len2 : 0
        t = min(1, max(0, t))
        let p = PlanarPoint(x: a.x + t * dx, y: a.y + t * dy)
        let ex = x - p.x, ey = y - p.y
        return SegmentProjection(fraction: t, distance: (ex * ex + ey * ey).squareRoot(), point: p)
    }
}
