public import LocationSources
public import Geodesy
import Guidance
import MapMatching
public import Navigation
import Positioning
public import RoadGraph
public import Routing
public import RouteModel
public import Simulation
import SystemIO
public import Timekeeping

/// The heart of the daemon: reads every location source at once, matches fixes to the road
/// network, runs the navigation session, and publishes everything on one `EventBus`.
///
/// Sources are never restarted by the gateway: each one's stream is read for the gateway's whole
/// life; free drive ↔ active guidance only changes the navigation session, and the matcher's
/// state is kept across the switch.
public actor Gateway {
    /// What the gateway runs with besides its sources.
    public struct Configuration: Sendable {
        /// The road network, for matching, the `route` command and rerouting; nil runs without
        /// (no MATCH, guidance on routes from files or inline JSON only, no rerouting).
        public var map: RoadGraph?
        /// Contraction hierarchies of `map` (as `MapStore` loads them) for fast best routes; empty plans by A* only.
        public var hierarchies: [ContractionHierarchy]
        /// The planner `MapStore` made over `map` and `hierarchies`, reused so its per-graph tables are
        /// not computed a second time at start; nil makes one.
        public var planner: RoutePlanner?
        /// Guidance tuning.
        public var followerOptions: FollowerOptions
        /// When the built-in simulator drives the active route instead of the real sources.
        public var simulationMode: SimulationModeController.Mode
        /// How much faster than real time the built-in simulator drives (> 0).
        public var speedMultiplier: Double

        /// A configuration; everything optional.
        public init(map: RoadGraph? = nil, hierarchies: [ContractionHierarchy] = [], planner: RoutePlanner? = nil,
                    followerOptions: FollowerOptions = FollowerOptions(), simulationMode: SimulationModeController.Mode = .never,
                    speedMultiplier: Double = 1) {
            self.map = map
            self.hierarchies = hierarchies
            self.planner = planner
            self.followerOptions = followerOptions
            self.simulationMode = simulationMode
            self.speedMultiplier = speedMultiplier
        }
    }

    private let sources: [any LocationSource]
    let timeSource: any TimeSource
    /// Where every event goes.
    public let bus: EventBus
    /// Events of the batch being handled (a source's read, a simulated fix), published together
    /// when it is done (nil outside one).
    var batch: [GatewayEvent]?
    /// The configuration it runs with.
    public let configuration: Configuration
    private var matcher: OnlineMatcher?
    /// The route the matcher's horizon is laid along (`layHorizon`), by id; nil in free drive.
    private var horizonRouteID: String?
    /// The edges of the route guidance follows, by route id, once known: at once for a route
    /// planned on this map, else when `layHorizon`'s job has laid its line on the map.
    private var routePath: (routeID: String, path: RoutePath?)?
    private let router: MapRouter?
    /// The routes of the last `route` command, best (or selected) first, with their edges.
    private var plannedRoutes: [(route: Route, path: RoutePath)] = []
    var session: NavigationSession
    var fixCount = 0
    var lastFix: Fix?
    /// The time of each source's last fix, for `noteClockJump`.
    var lastFixTimes: [SourceID: Timestamp] = [:]
    /// Simulation mode state and the built-in simulator's runtime (see Gateway+Simulation).
    var simulation: SimulationDriver
    private var routeCounter = 0

    /// A gateway over `sources`, stamping non-fix events with `timeSource` and publishing on `bus`.
    public init(sources: [any LocationSource], timeSource: any TimeSource, configuration: Configuration = Configuration(),
                bus: EventBus) {
        self.sources = sources
        self.timeSource = timeSource
        self.bus = bus
        self.configuration = configuration
        matcher = configuration.map.map { OnlineMatcher(graph: $0) }
        router = configuration.planner.map(MapRouter.init(planner:))
            ?? configuration.map.map { MapRouter(graph: $0, hierarchies: configuration.hierarchies) }
        session = NavigationSession(followerOptions: configuration.followerOptions)
        simulation = SimulationDriver(mode: configuration.simulationMode, speedMultiplier: configuration.speedMultiplier)
    }

    /// The actor's executor: a source's reader thread enters it to handle a read (`take`).
    let executor = ExclusiveExecutor()

    /// Runs the actor's jobs on `executor`.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Reads all sources until every finite one has ended and the task is cancelled.
    public func run() async {
        startSimulationLoopIfNeeded()
        await withTaskGroup(of: Void.self) { group in
            for source in sources {
                group.addTask { [self] in
                    let id = source.id
                    let live = source.isLive
                    await source.run { events in self.take(events, from: id, live: live) }
                }
            }
        }
    }

    /// Handles one read's batch on the calling thread (a serial or gpsd source's reader thread,
    /// another source's pump): the gateway's turns inside its executor's exclusive region, each
    /// followed by the deferred outlets (encoding and the write to idle clients) on this thread
    /// too, off the actor — so a fix goes from the device to a client's socket without a thread
    /// hand-off. From a `live` source the batch is cut after each fix: one turn publishes the
    /// source events up to and including the fix (its LOCATION leaves at once), the next one
    /// matches and guides it (MATCH, PROGRESS, CAMERA… follow), so the LOCATION does not wait for
    /// matching and guidance. Any other batch (a replay as fast as possible) is one turn.
    nonisolated func take(_ events: [SourceEvent], from source: SourceID, live: Bool) {
        guard live else {
            turn { $0.inBatch(reserving: events.count + 4) { $0.handleAndFollow(events[...], from: source) } }
            return
        }
        var rest = events[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(where: { if case .fix = $0 { true } else { false } }).map { $0 + 1 } ?? rest.endIndex
            let segment = rest[..<end]
            rest = rest[end...]
            if let accepted = turn({ $0.inBatch(reserving: segment.count + 2) { $0.handleSource(segment, from: source) } }) {
                turn { $0.inBatch { $0.follow(accepted.fix, time: accepted.time) } }
            }
        }
    }

    /// Runs `body` as a gateway turn on the calling thread, then delivers what it published to
    /// the idle deferred outlets, on this thread too.
    @discardableResult
    private nonisolated func turn<T: Sendable>(_ body: (isolated Gateway) -> T) -> T {
        let result = EventBus.deferring { executor.run { assumeIsolated(body) } }
        bus.deliverDeferred()
        return result
    }

    /// Runs `body`, publishing what it emits as one bus batch (room for `capacity` events made
    /// at once).
    func inBatch<T>(reserving capacity: Int = 4, _ body: (isolated Gateway) -> T) -> T {
        batch = []
        batch?.reserveCapacity(capacity)
        defer { flush() }
        return body(self)
    }

    /// Handles source events, following (matching and guiding) each fix as it comes.
    private func handleAndFollow(_ events: ArraySlice<SourceEvent>, from source: SourceID) {
        for event in events {
            if case .fix(let raw) = event {
                if let accepted = accept(raw, from: source) { follow(accepted.fix, time: accepted.time) }
            } else {
                handleOther(event, from: source)
            }
        }
    }

    /// Handles source events without following their fixes; returns the last fix accepted
    /// (the only one when `events` end at their first fix, as `take` cuts them) and its time.
    private func handleSource(_ events: ArraySlice<SourceEvent>, from source: SourceID) -> AcceptedFix? {
        var accepted: AcceptedFix?
        for event in events {
            if case .fix(let raw) = event {
                if let fix = accept(raw, from: source) { accepted = fix }
            } else {
                handleOther(event, from: source)
            }
        }
        return accepted
    }

    /// A fix the gateway took (see `judgeRealFix`), with the time its events carry.
    struct AcceptedFix: Sendable {
        var fix: Fix
        var time: Timestamp
    }

    /// Handles a source's fix: counts it and emits it when taken; returns it to follow (match and guide).
    private func accept(_ raw: Fix, from source: SourceID) -> AcceptedFix? {
        fixCount += 1
        guard let fix = judgeRealFix(raw) else { return nil }
        noteClockJump(to: fix, from: source)
        lastFix = fix
        let time = fix.time ?? timeSource.now()
        emit(.source(.fix(fix), from: source, time: time))
        return AcceptedFix(fix: fix, time: time)
    }

    /// Handles a source event other than a fix (kept apart so that these, a receiver's most
    /// frequent, do not pass a fix-sized optional result): stamps and emits it.
    private func handleOther(_ event: SourceEvent, from source: SourceID) {
        let time: Timestamp
        switch event {
        case .fix(let raw):
            _ = accept(raw, from: source)
            return
        case .sky, .noise:
            time = lastFix?.time ?? timeSource.now()
        case .sentence, .device:
            time = timeSource.now()
        }
        emit(.source(event, from: source, time: time))
    }

    /// Says so when `fix` jumps back in time from `source`'s last fix (see `GatewayEvent.clockJump`).
    func noteClockJump(to fix: Fix, from source: SourceID) {
        guard let time = fix.time else { return }
        let previous = lastFixTimes.updateValue(time, forKey: source)
        guard let previous, previous.seconds(since: time) > NavigationSession.clockJumpTolerance else { return }
        emit(.clockJump(source: source, previous: previous, time: time))
    }

    /// Publishes `event`, or holds it for the batch being handled.
    func emit(_ event: GatewayEvent) {
        if batch != nil { batch?.append(event) } else { bus.publish([event]) }
    }

    /// Publishes the batch just handled.
    func flush() {
        if let events = batch { bus.publish(events) }
        batch = nil
    }

    func follow(_ fix: Fix, time: Timestamp) {
        guard fix.hasPosition else { return }
        if session.routeID != horizonRouteID { layHorizon() }
        let matched = matcher?.match(fix)
        if let matched { emit(.match(matched, time: time)) }
        publish(session.update(with: fix, road: matched?.roadMatch), time: time)
    }

    /// Lays the matcher's horizon along the session's route (guidance started, a reroute or
    /// another route taken) or back on the most probable path (free drive, or a route whose line
    /// is not on the map's roads). A route whose edges are not known yet (from a file or inline)
    /// has its line laid on the map by a job off the gateway (milliseconds to tens of them for a
    /// long route: no fix waits for it), the most probable path standing in until it is done.
    private func layHorizon() {
        horizonRouteID = session.routeID
        guard let graph = configuration.map, let follower = session.follower else {
            matcher?.follow(nil)
            return
        }
        let id = follower.routeID
        if let routePath, routePath.routeID == id {
            matcher?.follow(routePath.path)
            return
        }
        matcher?.follow(nil)
        let line = follower.route.geometry
        Task.detached(priority: .utility) {
            let path = TraceMatcher(graph: graph).path(along: line)
            await self.laid(path, routeID: id)
        }
    }

    /// Takes the path laid for route `routeID` (nil: not on the map's roads); the next fix lays
    /// the horizon along it if guidance is still on that route.
    private func laid(_ path: RoutePath?, routeID: String) {
        guard session.routeID == routeID else { return }
        routePath = (routeID, path)
        horizonRouteID = nil
    }

    private func publish(_ events: [NavigationEvent], time: Timestamp) {
        for event in events {
            emit(.navigation(event, time: time))
            if case .reroute(let reroute) = event, case .started(let request) = reroute.state { requestRoute(request) }
        }
    }

    /// Asks the route provider for a reroute and hands the answer back to the session.
    private func requestRoute(_ request: RerouteRequest) {
        guard let provider = router else {
            publish(session.receiveRouteFailure("no map to plan a new route on", for: request.id), time: now)
            return
        }
        Task {
            do {
                let (route, path) = try await provider.plannedRoute(for: request)
                self.deliver(route, path: path, for: request.id)
            } catch {
                self.deliverFailure(String(describing: error), for: request.id)
            }
        }
    }

    private func deliver(_ route: Route, path: RoutePath, for id: Int) {
        let before = session.routeID
        let events = session.receiveRoute(route, for: id)
        if let taken = session.routeID, taken != before { routePath = (taken, path) }
        publish(events, time: now)
    }
    private func deliverFailure(_ message: String, for id: Int) { publish(session.receiveRouteFailure(message, for: id), time: now) }

    private var now: Timestamp { lastFix?.time ?? timeSource.now() }

    // MARK: - Commands

    /// Plans routes through `waypoints` (a single point is the destination, from the current
    /// position), best first, and keeps them for `selectRoute` and `startGuidance(index:)`. The
    /// search runs off the gateway, which goes on publishing fixes meanwhile.
    public func planRoutes(_ waypoints: [Coordinate], options: RouteOptions, alternatives: Bool) async throws(GatewayError) -> [Route] {
        guard let router else { throw .noMap(command: "route") }
        guard PhraseTable.forLanguage(options.language) != nil else {
            throw .unknownLanguage(options.language, known: PhraseTable.builtIn.map(\.language))
        }
        var points = waypoints
        if points.count == 1 {
            guard let here = currentPosition?.coordinate else { throw .noFix }
            points.insert(here, at: 0)
        }
        var asked = points.map { RouteWaypoint($0) }
        if waypoints.count == 1, let course = currentPosition?.course, (currentPosition?.speed ?? 0) >= 3 {
            asked[0] = RouteWaypoint(points[0], heading: course, headingTolerance: 90)
        }
        let planning = Task.detached { [asked] in
            try router.plannedRoutes(asked, options: options, alternatives: alternatives ? 2 : 0)
        }
        switch await planning.result {
        case .success(let planned): plannedRoutes = planned
        case .failure(let error): throw .noRoute(String(describing: error))
        }
        return plannedRoutes.map(\.route)
    }

    /// Makes planned route `index` the primary: it moves to index 0 (as a map view does when the
    /// user taps an alternative); returns the new order.
    public func selectRoute(_ index: Int) throws(GatewayError) -> [Route] {
        guard plannedRoutes.indices.contains(index) else { throw .noSuchRoute(index: index, available: plannedRoutes.count) }
        plannedRoutes.insert(plannedRoutes.remove(at: index), at: 0)
        return plannedRoutes.map(\.route)
    }

    /// Starts guidance on planned route `index`; returns the route id.
    public func startGuidance(index: Int) throws(GatewayError) -> String {
        guard plannedRoutes.indices.contains(index) else { throw .noSuchRoute(index: index, available: plannedRoutes.count) }
        return try startGuidance(plannedRoutes[index].route, path: plannedRoutes[index].path)
    }

    /// Starts active guidance on `route` (free drive → guidance, or a new route while guiding);
    /// returns the new route id. No source is restarted. Its line is laid on the map for the
    /// horizon at its first fix.
    public func startGuidance(_ route: Route) throws(GatewayError) -> String { try startGuidance(route, path: nil) }

    /// `startGuidance(_:)` with the route's edges when they are known (`path`).
    private func startGuidance(_ route: Route, path: RoutePath?) throws(GatewayError) -> String {
        routeCounter += 1
        let id = "r\(routeCounter)"
        do {
            let events = try session.start(route: route, routeID: id)
            routePath = path.map { (id, $0) }
            publish(events, time: now)
        } catch {
            throw .unusableRoute(String(describing: error))
        }
        return id
    }

    /// Active guidance → free drive (nothing happens in free drive).
    public func stopGuidance() { publish(session.stop(), time: now) }

    /// Asks the navigation camera for a state.
    public func requestCamera(_ request: CameraRequest) { publish(session.requestCamera(request), time: now) }

    /// The route being followed in active guidance (nil in free drive).
    public var activeRoute: Route? { session.follower?.route }

    /// The last fix with a position, for routes that start "here".
    public var currentPosition: Fix? { lastFix?.hasPosition == true ? lastFix : nil }

    /// The current state, for `status`.
    public func status() -> GatewayStatus {
        GatewayStatus(
            sources: sources.map { .init(id: $0.id, statistics: $0.statistics) }, fixes: fixCount, lastFix: lastFix,
            mode: session.mode, routeID: session.routeID, hasMap: configuration.map != nil,
            simulation: simulationState)
    }
}
