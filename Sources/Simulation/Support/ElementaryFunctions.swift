// Elementary functions for the simulator, written out in Swift so that the pure layers need no
// `Glibc` (DESIGN.md §2.3, `make layering`) and so that seeded output (noise, sky) is
// bit-identical whatever C maths library the host has. Accuracy is a few ulps for the argument
// ranges the simulator uses (|x| below about 1.6e6 for the trigonometric functions).

/// Namespace of the module's transcendental functions.
enum Elementary {
    static let pi = Double.pi
    // π/2 in three parts (fdlibm's pio2_1, pio2_2, pio2_3): the first two have 33 significant
    // bits, so k × part is exact for |k| < 2²⁰ and the reduction loses nothing.
    private static let halfPi1 = 1.57079632673412561417e+00
    private static let halfPi2 = 6.07710050630396597660e-11
    private static let halfPi3 = 2.02226624871116645580e-21
    private static let ln2High = 0.6931471803691238
    private static let ln2Low = 1.9082149292705877e-10
    private static let ln2 = 0.6931471805599453
    /// 1/3, 1/5, … 1/23: the series coefficients of atanh and atan.
    private static let oddReciprocals = [
        0.3333333333333333, 0.2, 0.14285714285714285, 0.1111111111111111, 0.09090909090909091, 0.07692307692307693,
        0.06666666666666667, 0.058823529411764705, 0.05263157894736842, 0.047619047619047616, 0.043478260869565216,
    ]

    /// Sine and cosine of `x` radians together (one range reduction).
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite, abs(x) < 1e15 else { return (.nan, .nan) }
        let k = (x / (pi / 2)).rounded()
        let r = ((x - k * halfPi1) - k * halfPi2) - k * halfPi3
        let r2 = r * r
        // Taylor polynomials (coefficients 1/n!), exact to double precision for |r| ≤ π/4.
        var s = 2.8114572543455206e-15
        s = s * r2 - 7.647163731819816e-13
        s = s * r2 + 1.6059043836821613e-10
        s = s * r2 - 2.505210838544172e-08
        s = s * r2 + 2.7557319223985893e-06
        s = s * r2 - 0.0001984126984126984
        s = s * r2 + 0.008333333333333333
        s = s * r2 - 0.16666666666666666
        let sinR = r + r * r2 * s
        var c = 1.5619206968586225e-16
        c = c * r2 - 4.779477332387385e-14
        c = c * r2 + 1.1470745597729725e-11
        c = c * r2 - 2.08767569878681e-09
        c = c * r2 + 2.755731922398589e-07
        c = c * r2 - 2.48015873015873e-05
        c = c * r2 + 0.001388888888888889
        c = c * r2 - 0.041666666666666664
        c = c * r2 + 0.5
        let cosR = 1 - r2 * c
        let quadrant = Int(k) & 3
        switch quadrant {
        case 0: return (sinR, cosR)
        case 1: return (cosR, -sinR)
        case 2: return (-sinR, -cosR)
        default: return (-cosR, sinR)
        }
    }

    /// Sine of `x` radians.
    static func sin(_ x: Double) -> Double { sinCos(x).sin }
    /// Cosine of `x` radians.
    static func cos(_ x: Double) -> Double { sinCos(x).cos }
    /// Tangent of `x` radians.
    static func tan(_ x: Double) -> Double {
        let sc = sinCos(x)
        return sc.sin / sc.cos
    }

    /// Natural logarithm; NaN for negative input, −∞ for 0.
    static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        var e = Double(Int(x.exponent))
        var m = x.significand
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        let s = (m - 1) / (m + 1), s2 = s * s
        var p = 0.04
        for coefficient in oddReciprocals.reversed() { p = p * s2 + coefficient }
        p = p * s2 + 1
        return e * ln2High + (2 * s * p + e * ln2Low)
    }

    /// e raised to `x`.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        let k = (x / ln2).rounded()
        let r = (x - k * ln2High) - k * ln2Low
        var p = 1.0
        var n = 18.0
        while n >= 1 {
            p = 1 + p * r / n
            n -= 1
        }
        // Split the scaling so 2^k never overflows on its own near the ends of the range.
        let k1 = Int(k) / 2, k2 = Int(k) - Int(k) / 2
        return p * Double(sign: .plus, exponent: k1, significand: 1) * Double(sign: .plus, exponent: k2, significand: 1)
    }

    /// Arc tangent of `x`, in (−π/2, π/2).
    static func atan(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if x < 0 { return -atan(-x) }
        if x > 1 { return pi / 2 - atan(1 / x) }
        var y = x, offset = 0.0
        if y > 0.41421356237309503 {
            offset = pi / 4
            y = (y - 1) / (y + 1)
        }
        // Halve the angle once more so the series converges fast: tan(θ/2) = t / (1 + √(1 + t²)).
        let h = y / (1 + (1 + y * y).squareRoot())
        let h2 = h * h
        var p = 0.04
        for (i, coefficient) in oddReciprocals.enumerated().reversed() { p = p * h2 + (i % 2 == 0 ? -coefficient : coefficient) }
        p = 1 + p * h2
        return offset + 2 * h * p
    }

    /// Four-quadrant arc tangent of `y / x`, in (−π, π].
    static func atan2(_ y: Double, _ x: Double) -> Double {
        if x > 0 { return atan(y / x) }
        if x < 0 { return y >= 0 ? atan(y / x) + pi : atan(y / x) - pi }
        if y > 0 { return pi / 2 }
        if y < 0 { return -pi / 2 }
        return 0
    }

    /// Arc sine of `x` (clamped to [−1, 1]), in [−π/2, π/2].
    static func asin(_ x: Double) -> Double {
        let c = min(1, max(-1, x))
        return atan2(c, (1 - c * c).squareRoot())
    }
}
