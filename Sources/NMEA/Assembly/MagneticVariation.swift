/// Magnetic variation (declination, degrees east positive, gpsd's `magvar`) from Waygate's own 5°
/// grid, for fixes whose receiver gives none: what gpsd 3.22 does with its built-in table, with
/// values computed from the same model, the World Magnetic Model WMM2015 at 2020.0, rather than
/// copied from gpsd (`scripts/magvar-table`).
enum MagneticVariation {
    /// The variation in degrees at `latitude`, `longitude` (degrees), interpolated between the
    /// grid's nodes as gpsd's `mag_var` does (node values whole hundredths); nil off the grid.
    static func degrees(latitude: Double, longitude: Double) -> Double? {
        WorldGrid.interpolate(hundredths, latitude: latitude, longitude: longitude).map { $0 / 100 }
    }
}
