public import Geodesy
public import Positioning
public import RouteModel
public import Timekeeping

/// When to ask for a new route: once per off-route detection, one request at a time, a retry
/// after a failure, and (optionally) a periodic faster-route check. Pure: time comes from fixes.
public struct ReroutePolicy: Sendable {
    /// Tuning.
    public var options: RerouteOptions
    /// The request awaiting an answer, if any.
    public private(set) var pending: RerouteRequest?
    /// Routes taken so far (off-route and faster).
    public private(set) var rerouteCount = 0
    private var nextID = 1
    private var lastFailure: Timestamp?
    private var lastFasterCheck: Timestamp?

    /// A policy with `options`.
    public init(options: RerouteOptions = RerouteOptions()) {
        self.options = options
    }

    /// Forgets everything of a previous guidance.
    public mutating func reset() {
        pending = nil
        lastFailure = nil
        lastFasterCheck = nil
    }

    /// The request to send after `fix`, if any: when the follower just detected off-route, when a
    /// failed reroute is due for a retry while still off-route, or when a faster-route check is due.
    public mutating func evaluate(follower: RouteFollower, fix: Fix, offRouteDetected: Bool) -> RerouteRequest? {
        guard pending == nil, !follower.hasArrived, let origin = fix.coordinate else { return nil }
        let time = fix.time
        if follower.isOffRoute {
            let retryDue = lastFailure.flatMap { failure in time.map { $0.seconds(since: failure) >= options.retryInterval } } ?? false
            guard offRouteDetected || retryDue else { return nil }
            return makeRequest(.offRoute, follower: follower, fix: fix, origin: origin)
        }
        lastFailure = nil
        guard let faster = options.fasterRoute, let time, let progress = follower.progress else { return nil }
        guard let last = lastFasterCheck else {
            lastFasterCheck = time  // the first check only starts the clock, as Mapbox does
            return nil
        }
        guard time.seconds(since: last) >= faster.interval, progress.durationRemaining >= faster.minimumDurationRemaining else {
            return nil
        }
        lastFasterCheck = time
        return makeRequest(.fasterRoute, follower: follower, fix: fix, origin: origin)
    }

    /// Drops a pending off-route request once the vehicle is back on the route; returns it so the
    /// caller can report the reroute as cancelled (its answer will be ignored).
    public mutating func cancelIfBackOnRoute(_ follower: RouteFollower) -> RerouteRequest? {
        guard let request = pending, request.reason == .offRoute, !follower.isOffRoute else { return nil }
        pending = nil
        return request
    }

    /// Takes the pending request answered by `requestID`; nil for a stale or unknown answer.
    public mutating func resolve(_ requestID: Int) -> RerouteRequest? {
        guard let request = pending, request.id == requestID else { return nil }
        pending = nil
        return request
    }

    /// Records that a reroute failed at `time` (a retry waits `retryInterval`).
    public mutating func recordFailure(at time: Timestamp?) {
        lastFailure = time
    }

    /// Records that a new route was taken.
    public mutating func recordSuccess() {
        rerouteCount += 1
        lastFailure = nil
    }

    /// Whether a faster-route candidate saves enough over `durationRemaining` seconds.
    public func accepts(fasterRoute route: Route, durationRemaining: Seconds) -> Bool {
        guard let faster = options.fasterRoute else { return false }
        return route.duration <= durationRemaining - faster.minimumSaving
    }

    private mutating func makeRequest(_ reason: RerouteReason, follower: RouteFollower, fix: Fix, origin: Coordinate) -> RerouteRequest {
        let moving = (fix.speed ?? 0) >= follower.options.minimumSpeedForCourse
        let request = RerouteRequest(
            id: nextID, reason: reason, origin: origin, heading: moving ? fix.course : nil,
            waypoints: follower.remainingWaypoints, options: follower.route.options, time: fix.time)
        nextID += 1
        pending = request
        return request
    }
}

/// Tuning of `ReroutePolicy`.
public struct RerouteOptions: Sendable, Hashable {
    /// Seconds (fix time) after a failed reroute before retrying while still off-route.
    public var retryInterval: Seconds = 10
    /// The faster-route check; nil (the default) disables it.
    public var fasterRoute: FasterRouteOptions?

    /// Options with a 10 s retry and no faster-route check.
    public init(retryInterval: Seconds = 10, fasterRoute: FasterRouteOptions? = nil) {
        self.retryInterval = retryInterval
        self.fasterRoute = fasterRoute
    }
}

/// Tuning of the periodic faster-route check (Mapbox proactive rerouting, NAVIGATION.md §2.9).
public struct FasterRouteOptions: Sendable, Hashable {
    /// Seconds between checks (Mapbox 120 s).
    public var interval: Seconds
    /// A candidate must arrive at least this many seconds earlier.
    public var minimumSaving: Seconds
    /// No check when less than this many seconds remain (Mapbox 600 s).
    public var minimumDurationRemaining: Seconds

    /// Options with Mapbox's interval and gate and a one-minute minimum saving by default.
    public init(interval: Seconds = 120, minimumSaving: Seconds = 60, minimumDurationRemaining: Seconds = 600) {
        self.interval = interval
        self.minimumSaving = minimumSaving
        self.minimumDurationRemaining = minimumDurationRemaining
    }
}
