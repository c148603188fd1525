public import Geodesy
public import Timekeeping

/// Decides, fix by fix, whether the real receiver or the route simulator drives guidance:
/// `always`, `onPoorGPS` or `never`, as the Mapbox SDK's `SimulationMode` does, but handing back
/// without a backward jump.
///
/// A pure value-type state machine; times come in with every call (the gateway's clock), distances
/// are metres along the active route's geometry. In `onPoorGPS` the patience timer is armed by the
/// first real fix with an accuracy of at most `armingAccuracy` (20 m); once armed, simulation takes
/// over when no *qualified* real fix (accuracy in 0…`qualifiedAccuracy`, 100 m) has arrived for
/// `patience` (2.5 s); it hands back on the next qualified fix. If that fix lies behind the last
/// simulated position along the route by no more than its accuracy, the reported position is held
/// at the simulated distance (`Decision.holdAt`) until the real fix catches up, so the vehicle never
/// moves backwards.
public struct SimulationModeController: Sendable, Hashable {
    /// When the simulator drives.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// The simulator always drives the active route; real fixes are dropped.
        case always
        /// The simulator drives only while the real receiver gives no qualified fix.
        case onPoorGPS = "on_poor_gps"
        /// The simulator never drives.
        case never
    }

    /// What the gateway does with one real fix.
    public enum Decision: Sendable, Hashable {
        /// Use the fix as it is.
        case useReal
        /// Ignore it (the simulator drives).
        case drop
        /// Use the fix, but at this distance along the route (metres) instead of its own position:
        /// it lies behind the last position shown, within its accuracy.
        case holdAt(Meters)
    }

    /// A change the gateway publishes.
    public enum Event: Sendable, Hashable {
        /// The mode changed (by command or at `start`).
        case modeChanged(Mode)
        /// The simulator started driving.
        case simulationBegan
        /// The simulator stopped driving (real fixes drive again).
        case simulationEnded
    }

    /// Thresholds; accuracies in metres (95 %), patience in seconds.
    public struct Options: Sendable, Hashable {
        /// A real fix at most this inaccurate is qualified (keeps or hands back control), metres.
        public var qualifiedAccuracy: Meters
        /// A real fix at most this inaccurate arms the patience timer, metres.
        public var armingAccuracy: Meters
        /// Seconds without a qualified fix before simulation takes over.
        public var patience: Double

        /// Mapbox's defaults: 100 m, 20 m, 2.5 s.
        public init(qualifiedAccuracy: Meters = 100, armingAccuracy: Meters = 20, patience: Double = 2.5) {
            self.qualifiedAccuracy = qualifiedAccuracy
            self.armingAccuracy = armingAccuracy
            self.patience = patience
        }
    }

    /// The thresholds.
    public let options: Options
    /// The current mode.
    public private(set) var mode: Mode
    /// Whether the simulator drives now.
    public private(set) var isSimulating = false
    /// When the last qualified real fix arrived, once a ≤ `armingAccuracy` fix armed the timer.
    private var lastQualified: Timestamp?
    /// The last simulated distance along the route, metres.
    private var simulatedDistance: Meters?
    /// The distance shown when simulation handed back; real fixes behind it are held there.
    private var holdFloor: Meters?

    /// A controller in `mode`.
    public init(mode: Mode = .never, options: Options = Options()) {
        self.mode = mode
        self.options = options
    }

    /// Switches mode at `time`; `routeActive` says whether there is a route to simulate.
    public mutating func setMode(_ newMode: Mode, at time: Timestamp, routeActive: Bool) -> [Event] {
        guard newMode != mode else { return [] }
        mode = newMode
        holdFloor = isSimulating ? simulatedDistance : nil
        if newMode == .never { lastQualified = nil }
        return [.modeChanged(newMode)] + tick(at: time, routeActive: routeActive)
    }

    /// Checks the patience timer at `time`; call it regularly (and on route changes).
    public mutating func tick(at time: Timestamp, routeActive: Bool) -> [Event] {
        let shouldSimulate: Bool
        switch mode {
        case .never: shouldSimulate = false
        case .always: shouldSimulate = routeActive
        case .onPoorGPS:
            if !routeActive {
                shouldSimulate = false
            } else if isSimulating {
                shouldSimulate = true
            } else if let last = lastQualified {
                shouldSimulate = time.seconds(since: last) >= options.patience
            } else {
                shouldSimulate = false
            }
        }
        return transition(to: shouldSimulate)
    }

    /// Judges a real fix of accuracy `horizontalAccuracy` (metres; nil unknown) arriving at `time`,
    /// lying `distanceAlongRoute` metres along the active route (nil: no route or not on it).
    public mutating func realFix(at time: Timestamp, horizontalAccuracy: Meters?, distanceAlongRoute: Meters?,
                                 routeActive: Bool) -> (decision: Decision, events: [Event]) {
        var events = tick(at: time, routeActive: routeActive)
        if mode == .always && routeActive { return (.drop, events) }
        let accuracy = horizontalAccuracy ?? -1
        let qualified = accuracy >= 0 && accuracy <= options.qualifiedAccuracy
        if mode == .onPoorGPS && qualified {
            if lastQualified != nil || accuracy <= options.armingAccuracy { lastQualified = time }
            if isSimulating {
                holdFloor = simulatedDistance
                events += transition(to: false)
            }
        }
        if isSimulating { return (.drop, events) }
        return (hold(distanceAlongRoute, accuracy: accuracy), events)
    }

    /// Records where the simulator put the vehicle, metres along the route.
    public mutating func simulatedFix(distanceAlongRoute: Meters) {
        simulatedDistance = distanceAlongRoute
    }

    private mutating func hold(_ distance: Meters?, accuracy: Meters) -> Decision {
        guard let floor = holdFloor, let distance else { holdFloor = nil; return .useReal }
        if distance >= floor || floor - distance > max(0, accuracy) {
            holdFloor = nil
            return .useReal
        }
        return .holdAt(floor)
    }

    private mutating func transition(to simulate: Bool) -> [Event] {
        guard simulate != isSimulating else { return [] }
        isSimulating = simulate
        if simulate { holdFloor = nil; return [.simulationBegan] }
        return [.simulationEnded]
    }
}
