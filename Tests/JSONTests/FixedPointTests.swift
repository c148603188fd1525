import Foundation
import JSON
import Simulation
import Testing

/// `FixedPoint` must print what C's `printf("%.Nf")` prints for every double, ties and
/// near-ties included (glibc rounds the exact binary value, half to even).
@Suite("FixedPoint: exact printf %.Nf digits")
struct FixedPointTests {
    static func printf(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

    @Test("generated values near decimal ties, at every precision 0–12, match String(format:)")
    func nearTies() {
        var g = SeededGenerator(seed: 11)
        var mismatches: [String] = []
        var checked = 0
        for _ in 0..<6_000 {
            let decimals = Int.random(in: 0...12, using: &g)
            let tieDecimals = Int.random(in: 0...min(decimals + 1, 12), using: &g)
            let units = Double(Int.random(in: -2_000_000...2_000_000, using: &g))
            let tie = (units + 0.5) / pow(10, Double(tieDecimals))
            for value in [tie, tie.nextUp, tie.nextDown, tie.nextUp.nextUp, -tie] {
                checked += 1
                let (ours, theirs) = (FixedPoint.format(value, decimals: decimals), Self.printf(value, decimals))
                if ours != theirs { mismatches.append("\(value) %.\(decimals)f: \(ours) ≠ \(theirs)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(checked == 30_000)
    }

    @Test("random magnitudes, exact binary ties, extremes and signed zero match String(format:)")
    func extremes() {
        var g = SeededGenerator(seed: 12)
        var values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1.005, 2.675, 1e-7, -1e-7, 0.0005, 0.00049999999999999, 1e15 + 0.5,
                                4503599627370495.5, 9_007_199_254_740_992, 1e17, 1e21, 1e22, 3.4e38, 1.7976931348623157e308, -1e300,
                                .leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNonzeroMagnitude, 45.4642, 9.19, 175.314896667, 59.9995]
        for _ in 0..<4_000 {
            let exponent = Double(Int.random(in: -20...40, using: &g))
            values.append(Double.random(in: -10...10, using: &g) * pow(10, exponent))
            values.append(Double(sign: .plus, exponent: Int.random(in: -30...80, using: &g), significand: 1) * Double(Int.random(in: 1...999, using: &g)))
        }
        var mismatches: [String] = []
        for value in values {
            for decimals in [0, 1, 2, 3, 4, 7, 9, 12, 17, 18] {
                let (ours, theirs) = (FixedPoint.format(value, decimals: decimals), Self.printf(value, decimals))
                if ours != theirs { mismatches.append("\(value) %.\(decimals)f: \(ours) ≠ \(theirs)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("whole numbers around 0–999 (a SKY's el, az, ss), signed zero and the nearest non-whole values match String(format:)")
    func wholeNumbers() {
        var mismatches: [String] = []
        for whole in -2...1_001 {
            for value in [Double(whole), Double(whole).nextUp, Double(whole).nextDown] {
                for decimals in [0, 1, 2, 3, 18] {
                    let (ours, theirs) = (FixedPoint.format(value, decimals: decimals), Self.printf(value, decimals))
                    if ours != theirs { mismatches.append("\(value) %.\(decimals)f: \(ours) ≠ \(theirs)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(FixedPoint.format(-0.0, decimals: 1) == "-0.0")
        #expect(FixedPoint.format(999, decimals: 1) == "999.0")
        #expect(FixedPoint.format(1_000, decimals: 1) == "1000.0")
    }

    @Test("non-finite values print as printf does; JSONWriter.fixed writes null for them")
    func nonFinite() {
        #expect(FixedPoint.format(.infinity, decimals: 2) == "inf")
        #expect(FixedPoint.format(-.infinity, decimals: 2) == "-inf")
        #expect(FixedPoint.format(.nan, decimals: 2) == "nan")
        var w = JSONWriter()
        w.beginArray()
        w.fixed(.nan, decimals: 3)
        w.fixed(45.4642, decimals: 9)
        w.fixed(-0.0001, decimals: 3)
        w.endArray()
        #expect(String(decoding: w.bytes, as: UTF8.self) == "[null,45.464200000,-0.000]")
    }

    @Test("zero-padded widths and integers match %0W.Nf and %0Wd")
    func widths() {
        var g = SeededGenerator(seed: 13)
        for _ in 0..<2_000 {
            let value = Double.random(in: -100...100, using: &g)
            let width = Int.random(in: 1...12, using: &g)
            let decimals = Int.random(in: 0...7, using: &g)
            #expect(FixedPoint.format(value, decimals: decimals, width: width) == String(format: "%0\(width).\(decimals)f", value))
            let int = Int.random(in: -500...5000, using: &g)
            #expect(FixedPoint.padded(int, width: width) == String(format: "%0\(width)d", int))
        }
    }
}
