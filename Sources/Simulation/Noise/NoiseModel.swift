import Geodesy
import Positioning
import Timekeeping

/// A seeded model of GPS error applied to exact simulated fixes: white Gaussian position noise,
/// a slowly drifting bias (first-order Gauss–Markov), speed/course noise, reported accuracies
/// that match the noise, random dropouts, outages at given times and tunnels at given distances.
///
/// Off by default (`Options()` changes nothing). The same seed and the same sequence of fixes
/// always give the same output: every fix draws the same number of random values, whether or not
/// it is dropped.
public struct NoiseModel: Sendable {
    /// What to perturb and how much.
    public struct Options: Sendable, Hashable {
        /// Standard deviation of the horizontal position error on each axis (north, east), metres;
        /// 0 turns position noise off. It is the total: white noise plus drifting bias.
        public var sigma: Meters
        /// Share (0…1) of the error variance that is slowly drifting bias rather than white noise.
        public var biasFraction: Double
        /// Correlation time of the bias, seconds.
        public var biasTimeConstant: Seconds
        /// Standard deviation of the altitude error, metres (nil: 1.5 × `sigma`).
        public var verticalSigma: Meters?
        /// Standard deviation of each horizontal velocity component, m/s (nil: `sigma` / 25);
        /// perturbs speed and course together, so course is noisy at low speed as on a real receiver.
        public var velocitySigma: MetersPerSecond?
        /// Probability per fix that a dropout starts.
        public var dropoutProbability: Double
        /// Mean length of a random dropout, seconds (lengths are geometric).
        public var meanDropoutDuration: Seconds
        /// Time spans with no fix.
        public var outages: [ClosedRange<Timestamp>]
        /// Stretches of the current route with no fix (tunnels), metres along the route.
        public var tunnels: [ClosedRange<Meters>]
        /// Seed of the random generator.
        public var seed: UInt64

        /// Options with everything off unless given.
        public init(sigma: Meters = 0, biasFraction: Double = 0.5, biasTimeConstant: Seconds = 60, verticalSigma: Meters? = nil,
                    velocitySigma: MetersPerSecond? = nil, dropoutProbability: Double = 0, meanDropoutDuration: Seconds = 5,
                    outages: [ClosedRange<Timestamp>] = [], tunnels: [ClosedRange<Meters>] = [], seed: UInt64 = 0) {
            self.sigma = sigma
            self.biasFraction = biasFraction
            self.biasTimeConstant = biasTimeConstant
            self.verticalSigma = verticalSigma
            self.velocitySigma = velocitySigma
            self.dropoutProbability = dropoutProbability
            self.meanDropoutDuration = meanDropoutDuration
            self.outages = outages
            self.tunnels = tunnels
            self.seed = seed
        }
    }

    /// The options in force (tunnels change on reroute).
    public private(set) var options: Options
    private var generator: SeededGenerator
    private let interval: Seconds
    private let biasDecay: Double
    private var bias: (north: Meters, east: Meters)
    private var dropoutRemaining: Int = 0

    /// A model for fixes every `interval` seconds; throws on an option out of range.
    public init(options: Options, interval: Seconds) throws(SimulationError) {
        try Self.validate(options)
        guard interval > 0, interval.isFinite else { throw .invalidOption(name: "fixInterval", value: interval) }
        self.options = options
        self.interval = interval
        generator = SeededGenerator(seed: options.seed)
        biasDecay = Elementary.exp(-interval / options.biasTimeConstant)
        let biasSigma = options.sigma * options.biasFraction.squareRoot()
        bias = (generator.nextNormal() * biasSigma, generator.nextNormal() * biasSigma)
    }

    /// Whether the model changes anything at all.
    public var isEnabled: Bool {
        options.sigma > 0 || options.dropoutProbability > 0 || !options.outages.isEmpty || !options.tunnels.isEmpty
    }

    /// Replaces the tunnel stretches (metres along the new route after a reroute).
    public mutating func setTunnels(_ tunnels: [ClosedRange<Meters>]) {
        options.tunnels = tunnels
    }

    /// The next fix as a receiver would report it: `fix` perturbed, or a no-fix report (time only,
    /// mode `.noFix`) inside a dropout, outage or tunnel. `distanceAlong` places the fix on the route.
    public mutating func apply(to fix: Fix, distanceAlong: Meters) -> Fix {
        let sigma = options.sigma
        let biasSigma = sigma * options.biasFraction.squareRoot()
        let whiteSigma = sigma * (1 - options.biasFraction).squareRoot()
        let drive = biasSigma * (1 - biasDecay * biasDecay).squareRoot()
        bias.north = biasDecay * bias.north + drive * generator.nextNormal()
        bias.east = biasDecay * bias.east + drive * generator.nextNormal()
        let north = bias.north + whiteSigma * generator.nextNormal()
        let east = bias.east + whiteSigma * generator.nextNormal()
        let verticalSigma = options.verticalSigma ?? 1.5 * sigma
        let up = verticalSigma * generator.nextNormal()
        let velocitySigma = options.velocitySigma ?? sigma / 25
        let vNorth = velocitySigma * generator.nextNormal(), vEast = velocitySigma * generator.nextNormal()
        let dropoutDraw = generator.nextUniform(), lengthDraw = generator.nextUniform()

        if dropoutRemaining > 0 {
            dropoutRemaining -= 1
        } else if options.dropoutProbability > 0, dropoutDraw < options.dropoutProbability {
            // Geometric length with the requested mean, in fixes (at least one).
            let meanFixes = max(1, options.meanDropoutDuration / interval)
            let p = 1 / meanFixes
            dropoutRemaining = p >= 1 ? 0 : Int(Elementary.log(1 - lengthDraw) / Elementary.log(1 - p))
        } else if !inOutage(fix.time), !inTunnel(distanceAlong) {
            return perturbed(fix, north: north, east: east, up: up, vNorth: vNorth, vEast: vEast,
                             verticalSigma: verticalSigma, velocitySigma: velocitySigma)
        }
        var lost = Fix(time: fix.time, mode: .noFix, isSimulated: fix.isSimulated)
        lost.status = fix.status
        return lost
    }

    private func inOutage(_ time: Timestamp?) -> Bool {
        guard let time else { return false }
        return options.outages.contains { $0.contains(time) }
    }

    private func inTunnel(_ distance: Meters) -> Bool {
        options.tunnels.contains { $0.contains(distance) }
    }

    private func perturbed(_ fix: Fix, north: Meters, east: Meters, up: Meters, vNorth: MetersPerSecond, vEast: MetersPerSecond,
                           verticalSigma: Meters, velocitySigma: MetersPerSecond) -> Fix {
        var out = fix
        let sigma = options.sigma
        guard sigma > 0 else { return out }
        if let c = fix.coordinate {
            out.coordinate = LocalProjection(origin: c).unproject(PlanarPoint(x: east, y: north))
        }
        if let alt = fix.altitudeMSL { out.altitudeMSL = alt + up }
        if let alt = fix.altitudeHAE { out.altitudeHAE = alt + up }
        if let speed = fix.speed, velocitySigma > 0 {
            let course = (fix.course ?? 0).radians
            let sc = Elementary.sinCos(course)
            let vn = speed * sc.cos + vNorth, ve = speed * sc.sin + vEast
            out.speed = (vn * vn + ve * ve).squareRoot()
            out.course = Bearing.normalized(Elementary.atan2(ve, vn).degrees)
            out.speedAccuracy = 1.96 * velocitySigma
        }
        // 95 % figures, as gpsd reports eph/epx/epy/epv: 2.448 σ is the 95 % radius of a
        // circular 2-D Gaussian, 1.96 σ the 95 % half-width on one axis.
        out.horizontalAccuracy = 2.4477 * sigma
        out.latitudeError = 1.96 * sigma
        out.longitudeError = 1.96 * sigma
        if fix.altitudeMSL != nil || fix.altitudeHAE != nil { out.verticalAccuracy = 1.96 * verticalSigma }
        return out
    }

    private static func validate(_ o: Options) throws(SimulationError) {
        let checks: [(String, Double, Bool)] = [
            ("noise.sigma", o.sigma, o.sigma >= 0 && o.sigma.isFinite),
            ("noise.biasFraction", o.biasFraction, (0...1).contains(o.biasFraction)),
            ("noise.biasTimeConstant", o.biasTimeConstant, o.biasTimeConstant > 0 && o.biasTimeConstant.isFinite),
            ("noise.verticalSigma", o.verticalSigma ?? 0, (o.verticalSigma ?? 0) >= 0 && (o.verticalSigma ?? 0).isFinite),
            ("noise.velocitySigma", o.velocitySigma ?? 0, (o.velocitySigma ?? 0) >= 0 && (o.velocitySigma ?? 0).isFinite),
            ("noise.dropoutProbability", o.dropoutProbability, (0...1).contains(o.dropoutProbability)),
            ("noise.meanDropoutDuration", o.meanDropoutDuration, o.meanDropoutDuration > 0 && o.meanDropoutDuration.isFinite),
        ]
        for (name, value, ok) in checks where !ok { throw .invalidOption(name: name, value: value) }
    }
}
