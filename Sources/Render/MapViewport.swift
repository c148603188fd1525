import Foundation
public import Geodesy

/// A point of the picture in pixels from its top-left corner.
public struct PicturePoint: Sendable, Hashable {
    /// Pixels to the right.
    public var x: Double
    /// Pixels down.
    public var y: Double

    /// A point from its pixel offsets.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The Web-Mercator view of a picture (256-pixel tiles, as the live map's Leaflet): a fractional
/// zoom and a centre chosen so a box fits with a margin.
public struct MapViewport: Sendable, Hashable {
    /// Picture size in pixels.
    public let width: Int, height: Int
    /// The zoom level (fractional; at most 18).
    public let zoom: Double
    /// The centre of the picture.
    public let center: Coordinate
    private let centerWorld: PicturePoint

    /// The view fitting `box` into `width`×`height` with `margin` pixels on each side.
    public init(fitting box: BoundingBox, width: Int, height: Int, margin: Double = 40) {
        self.width = width
        self.height = height
        let sw = Self.world(Coordinate(latitude: box.south, longitude: box.west), zoom: 0)
        let ne = Self.world(Coordinate(latitude: box.north, longitude: box.east), zoom: 0)
        let spanX = max(ne.x - sw.x, 1e-9), spanY = max(sw.y - ne.y, 1e-9)
        let usableX = max(1, Double(width) - 2 * margin), usableY = max(1, Double(height) - 2 * margin)
        zoom = min(18, log2(min(usableX / spanX, usableY / spanY)))
        let middle = PicturePoint(x: (sw.x + ne.x) / 2, y: (sw.y + ne.y) / 2)
        let scale = pow(2, zoom)
        centerWorld = PicturePoint(x: middle.x * scale, y: middle.y * scale)
        center = Self.coordinate(world: middle, zoom: 0)
    }

    /// Where `coordinate` lands in the picture.
    public func project(_ coordinate: Coordinate) -> PicturePoint {
        let p = Self.world(coordinate, zoom: zoom)
        return PicturePoint(x: p.x - centerWorld.x + Double(width) / 2, y: p.y - centerWorld.y + Double(height) / 2)
    }

    /// The coordinate at a picture point.
    public func coordinate(at point: PicturePoint) -> Coordinate {
        Self.coordinate(
            world: PicturePoint(x: point.x + centerWorld.x - Double(width) / 2, y: point.y + centerWorld.y - Double(height) / 2),
            zoom: zoom)
    }

    /// The area the picture shows.
    public var visibleBox: BoundingBox {
        let nw = coordinate(at: PicturePoint(x: 0, y: 0))
        let se = coordinate(at: PicturePoint(x: Double(width), y: Double(height)))
        return BoundingBox(south: se.latitude, west: nw.longitude, north: nw.latitude, east: se.longitude)
    }

    /// Ground metres per pixel at the centre.
    public var metersPerPixel: Meters { 2 * .pi * earthRadius * cos(center.latitude * .pi / 180) / (256 * pow(2, zoom)) }

    private static func world(_ c: Coordinate, zoom: Double) -> PicturePoint {
        let scale = 256 * pow(2, zoom)
        let s = min(max(sin(c.latitude * .pi / 180), -0.9999), 0.9999)
        return PicturePoint(x: (c.longitude + 180) / 360 * scale, y: (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * scale)
    }

    private static func coordinate(world p: PicturePoint, zoom: Double) -> Coordinate {
        let scale = 256 * pow(2, zoom)
        let n = .pi - 2 * .pi * p.y / scale
        return Coordinate(latitude: atan(sinh(n)) * 180 / .pi, longitude: p.x / scale * 360 - 180)
    }
}
