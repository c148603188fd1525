public import Positioning
public import RouteModel
public import Simulation
public import Timekeeping
import SystemIO

/// Waygate's drive simulator as a location source (id `simulator`): a `SimulatedDrive` paced by
/// an injected `TimeSource` through a `PacedDrive`, the pacing rule the gateway's built-in
/// simulator follows too.
///
/// The drive starts (fix 0) at `startTime`, or when `events()` is first called at the time
/// source's "now" if none was given. Emits
/// `.device(.connected, driver: "simulator")`, then for every fix its NMEA sentences, the fix
/// (`isSimulated`) and the sky, each cycle held back until the fix time comes; a batch is what
/// one tick reports (one fix's cycle, or after a stall those of the fixes still reported). Pace it ×N with an
/// `AcceleratedTimeSource`: any multiplier > 0 gives the same fixes. A consumer that stalls does
/// not get a burst afterwards: of the fixes that fell due meanwhile only the newest
/// `maximumCatchUp` are reported (the vehicle kept driving; the others are skipped without
/// being encoded). At the end of the route the vehicle parks and keeps reporting once per fix
/// interval; the stream only ends when cancelled.
public final class SimulatedSource: LocationSource {
    /// Always `simulator`.
    public let id = SourceID.simulator
    /// Most fixes reported at once after a stall (≥ 1).
    public let maximumCatchUp: Int
    private let timeSource: any TimeSource
    private let skyModel: SkyModel
    private let startTime: Timestamp?
    private let state: Locked<DriveState>
    private let shared = SharedStatistics()

    /// The route to drive and, once driving, the paced drive.
    private struct DriveState: Sendable {
        var route: Route
        var options: RouteSimulator.Options
        var paced: PacedDrive<SimulatedDrive>?
    }

    /// A simulator of `route` with `options` (noise and its seed included), paced by
    /// `timeSource`, with fix 0 at `startTime` (default: when the drive starts); throws the
    /// simulator's error for an empty route or an option out of range.
    public init(route: Route, options: RouteSimulator.Options = RouteSimulator.Options(), timeSource: any TimeSource,
                startTime: Timestamp? = nil, skyModel: SkyModel = SkyModel(),
                maximumCatchUp: Int = PacedDrive<SimulatedDrive>.defaultMaximumCatchUp) throws(SimulationError) {
        _ = try RouteSimulator(route: route, options: options, startTime: timeSource.now())
        self.timeSource = timeSource
        self.skyModel = skyModel
        self.startTime = startTime
        self.maximumCatchUp = max(1, maximumCatchUp)
        state = Locked(DriveState(route: route, options: options, paced: nil))
    }

    /// Counters and device state so far.
    public var statistics: SourceStatistics { shared.value }

    /// Whether the vehicle is parked at the end of its (current) route.
    public var isFinished: Bool { state.withLock { $0.paced?.drive.isFinished ?? false } }

    /// Hands the vehicle a new route mid-drive: it continues from its current position, projected
    /// onto `route`, at its current speed, on the same time grid. Before the drive starts, the
    /// new route simply replaces the old one.
    public func reroute(to route: Route) throws(SimulationError) {
        try state.withLock { s throws(SimulationError) in
            if s.paced == nil {
                _ = try RouteSimulator(route: route, options: s.options, startTime: timeSource.now())
                s.route = route
            } else {
                try s.paced?.drive.reroute(to: route)
            }
        }
    }

    /// Starts the drive (see the type's summary) and returns its events.
    public func events() -> AsyncStream<[SourceEvent]> {
        let session = SimulationSession(source: self)
        return AsyncStream(unfolding: { await session.next() })
    }

    /// The paced drive, created on first use: fix 0 at `startTime`, or now.
    fileprivate func startIfNeeded() {
        let now = timeSource.now()
        state.withLock { s in
            guard s.paced == nil, let simulator = try? RouteSimulator(route: s.route, options: s.options, startTime: startTime ?? now) else { return }
            s.paced = PacedDrive(SimulatedDrive(simulator: simulator, skyModel: skyModel), at: now, maximumCatchUp: maximumCatchUp)
        }
    }

    /// When (on the time source) the next fix falls due.
    fileprivate var wakeTime: Timestamp? { state.withLock { $0.paced?.wakeTime } }

    /// The events of the fixes due at `now` under the pacing rule.
    fileprivate func dueEvents(at now: Timestamp) -> [SourceEvent] {
        state.withLock { s in s.paced?.dueReports(at: now).flatMap { $0 } ?? [] }
    }

    fileprivate func record(_ events: [SourceEvent]) { shared.update { s in for e in events { s.record(e) } } }

    fileprivate var clock: any TimeSource { timeSource }
}

/// One session of a `SimulatedSource`: hands out its events a tick at a time, sleeping until
/// each fix cycle is due (the clocked loop around the source's `PacedDrive`).
private actor SimulationSession {
    private let source: SimulatedSource
    private var started = false

    init(source: SimulatedSource) { self.source = source }

    /// The next tick's events once they are due; nil when the consumer is cancelled.
    func next() async -> [SourceEvent]? {
        var events: [SourceEvent] = []
        if !started {
            started = true
            source.startIfNeeded()
            events = [.device(.connected, driver: "simulator", baud: nil)]
        }
        while events.isEmpty {
            guard let wake = source.wakeTime else { return nil }
            do {
                try await source.clock.sleep(until: wake)
            } catch {
                return nil
            }
            // The fix it slept for is due, even when an accelerated clock's rounding reads a hair before it.
            events = source.dueEvents(at: max(wake, source.clock.now()))
        }
        source.record(events)
        return events
    }
}
