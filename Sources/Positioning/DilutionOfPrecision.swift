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
    /// (a GSV's empty elevation and azimuth are read as 0°/0° and count, as in gpsd 3.22: probed
    /// with gpsfake); nil with fewer than four or a degenerate geometry
    /// (the determinant of GᵀG below 0.0001, where gpsd gives no DOPs).
    public init?(satellites: [Satellite]) {
        // Flat 4×4 matrices on the stack: GᵀG accumulated row by row (the same sums, in the
        // same order, as building G first), then inverted in place.
        let d: (Double, Double, Double, Double)? = withUnsafeTemporaryAllocation(of: Double.self, capacity: 36) { storage in
            let m = UnsafeMutableBufferPointer(rebasing: storage[0..<16])
            let inv = UnsafeMutableBufferPointer(rebasing: storage[16..<32])
            let v = UnsafeMutableBufferPointer(rebasing: storage[32..<36])
            m.initialize(repeating: 0)
            var rows = 0
            for s in satellites where s.used {
                guard let el = s.elevation, let az = s.azimuth else { continue }
                let e = el * .pi / 180, a = az * .pi / 180
                let (sinE, cosE) = Self.sinCos(degrees: el, radians: e), (sinA, cosA) = Self.sinCos(degrees: az, radians: a)
                v[0] = sinA * cosE
                v[1] = cosA * cosE
                v[2] = sinE
                v[3] = 1
                // The upper triangle only: GᵀG is symmetric, v[i]·v[j] and v[j]·v[i] are the same
                // product, so the lower one (copied below) holds the same sums bit for bit.
                for i in 0..<4 { for j in i..<4 { m[i * 4 + j] += v[i] * v[j] } }
                rows += 1
            }
            for i in 1..<4 { for j in 0..<i { m[i * 4 + j] = m[j * 4 + i] } }
            guard rows >= 4, Self.invert(m, into: inv) else { return nil }
            return (inv[0], inv[5], inv[10], inv[15])
        }
        func usable(_ x: Double) -> Bool { x >= 0 && x.isFinite }
        guard let d, usable(d.0), usable(d.1), usable(d.2), usable(d.3) else { return nil }
        east = d.0.squareRoot()
        north = d.1.squareRoot()
        vertical = d.2.squareRoot()
        time = d.3.squareRoot()
    }

    /// The sine and cosine of `radians`, which is `degrees * .pi / 180`; for whole degrees from 0
    /// to 359 (what NMEA receivers send) from a table of those same values.
    private static func sinCos(degrees: Double, radians: Double) -> (sin: Double, cos: Double) {
        if degrees >= 0, degrees < 360, let whole = Int(exactly: degrees) {
            return (wholeDegrees[2 * whole], wholeDegrees[2 * whole + 1])
        }
        return (sin(radians), cos(radians))
    }

    /// Sine, cosine, sine, cosine… of 0°, 1°, … 359°, in radians as `init` works them out.
    private static let wholeDegrees: [Double] = (0..<360).flatMap { degrees -> [Double] in
        let radians = Double(degrees) * .pi / 180
        return [sin(radians), cos(radians)]
    }

    /// Gauss–Jordan inverse of the row-major 4×4 `a` (destroyed) into `inv`, with partial
    /// pivoting (the first row of largest magnitude); false if singular or, as gpsd's
    /// `matrix_invert` decides, nearly so (a determinant below 0.0001 in magnitude).
    private static func invert(_ a: UnsafeMutableBufferPointer<Double>, into inv: UnsafeMutableBufferPointer<Double>) -> Bool {
        let n = 4
        var determinant = 1.0
        for i in 0..<n { for j in 0..<n { inv[i * n + j] = i == j ? 1.0 : 0.0 } }
        for col in 0..<n {
            var pivot = col
            for k in (col + 1)..<n where abs(a[k * n + col]) > abs(a[pivot * n + col]) { pivot = k }
            guard abs(a[pivot * n + col]) > 1e-12 else { return false }
            if pivot != col {
                for j in 0..<n {
                    a.swapAt(col * n + j, pivot * n + j)
                    inv.swapAt(col * n + j, pivot * n + j)
                }
                determinant = -determinant
            }
            let p = a[col * n + col]
            determinant *= p
            for j in 0..<n {
                a[col * n + j] /= p
                inv[col * n + j] /= p
            }
            for i in 0..<n where i != col {
                let f = a[i * n + col]
                if f == 0 { continue }
                for j in 0..<n {
                    a[i * n + j] -= f * a[col * n + j]
                    inv[i * n + j] -= f * inv[col * n + j]
                }
            }
        }
        return abs(determinant) >= 0.0001
    }
}
