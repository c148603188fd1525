/// gpsd 3.22's world tables: whole-number values at every 5° node, 37 rows (90° S … 90° N) by 73
/// columns (180° W … 180° E), row by row from the south, read by bilinear interpolation between
/// the four nodes around a position (gpsd's geoid and magnetic variation tables).
enum WorldGrid {
    /// Grid spacing, degrees.
    static let span = 5
    /// Rows (90° S … 90° N) and columns (180° W … 180° E) of a table.
    static let rows = 37, columns = 73

    /// The table's value at `latitude`, `longitude` (degrees), in the table's units, interpolated
    /// bilinearly between the four grid nodes around it as gpsd's `bilinear` does (the node
    /// coordinates whole degrees); nil off the grid.
    static func interpolate(_ table: [Int16], latitude: Double, longitude: Double) -> Double? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        let row = Int(((90 + latitude) / Double(span)).rounded(.down))
        let column = Int(((180 + longitude) / Double(span)).rounded(.down))
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return nil }
        // On the last row or column (90° N, 180° E) the upper node is the node itself.
        let row2 = row < rows - 1 ? row + 1 : row
        let column2 = column < columns - 1 ? column + 1 : column
        let x1 = Double(column * span - 180), x2 = Double(column2 * span - 180)
        let y1 = Double(row * span - 90), y2 = Double(row2 * span - 90)
        func value(_ row: Int, _ column: Int) -> Double { Double(table[row * columns + column]) }
        let z11 = value(row, column), z12 = value(row, column2)
        let z21 = value(row2, column), z22 = value(row2, column2)
        if y1 == y2 {
            return x1 == x2 ? z11 : (z22 * (longitude - x1) + z11 * (x2 - longitude)) / (x2 - x1)
        }
        if x1 == x2 {
            return (z22 * (latitude - y1) + z11 * (y2 - latitude)) / (y2 - y1)
        }
        let area = (y2 - y1) * (x2 - x1)
        return (z22 * (latitude - y1) * (longitude - x1) + z12 * (y2 - latitude) * (longitude - x1)
            + z21 * (latitude - y1) * (x2 - longitude) + z11 * (y2 - latitude) * (x2 - longitude)) / area
    }
}
