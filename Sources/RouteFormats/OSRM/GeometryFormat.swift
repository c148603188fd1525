/// How a route's shapes are encoded in Directions JSON (the OSRM/Mapbox `geometries` option).
public enum GeometryFormat: String, Sendable, Hashable, CaseIterable {
    /// Encoded polyline with 5 decimal digits (OSRM's default, `geometries=polyline`).
    case polyline5 = "polyline"
    /// Encoded polyline with 6 decimal digits (Mapbox's and Valhalla's default; Waygate writes it by default).
    case polyline6
    /// GeoJSON `LineString` objects with `[lon, lat]` positions.
    case geoJSON = "geojson"

    /// The polyline precision (5 or 6), nil for GeoJSON.
    public var polylinePrecision: Int? {
        switch self {
        case .polyline5: return 5
        case .polyline6: return 6
        case .geoJSON: return nil
        }
    }
}
