import Foundation

/// Dilutions of precision from satellite geometry, as gpsd's `fill_dop` computes them: the
/// square roots of the diagonal of (GᵀG)⁻¹, each row of G being a used satellite's line-of-sight
/// unit vector (east, north, up) and a clock term. Shared by the NMEA decoder (receivers that
/// report no DOPs) and the simulator's sky.
public struct DilutionOfPrecision: Sendable, Hashable {
    /// East (gpsd `xdop`), north (`ydop`), vertical (`vdop`) and time (`tdop`) dilutions.
    public var east: Double, north: Double, vertical: Double, time: Double

    /// Horizontal dilution (`hdop`).
    public var horizontal: Double { (east * east + north * north).squareRoot() }
    /// Position (3D) dilution (`pdop`).
    public var position: Double { (horizontal * horizontal + vertical * vertical).squareRoot() }
    /// Geometric dilution (`gdop`).
    public var geometric: Double { (position * position + time * time).squareRoot() }

    /// The DOPs of the used satellites among `satellites` whose elevation and azimuth are known
    /// (gpsd skips 0°/0°, a placeholder); nil with fewer than four or a degenerate geometry.
    public init?(satellites: [Satellite]) {
        var rows: [[Double]] = []
        for s in satellites where s.used {
            guard let el = s.elevation, let az = s.azimuth, !(el == 0 && az == 0) else { continue }
            let e = el * .pi / 180, a = az * .pi / 180
            rows.append([sin(a) * cos(e), cos(a) * cos(e), sin(e), 1])
        }
        guard rows.count >= 4 else { return nil }
        var m = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 4)
        for r in rows { for i in 0..<4 { for j in 0..<4 { m[i][j] += r[i] * r[j] } } }
        guard let inverse = Self.invert(m) else { return nil }
        let d = (0..<4).map { inverse[$0][$0] }
        guard d.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
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
            for i in 0..<n where i != col {
                let f = a[i][col]
                if f == 0 { continue }
                for j in 0..<n {
                    a[i][j] -= f * a[col][j]
                    inv[i][j] -= f * inv[col][j]
                }
            }
        }
        return inv
    }
}
