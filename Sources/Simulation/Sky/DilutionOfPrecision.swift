import Geodesy
import Positioning

/// Dilutions of precision of a set of satellites: the square roots of the diagonal of
/// (GᵀG)⁻¹, where each row of G is a line-of-sight unit vector (east, north, up) and a clock term.
struct DilutionOfPrecision: Sendable, Hashable {
    var east: Double, north: Double, vertical: Double, time: Double

    var horizontal: Double { (east * east + north * north).squareRoot() }
    var position: Double { (horizontal * horizontal + vertical * vertical).squareRoot() }
    var geometric: Double { (position * position + time * time).squareRoot() }

    /// The DOPs of `satellites` (elevation and azimuth known); nil with fewer than 4 or a degenerate geometry.
    init?(satellites: [Satellite]) {
        guard satellites.count >= 4 else { return nil }
        var m = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
        for s in satellites {
            guard let el = s.elevation, let az = s.azimuth else { continue }
            let e = Elementary.sinCos(el.radians), a = Elementary.sinCos(az.radians)
            let row = [e.cos * a.sin, e.cos * a.cos, e.sin, 1]
            for i in 0..<4 { for j in 0..<4 { m[i][j] += row[i] * row[j] } }
        }
        guard let inverse = Self.invert(m) else { return nil }
        let d = (0..<4).map { inverse[$0][$0] }
        guard d.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        east = d[0].squareRoot()
        north = d[1].squareRoot()
        vertical = d[2].squareRoot()
        time = d[3].squareRoot()
    }

    /// Gauss–Jordan inverse with partial pivoting; nil if singular.
    private static func invert(_ matrix: [[Double]]) -> [[Double]]? {
        let n = matrix.count
        var a = matrix
        var inv = (0..<n).map { i in (0..<n).map { j in i == j ? 1.0 : 0.0 } }
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            inv.swapAt(col, pivot)
            let p = a[col][col]
            for j in 0..<n {
                a[col][j] /= p
                inv[col][j] /= p
            }
            for row in 0..<n where row != col {
                let f = a[row][col]
                guard f != 0 else { continue }
                for j in 0..<n {
                    a[row][j] -= f * a[col][j]
                    inv[row][j] -= f * inv[col][j]
                }
            }
        }
        return inv
    }
}
