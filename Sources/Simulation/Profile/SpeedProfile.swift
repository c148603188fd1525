import Geodesy

/// A speed limit that holds on a stretch of the path (`lower`…`upper` metres along).
struct SpeedCap: Sendable, Hashable {
    var lower: Meters
    var upper: Meters
    var speed: MetersPerSecond
}

/// The fastest drive along a path that respects every speed cap, starts at a given speed, ends at
/// rest, and never accelerates or brakes harder than the bounds.
///
/// v² is piecewise linear in distance (constant while cruising, slope 2a while accelerating,
/// −2b while braking), so the drive is a list of constant-acceleration phases, each integrated in
/// closed form: the position at any time is exact, whatever times it is asked for.
struct SpeedProfile: Sendable {
    /// One constant-acceleration stretch of the drive.
    struct Phase: Sendable, Hashable {
        /// Seconds from the start of the profile.
        var startTime: Seconds
        /// Metres along the path.
        var startDistance: Meters
        var endDistance: Meters
        /// Speed at the start, m/s.
        var startSpeed: MetersPerSecond
        /// Acceleration, m/s² (0 while cruising, negative while braking).
        var acceleration: Double
        var duration: Seconds
    }

    /// Where and how fast the vehicle is at a moment.
    struct Sample: Sendable, Hashable {
        var distance: Meters
        var speed: MetersPerSecond
        var acceleration: Double
    }

    /// Surges smaller than this between two slow points are flattened, m/s.
    static let surgeTolerance: MetersPerSecond = 1.5
    /// Speed below which nothing is flattened (pulling away, stopping), m/s.
    static let minimumHeldSpeed: MetersPerSecond = 2

    let phases: [Phase]
    let startDistance: Meters
    let endDistance: Meters
    /// Seconds from start until the vehicle stops at the end.
    let duration: Seconds

    /// The profile from `start` (at `initialSpeed`) to `end` (at rest) under `caps`, with
    /// `acceleration` and `braking` (both positive, m/s²). Caps are raised where needed so that a
    /// vehicle already faster than a cap at the start brakes into it at `braking` rather than
    /// changing speed instantly. `stops` are distances where the vehicle comes to rest.
    init(start: Meters, end: Meters, initialSpeed: MetersPerSecond, caps: [SpeedCap], stops: [Meters],
         acceleration a: Double, braking b: Double) {
        startDistance = start
        endDistance = max(start, end)
        guard endDistance > start else {
            phases = []
            duration = 0
            return
        }
        // Elementary intervals between every cap boundary.
        var knots = [start, endDistance]
        for cap in caps {
            if cap.lower > start && cap.lower < endDistance { knots.append(cap.lower) }
            if cap.upper > start && cap.upper < endDistance { knots.append(cap.upper) }
        }
        for stop in stops where stop > start && stop < endDistance { knots.append(stop) }
        knots.sort()
        var x: [Meters] = [knots[0]]
        for k in knots.dropFirst() where k - x[x.count - 1] > 1e-6 { x.append(k) }
        if x[x.count - 1] != endDistance { x[x.count - 1] = endDistance }
        var cap2 = [Double](repeating: .infinity, count: x.count - 1)
        for cap in caps where cap.upper > start && cap.lower < endDistance {
            let first = Self.interval(containing: max(cap.lower, start), in: x, upper: false)
            let last = Self.interval(containing: min(cap.upper, endDistance), in: x, upper: true)
            guard first <= last else { continue }
            let v2 = cap.speed * cap.speed
            for j in first...last where v2 < cap2[j] { cap2[j] = v2 }
        }
        let u2 = initialSpeed * initialSpeed
        if u2 > 0 {
            // Split intervals where the braking curve from the initial speed meets their cap, so
            // the relaxation below follows that curve exactly instead of a constant.
            var splitX = [x[0]], splitCap2: [Double] = []
            for j in 0..<(x.count - 1) {
                let crossing = start + (u2 - cap2[j]) / (2 * b)
                if crossing > x[j] + 1e-6 && crossing < x[j + 1] - 1e-6 {
                    splitX.append(crossing)
                    splitCap2.append(cap2[j])
                }
                splitX.append(x[j + 1])
                splitCap2.append(cap2[j])
            }
            x = splitX
            cap2 = splitCap2
        }
        let n = x.count - 1
        // Point caps at knots: both neighbouring intervals' caps, the stops, and rest at the end.
        var point2 = [Double](repeating: .infinity, count: n + 1)
        for j in 0...n {
            if j > 0 { point2[j] = min(point2[j], cap2[j - 1]) }
            if j < n { point2[j] = min(point2[j], cap2[j]) }
        }
        for stop in stops where stop > start && stop < endDistance {
            point2[Self.knot(nearest: stop, in: x)] = 0
        }
        point2[n] = 0
        // Relax everything below the braking curve from the initial speed, so speed stays continuous.
        if u2 > 0 {
            for j in 0...n {
                let brake2 = u2 - 2 * b * (x[j] - start)
                if brake2 <= 0 { break }
                point2[j] = max(point2[j], brake2)
                if j < n { cap2[j] = max(cap2[j], brake2) }
            }
        }
        point2[0] = u2
        // Forward (acceleration) and backward (braking) passes over v².
        var v2 = point2
        for j in 1...n { v2[j] = min(v2[j], v2[j - 1] + 2 * a * (x[j] - x[j - 1])) }
        for j in stride(from: n - 1, through: 0, by: -1) { v2[j] = min(v2[j], v2[j + 1] + 2 * b * (x[j + 1] - x[j])) }
        v2[0] = u2
        var phases: [Phase] = []
        var time: Seconds = 0
        func append(from s0: Meters, to s1: Meters, speed0: Double, speed1: Double, accel: Double) {
            guard s1 > s0 else { return }
            let dt = accel == 0 ? (s1 - s0) / speed0 : (speed1 - speed0) / accel
            guard dt > 0, dt.isFinite else { return }
            phases.append(Phase(startTime: time, startDistance: s0, endDistance: s1, startSpeed: speed0, acceleration: accel, duration: dt))
            time += dt
        }
        for j in 0..<n {
            let lo = x[j], hi = x[j + 1]
            var c2 = max(cap2[j], max(v2[j], v2[j + 1]))
            // Between two close slow points (a run of gentle bends) a driver holds speed rather
            // than surging by a metre or two per second and braking again: lowering a cap to the
            // faster end keeps every bound, so the profile stays exact.
            let held2 = max(v2[j], v2[j + 1])
            let peak2 = min(c2, v2[j] + 2 * a * (hi - lo) * b / (a + b) + (v2[j + 1] - v2[j]) * a / (a + b))
            if held2 >= Self.minimumHeldSpeed * Self.minimumHeldSpeed,
                peak2.squareRoot() - held2.squareRoot() < Self.surgeTolerance {
                c2 = held2
            }
            let accelEnd = lo + (c2 - v2[j]) / (2 * a)
            let brakeStart = hi - (c2 - v2[j + 1]) / (2 * b)
            if c2.isFinite && accelEnd <= brakeStart {
                let c = c2.squareRoot()
                append(from: lo, to: accelEnd, speed0: v2[j].squareRoot(), speed1: c, accel: a)
                append(from: accelEnd, to: brakeStart, speed0: c, speed1: c, accel: 0)
                append(from: brakeStart, to: hi, speed0: c, speed1: v2[j + 1].squareRoot(), accel: -b)
            } else {
                let peakAt = min(hi, max(lo, (v2[j + 1] - v2[j] + 2 * b * hi + 2 * a * lo) / (2 * (a + b))))
                let peak = max(v2[j], v2[j + 1], v2[j] + 2 * a * (peakAt - lo)).squareRoot()
                append(from: lo, to: peakAt, speed0: v2[j].squareRoot(), speed1: peak, accel: a)
                append(from: peakAt, to: hi, speed0: peak, speed1: v2[j + 1].squareRoot(), accel: -b)
            }
        }
        self.phases = phases
        duration = time
    }

    /// Position and speed `time` seconds after the start; at rest at the end after `duration`.
    func sample(at time: Seconds) -> Sample {
        guard let first = phases.first else { return Sample(distance: endDistance, speed: 0, acceleration: 0) }
        if time <= 0 { return Sample(distance: startDistance, speed: first.startSpeed, acceleration: first.acceleration) }
        if time >= duration { return Sample(distance: endDistance, speed: 0, acceleration: 0) }
        var lo = 0, hi = phases.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if phases[mid].startTime <= time { lo = mid } else { hi = mid - 1 }
        }
        let p = phases[lo]
        let t = min(time - p.startTime, p.duration)
        let distance = p.startDistance + p.startSpeed * t + 0.5 * p.acceleration * t * t
        let speed = max(0, p.startSpeed + p.acceleration * t)
        return Sample(distance: min(p.endDistance, max(p.startDistance, distance)), speed: speed, acceleration: p.acceleration)
    }

    /// Index of the elementary interval holding `distance` (the one ending there if `upper`).
    private static func interval(containing distance: Meters, in x: [Meters], upper: Bool) -> Int {
        var lo = 0, hi = x.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if upper ? x[mid] < distance - 1e-6 : x[mid] <= distance + 1e-6 { lo = mid } else { hi = mid }
        }
        return lo
    }

    private static func knot(nearest distance: Meters, in x: [Meters]) -> Int {
        var best = 0
        var lo = 0, hi = x.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if x[mid] <= distance { lo = mid } else { hi = mid }
        }
        best = abs(x[lo] - distance) <= abs(x[hi] - distance) ? lo : hi
        return best
    }
}
