/// A latitude/longitude rectangle (not crossing the antimeridian), in degrees.
public struct BoundingBox: Sendable, Hashable, CustomStringConvertible {
    /// Southern edge (minimum latitude).
    public var south: Degrees
    /// Western edge (minimum longitude).
    public var west: Degrees
    /// Northern edge (maximum latitude).
    public var north: Degrees
    /// Eastern edge (maximum longitude).
    public var east: Degrees

    /// A box from its four edges; `south ≤ north` and `west ≤ east` are the caller's to keep.
    @inlinable public init(south: Degrees, west: Degrees, north: Degrees, east: Degrees) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The smallest box holding every coordinate of `coordinates`, nil when there are none.
    public init?(enclosing coordinates: some Sequence<Coordinate>) {
        var box: BoundingBox?
        for c in coordinates {
            if box == nil {
                box = BoundingBox(south: c.latitude, west: c.longitude, north: c.latitude, east: c.longitude)
            } else {
                box!.extend(to: c)
            }
        }
        guard let box else { return nil }
        self = box
    }

    /// Grows the box to hold `coordinate`.
    @inlinable public mutating func extend(to coordinate: Coordinate) {
        south = Swift.min(south, coordinate.latitude)
        north = Swift.max(north, coordinate.latitude)
        west = Swift.min(west, coordinate.longitude)
        east = Swift.max(east, coordinate.longitude)
    }

    /// Whether `coordinate` lies inside or on the edge of the box.
    @inlinable public func contains(_ coordinate: Coordinate) -> Bool {
        coordinate.latitude >= south && coordinate.latitude <= north && coordinate.longitude >= west
            && coordinate.longitude <= east
    }

    /// Whether the two boxes share at least one point.
    @inlinable public func intersects(_ other: BoundingBox) -> Bool {
        other.west <= east && other.east >= west && other.south <= north && other.north >= south
    }

    /// The box grown by `margin` metres on every side.
    public func expanded(by margin: Meters) -> BoundingBox {
        let dLat = margin / (earthRadius * .pi / 180)
        let dLon = dLat / Swift.max(0.01, cosine(((south + north) / 2).radians))
        return BoundingBox(south: south - dLat, west: west - dLon, north: north + dLat, east: east + dLon)
    }

    /// The centre of the box.
    public var center: Coordinate { Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2) }

    /// `west,south,east,north`, the order of a `bbox=` query.
    public var description: String { "\(west),\(south),\(east),\(north)" }
}
