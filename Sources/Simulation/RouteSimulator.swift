public import Geodesy
public import Positioning
public import RouteModel
public import Timekeeping

/// Drives a simulated vehicle along a route and reports a fix every `fixInterval` seconds.
///
/// A pure, deterministic state machine: time is only ever passed in. At set-up it computes a
/// kinematic speed profile along the route (cruise at the annotated or step speed under the
/// limits and the cap, slow down for turns, bounded acceleration and braking, rest at the end),
/// integrated in closed form, so fix `k` is always at `startTime + k × fixInterval` and its
/// position is exact whatever sequence of `advance(to:)` / `next()` calls produced it. A speed
/// multiplier is therefore only a matter of pacing those calls (the runtime's job): 0.5×, 1× or
/// 100× give identical fixes. After the route ends the vehicle parks at the final coordinate and
/// keeps reporting at speed 0; `reroute` continues from the current position and speed.
public struct RouteSimulator: StepwiseDrive {
    /// The options the simulator was made with.
    public let options: Options
    /// Time of fix 0 (the start of the drive).
    public let startTime: Timestamp
    private var path: DrivePath
    private var profile: SpeedProfile
    private var noise: NoiseModel
    /// Index of the next fix to report.
    private var nextIndex = 0
    /// Fix index at which the current profile's time 0 lies.
    private var profileOrigin = 0
    /// Distance driven on routes replaced by `reroute`, metres.
    private var earlierDistance: Meters = 0

    /// A simulator driving `route` (its `geometry`, or its steps' geometry when that is empty),
    /// reading speeds, limits and roundabouts from its legs and steps; fix 0 is at `startTime`.
    public init(route: Route, options: Options = Options(), startTime: Timestamp) throws(SimulationError) {
        try options.validate()
        let drive = try Self.drive(route: route, options: options, start: .distance(options.startDistance), speed: options.initialSpeed)
        self.init(options: options, startTime: startTime, path: drive.path, profile: drive.profile,
                  noise: try NoiseModel(options: options.noise, interval: options.fixInterval))
    }

    /// A simulator driving along `polyline`, with optional speed limits per segment (m/s, element
    /// `i` between coordinates `i` and `i + 1`) and elevations per coordinate (metres).
    public init(polyline: [Coordinate], segmentSpeedLimits: [MetersPerSecond?]? = nil, elevations: [Meters]? = nil,
                options: Options = Options(), startTime: Timestamp) throws(SimulationError) {
        try options.validate()
        let drive = try Self.drive(polyline: polyline, segmentSpeedLimits: segmentSpeedLimits, elevations: elevations,
                                   options: options, start: .distance(options.startDistance), speed: options.initialSpeed)
        self.init(options: options, startTime: startTime, path: drive.path, profile: drive.profile,
                  noise: try NoiseModel(options: options.noise, interval: options.fixInterval))
    }

    private init(options: Options, startTime: Timestamp, path: DrivePath, profile: SpeedProfile, noise: NoiseModel) {
        self.options = options
        self.startTime = startTime
        self.path = path
        self.profile = profile
        self.noise = noise
    }

    // MARK: - Reporting fixes

    /// When the next fix is due.
    public var nextFixTime: Timestamp { time(ofFix: nextIndex) }

    /// Seconds between fixes (`options.fixInterval`).
    public var fixInterval: Seconds { options.fixInterval }

    /// The next fix (whatever the time), advancing the simulator by one interval.
    public mutating func next() -> Fix {
        let exact = exactFix(index: nextIndex)
        let distance = distanceAlong(index: nextIndex)
        nextIndex += 1
        return noise.isEnabled ? noise.apply(to: exact, distanceAlong: distance) : exact
    }

    /// Skips the next fix: the simulator advances by one interval and the noise model draws as
    /// for a reported fix, so the fixes after it are the same as if it had been reported.
    public mutating func skip() {
        _ = next()
    }

    /// Every fix due at or before `time` and not yet reported, oldest first (none before
    /// `startTime`). The caller bounds the catch-up: a time far ahead yields that many fixes.
    public mutating func advance(to time: Timestamp) -> [Fix] {
        let elapsed = time.seconds(since: startTime)
        var fixes: [Fix] = []
        while Double(nextIndex) * options.fixInterval <= elapsed + 1e-9 {
            fixes.append(next())
        }
        return fixes
    }

    /// The exact, noise-free fix at any `time` (between fix times too) on the current route,
    /// without advancing; a time before the last reroute gives the new route's start.
    public func fix(at time: Timestamp) -> Fix {
        let t = time.seconds(since: startTime) - Double(profileOrigin) * options.fixInterval
        return makeFix(time: time, sample: profile.sample(at: t))
    }

    // MARK: - Progress

    /// Distance driven up to the last reported fix, metres, across reroutes.
    public var distanceTraveled: Meters {
        earlierDistance + distanceAlong(index: max(0, nextIndex - 1)) - profile.startDistance
    }

    /// Metres along the current route's geometry of the last reported fix.
    public var distanceAlongRoute: Meters { distanceAlong(index: max(0, nextIndex - 1)) }

    /// Length of the current route's geometry, metres.
    public var routeLength: Meters { path.length }

    /// Whether the last reported fix is parked at the end of the route.
    public var isFinished: Bool {
        nextIndex > 0 && Double(nextIndex - 1 - profileOrigin) * options.fixInterval >= profile.duration
    }

    /// Seconds the current drive takes from its start (or last reroute) until it parks.
    public var driveDuration: Seconds { profile.duration }

    // MARK: - Rerouting

    /// Switches to `route` mid-drive: the vehicle continues from `coordinate` (by default its
    /// position at the last reported fix) projected onto the new route, at its current speed, and
    /// fixes stay on the same time grid. `tunnels` are the new route's no-fix stretches.
    public mutating func reroute(to route: Route, at coordinate: Coordinate? = nil,
                                 tunnels: [ClosedRange<Meters>] = []) throws(SimulationError) {
        let state = currentState(coordinate)
        let drive = try Self.drive(route: route, options: options, start: .coordinate(state.coordinate), speed: state.speed)
        switchTo(drive, from: state.distance, tunnels: tunnels)
    }

    /// Switches to a bare polyline mid-drive, as `reroute(to:at:tunnels:)` does for a route.
    public mutating func reroute(toPolyline polyline: [Coordinate], segmentSpeedLimits: [MetersPerSecond?]? = nil,
                                 elevations: [Meters]? = nil, at coordinate: Coordinate? = nil,
                                 tunnels: [ClosedRange<Meters>] = []) throws(SimulationError) {
        let state = currentState(coordinate)
        let drive = try Self.drive(polyline: polyline, segmentSpeedLimits: segmentSpeedLimits, elevations: elevations,
                                   options: options, start: .coordinate(state.coordinate), speed: state.speed)
        switchTo(drive, from: state.distance, tunnels: tunnels)
    }

    private func currentState(_ coordinate: Coordinate?) -> (coordinate: Coordinate, distance: Meters, speed: MetersPerSecond) {
        let anchor = max(0, nextIndex - 1)
        let sample = profile.sample(at: Double(anchor - profileOrigin) * options.fixInterval)
        return (coordinate ?? path.coordinate(at: sample.distance), sample.distance, sample.speed)
    }

    private mutating func switchTo(_ drive: Drive, from oldDistance: Meters, tunnels: [ClosedRange<Meters>]) {
        earlierDistance += oldDistance - profile.startDistance
        path = drive.path
        profile = drive.profile
        profileOrigin = max(0, nextIndex - 1)
        noise.setTunnels(tunnels)
    }

    // MARK: - Building fixes

    private func time(ofFix index: Int) -> Timestamp { startTime.adding(Double(index) * options.fixInterval) }

    private func sample(index: Int) -> SpeedProfile.Sample {
        profile.sample(at: Double(index - profileOrigin) * options.fixInterval)
    }

    private func distanceAlong(index: Int) -> Meters { sample(index: index).distance }

    private func exactFix(index: Int) -> Fix { makeFix(time: time(ofFix: index), sample: sample(index: index)) }

    private func makeFix(time: Timestamp, sample: SpeedProfile.Sample) -> Fix {
        // Without an altitude the fix is 2D, as every trace reader and gpsd (reading the GGA that
        // carries none) say of such a fix: one drive reads the same in-process and through NMEA.
        let altitude = path.elevation(at: sample.distance) ?? options.altitude
        var fix = Fix(time: time, mode: altitude == nil ? .twoD : .threeD, coordinate: path.coordinate(at: sample.distance),
                      isSimulated: true)
        fix.speed = sample.speed
        fix.course = path.course(at: sample.distance, window: options.courseWindow)
        fix.horizontalAccuracy = options.horizontalAccuracy
        if let altitude {
            fix.altitudeMSL = altitude
            fix.verticalAccuracy = options.verticalAccuracy
            fix.climb = (path.grade(at: sample.distance) ?? 0) * sample.speed
        }
        return fix
    }
}
