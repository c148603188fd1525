import Timekeeping
public import Geodesy
public import Positioning
public import RouteModel

/// Whether a route is being followed; raw values are the wire spellings.
public enum NavigationMode: String, Sendable, Hashable {
    /// No route: the map matcher's output is the product (MATCH events).
    case freeDrive = "free_drive"
    /// Following a route: PROGRESS, BANNER, VOICE, REROUTE and ARRIVAL events.
    case activeGuidance = "active_guidance"
}

/// The navigation session: free drive ↔ active guidance around one `RouteFollower`, the reroute
/// policy and the camera. The Gateway feeds it every fix and executes the reroute requests it
/// emits with its `RouteProvider`, handing answers back with `receiveRoute`/`receiveRouteFailure`.
///
/// Starting or stopping guidance never touches the fix stream: the same session keeps its last
/// fix and camera across the switch (Mapbox's one shared navigator, NAVIGATION.md §3).
public struct NavigationSession: Sendable {
    /// The current mode.
    public private(set) var mode: NavigationMode = .freeDrive
    /// The follower of the current route, in active guidance.
    public private(set) var follower: RouteFollower?
    /// The navigation camera.
    public private(set) var camera: CameraController
    /// The reroute policy.
    public private(set) var reroutePolicy: ReroutePolicy
    /// Tuning of the followers this session creates.
    public var followerOptions: FollowerOptions
    /// The latest fix with a position.
    public private(set) var lastFix: Fix?
    private var startedRouteID: String?

    /// A session in free drive.
    public init(followerOptions: FollowerOptions = FollowerOptions(), rerouteOptions: RerouteOptions = RerouteOptions(),
                camera: CameraController = CameraController()) {
        self.followerOptions = followerOptions
        self.reroutePolicy = ReroutePolicy(options: rerouteOptions)
        self.camera = camera
    }

    /// Identifier of the route being followed, in active guidance.
    public var routeID: String? { follower?.routeID }

    /// Starts guidance along `route` (or replaces the route being followed). Emits SESSION, then
    /// the first progress, banner and camera frame when a fix is already known. Throws
    /// `NavigationError` for an unusable route, leaving the session unchanged.
    public mutating func start(route: Route, routeID: String) throws(NavigationError) -> [NavigationEvent] {
        let newFollower = try RouteFollower(route: route, routeID: routeID, options: followerOptions)
        let previous = mode
        follower = newFollower
        startedRouteID = routeID
        mode = .activeGuidance
        reroutePolicy.reset()
        var events: [NavigationEvent] = [.session(SessionEvent(mode: .activeGuidance, previous: previous, routeID: routeID))]
        if let fix = lastFix { events += guide(with: fix, road: nil) }
        return events
    }

    /// How far back a fix time may go before it counts as a jump of the clock rather than a
    /// repeated or reordered fix, seconds.
    public static let clockJumpTolerance: Seconds = 30

    /// Ends guidance and returns to free drive (SESSION); nothing when already in free drive.
    public mutating func stop() -> [NavigationEvent] {
        guard mode == .activeGuidance else { return [] }
        let routeID = follower?.routeID
        endGuidance()
        return [.session(SessionEvent(mode: .freeDrive, previous: .activeGuidance, routeID: routeID))]
    }

    /// Feeds one fix. In active guidance: progress, instructions, arrival (the final one returns to
    /// free drive), off-route and reroute requests; in both modes: camera frames. `road` is what
    /// the map matcher made of the fix, when the Gateway has a map: the camera follows its position
    /// in free drive, and guidance uses it when it is sure enough (see `RoadMatch`).
    /// Fixes without a valid position are ignored, and so are fixes up to `clockJumpTolerance`
    /// older than the previous one (a receiver repeating itself); an older fix than that is a
    /// clock that jumped back (a week-rollover bug, a replay from the past, the simulator taking
    /// over from a receiver whose clock was ahead): it starts a new time base and is followed.
    public mutating func update(with raw: Fix, road: RoadMatch? = nil) -> [NavigationEvent] {
        let fix = raw.sanitizedForNavigation
        guard fix.hasPosition, let coordinate = fix.coordinate, coordinate.isValid else { return [] }
        if let time = fix.time, let previous = lastFix?.time, time < previous,
            previous.seconds(since: time) <= Self.clockJumpTolerance { return [] }
        lastFix = fix
        if mode == .activeGuidance { return guide(with: fix, road: road) }
        return camera.update(with: CameraInput(time: fix.time, location: road?.coordinate ?? coordinate, course: fix.course, speed: fix.speed))
    }

    /// Asks the camera for a state (the `camera` command).
    public mutating func requestCamera(_ request: CameraRequest) -> [NavigationEvent] {
        camera.request(request)
    }

    /// Hands back the route answering reroute request `requestID`. A faster-route candidate is
    /// taken only if it saves enough time. Stale answers (another request since, or guidance
    /// stopped) are ignored.
    public mutating func receiveRoute(_ route: Route, for requestID: Int) -> [NavigationEvent] {
        guard mode == .activeGuidance, var current = follower, let request = reroutePolicy.resolve(requestID) else { return [] }
        let oldID = current.routeID
        if request.reason == .fasterRoute {
            let remaining = current.progress?.durationRemaining ?? .infinity
            guard reroutePolicy.accepts(fasterRoute: route, durationRemaining: remaining) else {
                return [.reroute(RerouteEvent(reason: .fasterRoute, state: .failed("route is not faster"), routeID: oldID))]
            }
        }
        let newID = "\(startedRouteID ?? oldID)-\(reroutePolicy.rerouteCount + 1)"
        let resnapped: [NavigationEvent]
        do {
            resnapped = try current.setRoute(route, routeID: newID)
        } catch {
            reroutePolicy.recordFailure(at: lastFix?.time)
            return [.reroute(RerouteEvent(reason: request.reason, state: .failed(error.description), routeID: oldID))]
        }
        follower = current
        reroutePolicy.recordSuccess()
        return [.reroute(RerouteEvent(reason: request.reason, state: .succeeded, routeID: newID))] + resnapped + updateCamera()
    }

    /// Reports that reroute request `requestID` failed with `message`; stale ids are ignored.
    public mutating func receiveRouteFailure(_ message: String, for requestID: Int) -> [NavigationEvent] {
        guard mode == .activeGuidance, let follower, let request = reroutePolicy.resolve(requestID) else { return [] }
        reroutePolicy.recordFailure(at: lastFix?.time)
        return [.reroute(RerouteEvent(reason: request.reason, state: .failed(message), routeID: follower.routeID))]
    }

    /// One fix (already sanitised) in active guidance.
    private mutating func guide(with fix: Fix, road: RoadMatch?) -> [NavigationEvent] {
        // Taken out for the update and put back after, not copied: a copy would retain and
        // release every reference the follower holds (its route, its track's arrays) on each fix.
        guard var current = follower.take() else { return [] }
        var events = current.update(sanitized: fix, road: road)
        let detected = events.contains { if case .offRouteDetected = $0 { true } else { false } }
        if current.hasArrived {
            let routeID = current.routeID
            follower = consume current
            events += updateCamera()
            endGuidance()
            events.append(.session(SessionEvent(mode: .freeDrive, previous: .activeGuidance, routeID: routeID)))
            return events
        }
        if let cancelled = reroutePolicy.cancelIfBackOnRoute(current) {
            events.append(.reroute(RerouteEvent(
                reason: cancelled.reason, state: .failed("cancelled: back on the route"), routeID: current.routeID)))
        }
        if let request = reroutePolicy.evaluate(follower: current, fix: fix, offRouteDetected: detected) {
            events.append(.reroute(RerouteEvent(reason: request.reason, state: .started(request), routeID: current.routeID)))
        }
        follower = consume current
        return events + updateCamera()
    }

    /// Feeds the camera the latest position: snapped with route context in guidance, raw otherwise.
    private mutating func updateCamera() -> [NavigationEvent] {
        guard let fix = lastFix, let coordinate = fix.coordinate else { return [] }
        let speed = max(0, fix.speed ?? 0)
        let lookahead = max(camera.options.minimumLookahead, speed * 8)
        guard let context = follower?.cameraContext(bearingLookahead: lookahead) else {
            return camera.update(with: CameraInput(time: fix.time, location: coordinate, course: fix.course, speed: fix.speed))
        }
        return camera.update(with: CameraInput(
            time: fix.time, location: context.location, course: fix.course, speed: fix.speed, guidance: context))
    }

    private mutating func endGuidance() {
        mode = .freeDrive
        follower = nil
        startedRouteID = nil
        reroutePolicy.reset()
    }
}
