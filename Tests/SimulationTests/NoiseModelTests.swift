import Geodesy
import Positioning
import Simulation
import Testing
import Timekeeping

@Suite("NoiseModel")
struct NoiseModelTests {
    typealias S = TestShapes

    /// North/east errors in metres of `count` noisy copies of a fixed fix, one per second.
    func errors(_ options: NoiseModel.Options, count: Int) throws -> (north: [Double], east: [Double], fixes: [Fix]) {
        var model = try NoiseModel(options: options, interval: 1)
        let projection = LocalProjection(origin: S.origin)
        var north: [Double] = [], east: [Double] = [], fixes: [Fix] = []
        for k in 0..<count {
            var exact = Fix(time: S.t0.adding(Double(k)), mode: .threeD, coordinate: S.origin, isSimulated: true)
            exact.speed = 10
            exact.course = 90
            let fix = model.apply(to: exact, distanceAlong: Double(k) * 10)
            fixes.append(fix)
            guard let c = fix.coordinate else { continue }
            let p = projection.project(c)
            north.append(p.y)
            east.append(p.x)
        }
        return (north, east, fixes)
    }

    func meanAndStd(_ xs: [Double]) -> (mean: Double, std: Double) {
        let mean = xs.reduce(0, +) / Double(xs.count)
        let variance = xs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(xs.count - 1)
        return (mean, variance.squareRoot())
    }

    @Test("white noise: 10 000 samples have mean ≈ 0 and standard deviation ≈ sigma on each axis")
    func whiteStatistics() throws {
        let e = try errors(NoiseModel.Options(sigma: 5, biasFraction: 0, seed: 42), count: 10_000)
        for axis in [e.north, e.east] {
            let stats = meanAndStd(axis)
            #expect(abs(stats.mean) < 0.15)
            #expect(abs(stats.std - 5) < 0.15)
        }
    }

    @Test("white plus drifting bias: total deviation ≈ sigma, and the bias is correlated over time")
    func biasStatistics() throws {
        let e = try errors(NoiseModel.Options(sigma: 4, biasFraction: 0.5, biasTimeConstant: 20, seed: 7), count: 40_000)
        #expect(abs(meanAndStd(e.north).std - 4) < 0.4)
        #expect(abs(meanAndStd(e.east).std - 4) < 0.4)
        // Lag-1 correlation ≈ bias share × e^(−1/τ) ≈ 0.5 × 0.95.
        let m = meanAndStd(e.north)
        let lag = zip(e.north, e.north.dropFirst()).reduce(0) { $0 + ($1.0 - m.mean) * ($1.1 - m.mean) } / Double(e.north.count - 1)
        #expect(abs(lag / (m.std * m.std) - 0.5 * 0.951) < 0.06)
    }

    @Test("reported horizontal accuracy is the 95 % radius of the noise actually added")
    func accuracyMatchesNoise() throws {
        let e = try errors(NoiseModel.Options(sigma: 3, biasFraction: 0, seed: 1), count: 10_000)
        let hAcc = try #require(e.fixes.first?.horizontalAccuracy)
        #expect(abs(hAcc - 2.4477 * 3) < 1e-9)
        let inside = zip(e.north, e.east).filter { ($0 * $0 + $1 * $1).squareRoot() <= hAcc }.count
        #expect(abs(Double(inside) / 10_000 - 0.95) < 0.01)
    }

    @Test("same seed gives the same fixes, another seed different ones")
    func seeding() throws {
        let a = try errors(NoiseModel.Options(sigma: 5, seed: 99), count: 200).fixes
        let b = try errors(NoiseModel.Options(sigma: 5, seed: 99), count: 200).fixes
        let c = try errors(NoiseModel.Options(sigma: 5, seed: 100), count: 200).fixes
        #expect(a == b)
        #expect(a != c)
    }

    @Test("random dropouts remove whole stretches and leave the other fixes unchanged")
    func dropouts() throws {
        let plain = try errors(NoiseModel.Options(sigma: 2, seed: 5), count: 5_000).fixes
        let gappy = try errors(NoiseModel.Options(sigma: 2, dropoutProbability: 0.02, meanDropoutDuration: 4, seed: 5), count: 5_000).fixes
        let lost = gappy.filter { $0.mode == .noFix }
        #expect(lost.allSatisfy { $0.coordinate == nil && $0.time != nil && $0.isSimulated })
        // Share lost ≈ p·L / (1 + p·L) with L = 4 fixes.
        #expect(abs(Double(lost.count) / 5_000 - 0.08 / 1.08) < 0.025)
        for (p, g) in zip(plain, gappy) where g.mode != .noFix { #expect(p == g) }
    }

    @Test("outages and tunnels give no position inside their ranges and positions outside")
    func outagesAndTunnels() throws {
        let outage = S.t0.adding(100)...S.t0.adding(120)
        let options = NoiseModel.Options(outages: [outage], tunnels: [3_000...3_500])
        let fixes = try errors(options, count: 500).fixes
        for (k, fix) in fixes.enumerated() {
            let inOutage = (100...120).contains(k), inTunnel = (300...350).contains(k)
            #expect((fix.coordinate == nil) == (inOutage || inTunnel))
        }
    }

    @Test("tunnels on a simulated drive: no fix while the vehicle is inside, 1 s grid kept")
    func tunnelsOnDrive() throws {
        let line = S.walk([(0, 2_000)])
        var options = RouteSimulator.Options()
        options.noise = NoiseModel.Options(tunnels: [800...1_100])
        var sim = try RouteSimulator(polyline: line, options: options, startTime: S.t0)
        var exact = try RouteSimulator(polyline: line, startTime: S.t0)
        while !sim.isFinished {
            let fix = sim.next(), truth = exact.next()
            let d = exact.distanceAlongRoute
            #expect(fix.time == truth.time)
            #expect(fix.hasPosition == !(800...1_100).contains(d))
            if fix.hasPosition { #expect(fix == truth) }
        }
    }

    @Test("options out of range are refused by name")
    func badOptions() {
        #expect(throws: SimulationError.invalidOption(name: "noise.sigma", value: -1)) {
            try NoiseModel(options: NoiseModel.Options(sigma: -1), interval: 1)
        }
        #expect(throws: SimulationError.invalidOption(name: "noise.dropoutProbability", value: 2)) {
            try NoiseModel(options: NoiseModel.Options(dropoutProbability: 2), interval: 1)
        }
    }
}
