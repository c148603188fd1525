public import Geodesy

/// A latitude/longitude bounding box (not crossing the antimeridian), degrees.
public struct GeoBounds: Sendable, Hashable {
    /// Southern edge, degrees latitude.
    public var south: Degrees
    /// Western edge, degrees longitude.
    public var west: Degrees
    /// Northern edge, degrees latitude.
    public var north: Degrees
    /// Eastern edge, degrees longitude.
    public var east: Degrees

    /// The box holding only `coordinate`.
    public init(_ coordinate: Coordinate) {
        south = coordinate.latitude
        north = coordinate.latitude
        west = coordinate.longitude
        east = coordinate.longitude
    }

    /// A box from its edges (south ≤ north, west ≤ east).
    public init(south: Degrees, west: Degrees, north: Degrees, east: Degrees) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// This box grown to include `coordinate`.
    public func including(_ coordinate: Coordinate) -> GeoBounds {
        GeoBounds(
            south: min(south, coordinate.latitude), west: min(west, coordinate.longitude),
            north: max(north, coordinate.latitude), east: max(east, coordinate.longitude))
    }

    /// This box grown to include `other`.
    public func union(_ other: GeoBounds) -> GeoBounds {
        GeoBounds(south: min(south, other.south), west: min(west, other.west), north: max(north, other.north),
                  east: max(east, other.east))
    }
}
