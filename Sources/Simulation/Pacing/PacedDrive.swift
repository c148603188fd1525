import Geodesy
public import Timekeeping

/// A `StepwiseDrive` in real time: the one pacing rule every clocked loop driving a simulator
/// follows (the gateway's `always` / `on_poor_gps` simulator and `SimulatedSource`).
///
/// - **When.** Simulated time runs `speedMultiplier` times as fast as the runtime's clock from the
///   moment the drive was paced (`init(_:at:)`): simulated time = that moment + (clock − that
///   moment) × multiplier. `wakeTime` is the clock time the next fix falls due; the loop sleeps
///   until then and asks `dueReports(at:)`.
/// - **Catch-up.** Of the fixes due at a given time, only the newest `maximumCatchUp` are reported;
///   older ones are skipped (`StepwiseDrive.skip`, nothing encoded): after a stall — the loop busy,
///   the machine suspended, the clock jumping ahead — the vehicle has kept driving and its consumer
///   gets where it is now, not a burst of stale fixes.
/// - **Multiplier changes** (`setSpeedMultiplier(_:at:)`) only change how fast simulated time runs
///   from then on; the fixes stay on the drive's grid and simulated time does not jump.
/// - **Reroute** is the drive's own (`drive.reroute…`): position, speed and grid are kept.
///
/// A pure value: the runtime passes its clock's `now` in; nothing here reads a clock.
public struct PacedDrive<Drive: StepwiseDrive>: Sendable {
    /// Most fixes reported at once unless a caller asks otherwise: one, the current position.
    public static var defaultMaximumCatchUp: Int { 1 }

    /// Simulated seconds of rounding allowed when deciding what is due: instants near 2026 are
    /// only exact to 0.24 µs, so a fix whose time was rounded up by a few ulps still counts as due
    /// at its own wake time.
    private static var tolerance: Seconds { 1e-6 }

    /// The drive being paced; reroute it here (`drive.reroute(to:)`), the pacing carries on.
    public var drive: Drive
    /// Most fixes reported by one `dueReports(at:)` (≥ 1); older due fixes are skipped.
    public let maximumCatchUp: Int
    /// Simulated seconds per second of the runtime's clock, within
    /// `AcceleratedTimeSource.multiplierRange`.
    public private(set) var speedMultiplier: Double
    /// The clock reading at which simulated time was last anchored (start or multiplier change).
    private var clockAnchor: Timestamp
    /// Simulated time at `clockAnchor`.
    private var simulatedAnchor: Timestamp

    /// Paces `drive` from `now` (the runtime clock's reading, which is also simulated "now": a
    /// drive started at `now` has its fix 0 due at once), `speedMultiplier` simulated seconds per
    /// clock second (clamped into `AcceleratedTimeSource.multiplierRange`, NaN read as 1),
    /// reporting at most `maximumCatchUp` (≥ 1) fixes at a time.
    public init(_ drive: Drive, at now: Timestamp, speedMultiplier: Double = 1, maximumCatchUp: Int = Self.defaultMaximumCatchUp) {
        self.drive = drive
        self.maximumCatchUp = max(1, maximumCatchUp)
        self.speedMultiplier = Self.clamped(speedMultiplier)
        clockAnchor = now
        simulatedAnchor = now
    }

    /// The clock time at which the drive's next fix falls due: what the loop sleeps until.
    public var wakeTime: Timestamp {
        clockAnchor.adding(drive.nextFixTime.seconds(since: simulatedAnchor) / speedMultiplier)
    }

    /// The reports of the fixes due at clock time `now`, oldest first: none before `wakeTime`;
    /// else, of the fixes due, the newest `maximumCatchUp`, the older ones skipped.
    public mutating func dueReports(at now: Timestamp) -> [Drive.Report] {
        let due = dueCount(at: now)
        let reported = min(due, maximumCatchUp)
        for _ in 0..<(due - reported) { drive.skip() }
        var reports: [Drive.Report] = []
        reports.reserveCapacity(reported)
        for _ in 0..<reported { reports.append(drive.next()) }
        return reports
    }

    /// Runs simulated time `multiplier` times as fast as the clock from `now` on (clamped as in
    /// `init`); simulated time at `now` and the fixes' grid are unchanged.
    public mutating func setSpeedMultiplier(_ multiplier: Double, at now: Timestamp) {
        simulatedAnchor = simulatedTime(at: now)
        clockAnchor = now
        speedMultiplier = Self.clamped(multiplier)
    }

    /// Simulated time at clock time `now`.
    func simulatedTime(at now: Timestamp) -> Timestamp {
        simulatedAnchor.adding(now.seconds(since: clockAnchor) * speedMultiplier)
    }

    /// How many fixes have fallen due by clock time `now`: 0 before the next one's time, else it
    /// and every whole interval of simulated time since. At `wakeTime` itself the next fix is due
    /// whatever the rounding, so a loop that slept until then always makes progress.
    private func dueCount(at now: Timestamp) -> Int {
        let late = simulatedTime(at: now).seconds(since: drive.nextFixTime) + Self.tolerance
        guard late >= 0 || now >= wakeTime else { return 0 }
        // Bounded so that a clock leaping centuries ahead cannot overflow Int (it skips a lot).
        return Int(min(max(0, late) / drive.fixInterval, 1e15).rounded(.down)) + 1
    }

    private static func clamped(_ multiplier: Double) -> Double {
        let range = AcceleratedTimeSource.multiplierRange
        return multiplier.isNaN ? 1 : min(max(multiplier, range.lowerBound), range.upperBound)
    }
}
