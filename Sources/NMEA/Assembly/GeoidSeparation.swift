/// Geoid separation (height of the geoid above the WGS 84 ellipsoid, gpsd's `geoidSep`) from
/// Waygate's own 5° grid, for fixes whose receiver gives none: what gpsd 3.22 does with its
/// built-in table, with values sampled from the same model, EGM2008 (tide-free), rather than
/// copied from gpsd (`scripts/geoid-table`).
enum GeoidSeparation {
    /// The separation in metres at `latitude`, `longitude` (degrees), interpolated between the
    /// grid's nodes as gpsd's `wgs84_separation` does (node values whole centimetres); nil off
    /// the grid.
    static func metres(latitude: Double, longitude: Double) -> Double? {
        WorldGrid.interpolate(centimetres, latitude: latitude, longitude: longitude).map { $0 / 100 }
    }
}
