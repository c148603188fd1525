import Geodesy
import MapMatching
import Simulation
import Testing

@Suite("NoiseEstimator: σ from the distances to the matched roads")
struct NoiseEstimatorTests {
    /// Residuals as a matcher sees them on a straight road: |one axis of Gaussian noise σ|.
    static func residuals(sigma: Meters, count: Int, seed: UInt64) -> [Meters] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in abs(sigma * random.nextNormal()) }
    }

    /// The median of n residuals has a relative standard error of about 1.17 / √n: 4 % over 1,000,
    /// 15 % over 60 (which is why a live estimate is bounded and only needs to be roughly right).
    @Test("the median residual over 0.6745 recovers σ within 15 % from 1,000 residuals, within 50 % from 60", arguments: [5.0, 10.0, 20.0])
    func recoversSigma(sigma: Double) {
        for seed in UInt64(1)...5 {
            var large = NoiseEstimator(window: 1000), small = NoiseEstimator(window: 60)
            for r in Self.residuals(sigma: sigma, count: 1000, seed: seed * 10 + UInt64(sigma)) {
                large.add(r)
                small.add(r)
            }
            #expect(abs((large.sigma ?? 0) - sigma) / sigma < 0.15, "σ \(sigma), seed \(seed): estimated \(large.sigma ?? 0)")
            #expect(abs((small.sigma ?? 0) - sigma) / sigma < 0.5, "σ \(sigma), seed \(seed): estimated \(small.sigma ?? 0)")
        }
    }

    @Test("no estimate before minimumSamples residuals; negative and non-finite residuals are ignored")
    func needsSamples() {
        var estimator = NoiseEstimator(window: 60, minimumSamples: 10)
        for _ in 0..<9 { estimator.add(6.745) }
        estimator.add(-1)
        estimator.add(.nan)
        estimator.add(.infinity)
        #expect(estimator.count == 9)
        #expect(estimator.sigma == nil)
        estimator.add(6.745)
        #expect(abs((estimator.sigma ?? 0) - 10) < 1e-3)
        estimator.reset()
        #expect(estimator.count == 0 && estimator.sigma == nil)
    }

    @Test("one residual in ten far off (a wrong road, a fix off the map) moves the estimate by under 20 %")
    func robustToOutliers() {
        var estimator = NoiseEstimator()
        var residuals = Self.residuals(sigma: 10, count: 60, seed: 7)
        for i in stride(from: 0, to: residuals.count, by: 10) { residuals[i] = 100 }
        for r in residuals { estimator.add(r) }
        let estimate = estimator.sigma ?? 0
        #expect(estimate > 8 && estimate < 14, "estimated \(estimate)")
    }

    @Test("online: after the noise grows from 5 to 20 m the estimate follows within one window")
    func followsChange() {
        var estimator = NoiseEstimator(window: 60)
        for r in Self.residuals(sigma: 5, count: 100, seed: 3) { estimator.add(r) }
        #expect(abs((estimator.sigma ?? 0) - 5) < 2)
        for r in Self.residuals(sigma: 20, count: 60, seed: 4) { estimator.add(r) }
        #expect(abs((estimator.sigma ?? 0) - 20) < 8, "estimated \(estimator.sigma ?? 0)")
    }

    @Test("estimates stay within the bounds")
    func bounded() {
        var tiny = NoiseEstimator(bounds: 4...50), huge = NoiseEstimator(bounds: 4...50)
        for _ in 0..<20 {
            tiny.add(0.1)
            huge.add(500)
        }
        #expect(tiny.sigma == 4)
        #expect(huge.sigma == 50)
        #expect(NoiseEstimator.sigma(ofResiduals: [], within: 4...50) == nil)
        #expect(NoiseEstimator.sigma(ofResiduals: [1, 2, 100], within: 1...50).map { abs($0 - 2 / 0.674_489_75) < 1e-9 } == true)
    }
}
