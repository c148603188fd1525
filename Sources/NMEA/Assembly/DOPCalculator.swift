import Foundation
import Positioning

/// Dilutions of precision from satellite geometry, the way gpsd's `fill_dop` computes them:
/// the inverse of HᵀH for unit vectors (east, north, up, clock) of the used satellites.
enum DOPCalculator {
    /// (xdop, ydop, hdop, vdop, pdop, tdop, gdop), or nil with fewer than four usable satellites
    /// or a singular geometry.
    static func dops(_ satellites: [Satellite]) -> (x: Double, y: Double, h: Double, v: Double, p: Double, t: Double, g: Double)? {
        var rows: [[Double]] = []
        for s in satellites where s.used {
            guard let el = s.elevation, let az = s.azimuth, !(el == 0 && az == 0) else { continue }
            let e = el * .pi / 180, a = az * .pi / 180
            rows.append([sin(a) * cos(e), cos(a) * cos(e), sin(e), 1])
        }
        guard rows.count >= 4 else { return nil }
        var m = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
        for r in rows { for i in 0..<4 { for j in 0..<4 { m[i][j] += r[i] * r[j] } } }
        guard let inv = invert(m) else { return nil }
        let (xx, yy, zz, tt) = (inv[0][0], inv[1][1], inv[2][2], inv[3][3])
        guard xx >= 0, yy >= 0, zz >= 0, tt >= 0 else { return nil }
        return (sqrt(xx), sqrt(yy), sqrt(xx + yy), sqrt(zz), sqrt(xx + yy + zz), sqrt(tt), sqrt(xx + yy + zz + tt))
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
            for j in 0..<n { a[col][j] /= p; inv[col][j] /= p }
            for i in 0..<n where i != col {
                let f = a[i][col]
                if f == 0 { continue }
                for j in 0..<n { a[i][j] -= f * a[col][j]; inv[i][j] -= f * inv[col][j] }
            }
        }
        return inv
    }
}
