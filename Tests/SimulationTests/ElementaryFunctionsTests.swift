import Foundation
import Testing
@testable import Simulation

@Suite("Elementary functions and the seeded generator")
struct ElementaryFunctionsTests {
    static let arguments: [Double] = stride(from: -50.0, through: 50.0, by: 0.37).map { $0 } + [0, 1e-8, 1_234.5, -98_765.4, 3e5]

    @Test("sin, cos, tan, atan, atan2, asin agree with the C library to 1e-13")
    func trigonometry() {
        for x in Self.arguments {
            #expect(abs(Elementary.sin(x) - Foundation.sin(x)) < 1e-13)
            #expect(abs(Elementary.cos(x) - Foundation.cos(x)) < 1e-13)
            #expect(abs(Elementary.atan(x) - Foundation.atan(x)) < 1e-13)
            #expect(abs(Elementary.atan2(x, 3.3) - Foundation.atan2(x, 3.3)) < 1e-13)
            #expect(abs(Elementary.atan2(-2.1, x) - Foundation.atan2(-2.1, x)) < 1e-13)
            if abs(Foundation.cos(x)) > 0.1 { #expect(abs(Elementary.tan(x) - Foundation.tan(x)) < 1e-12) }
        }
        for x in stride(from: -1.0, through: 1.0, by: 0.01) { #expect(abs(Elementary.asin(x) - Foundation.asin(x)) < 1e-13) }
    }

    @Test("log and exp agree with the C library to a relative 1e-14")
    func logExp() {
        for x in [1e-300, 1e-10, 0.001, 0.5, 0.999, 1, 1.0001, 2, 10, 12_345.678, 1e200] {
            #expect(abs(Elementary.log(x) - Foundation.log(x)) <= 1e-14 * max(1, abs(Foundation.log(x))))
        }
        for x in stride(from: -700.0, through: 700.0, by: 3.7) {
            #expect(abs(Elementary.exp(x) - Foundation.exp(x)) <= 1e-14 * Foundation.exp(x))
        }
        #expect(Elementary.log(0) == -.infinity && Elementary.log(-1).isNaN && Elementary.exp(-1_000) == 0)
    }

    @Test("xoshiro256** seeded by SplitMix64 matches the reference first outputs for seed 0")
    func generatorReference() {
        // SplitMix64 from 0 gives the state; these are xoshiro256**'s first outputs from it.
        var g = SeededGenerator(seed: 0)
        let first = (0..<3).map { _ in g.next() }
        #expect(first == [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0])
    }

    @Test("uniforms lie in [0, 1) with mean ½; normals have mean 0 and deviation 1")
    func distributions() {
        var g = SeededGenerator(seed: 2026)
        let u = (0..<100_000).map { _ in g.nextUniform() }
        #expect(u.allSatisfy { $0 >= 0 && $0 < 1 })
        #expect(abs(u.reduce(0, +) / 1e5 - 0.5) < 0.005)
        let n = (0..<100_000).map { _ in g.nextNormal() }
        let mean = n.reduce(0, +) / 1e5
        let sd = (n.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / 1e5).squareRoot()
        #expect(abs(mean) < 0.01 && abs(sd - 1) < 0.01)
        #expect(Double(n.filter { abs($0) < 1.96 }.count) / 1e5 > 0.945)
    }
}
