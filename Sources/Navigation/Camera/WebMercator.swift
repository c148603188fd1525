public import Geodesy

/// Web Mercator viewport maths for 512-pixel tiles (Mapbox GL): ground resolution and the zoom
/// that fits a bounding box in a viewport.
public enum WebMercator {
    /// Ground metres per pixel at zoom 0 on the equator: 2π · 6 378 137 m / 512 px.
    public static let metersPerPixelAtZoomZero: Double = 2 * Double.pi * 6_378_137 / 512

    /// Ground metres per pixel at `zoom` and `latitude` (degrees).
    public static func metersPerPixel(zoom: Double, latitude: Degrees) -> Double {
        metersPerPixelAtZoomZero * cosine(latitude.radians) / power2(zoom)
    }

    /// The zoom at which one pixel covers `metersPerPixel` metres at `latitude`.
    public static func zoom(metersPerPixel: Double, latitude: Degrees) -> Double {
        logarithm2(metersPerPixelAtZoomZero * cosine(latitude.radians) / max(metersPerPixel, 1e-9))
    }

    /// The largest zoom at which `bounds` fits in `width` × `height` pixels; `maximumZoom` when the
    /// box is a point.
    public static func zoomToFit(_ bounds: GeoBounds, width: Double, height: Double, maximumZoom: Double) -> Double {
        let dx = x(longitude: bounds.east) - x(longitude: bounds.west)
        let dy = y(latitude: bounds.south) - y(latitude: bounds.north)
        var zoom = maximumZoom
        if dx > 0 { zoom = min(zoom, logarithm2(width / (512 * dx))) }
        if dy > 0 { zoom = min(zoom, logarithm2(height / (512 * dy))) }
        return zoom
    }

    /// The centre of `bounds` in Web Mercator (not the mean latitude).
    public static func center(of bounds: GeoBounds) -> Coordinate {
        let midY = (y(latitude: bounds.north) + y(latitude: bounds.south)) / 2
        let n = Double.pi * (1 - 2 * midY)
        let latitude = arctangent((exponential(n) - exponential(-n)) / 2).degrees
        return Coordinate(latitude: latitude, longitude: (bounds.west + bounds.east) / 2)
    }

    /// Mercator x of a longitude, 0…1 west to east.
    static func x(longitude: Degrees) -> Double { (longitude + 180) / 360 }

    /// Mercator y of a latitude, 0…1 north to south.
    static func y(latitude: Degrees) -> Double {
        let φ = min(85.051129, max(-85.051129, latitude)).radians
        return (1 - naturalLogarithm(tangent(Double.pi / 4 + φ / 2)) / Double.pi) / 2
    }
}
