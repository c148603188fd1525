import Gateway
import Geodesy
import MapMatching
import Navigation
import Positioning
import RoadGraph
import RouteModel
import Routing
import Simulation
import Timekeeping
import WireProtocol

/// One simulated vehicle: its planned trip, the route simulator with its noise model, the live
/// matcher and the navigation session — the same chain a real Waygate runs for one receiver,
/// stepped one fix (one simulated second) at a time by its shard. A value type; all randomness
/// comes from its own seeded generator, so a vehicle drives the same whatever its shard.
struct SimulatedVehicle {
    let index: Int
    let id: String
    private var random: SeededGenerator
    private var matcher: OnlineMatcher
    private var session = NavigationSession()
    private var simulator: RouteSimulator?
    private var position: Coordinate?
    /// Whether guidance has reported the arrival of the current trip.
    private var hasArrived = false
    /// Fixes reported parked at the end of the current trip.
    private var parkedFixes = 0
    /// Trips started so far.
    private(set) var trips = 0
    /// Trips that could not be planned (no route between the drawn points).
    private(set) var failedPlans = 0
    /// Wire lines produced per channel slot (`Channel.slot`).
    var lines = [Int](repeating: 0, count: Channel.slotted.count)
    /// The next event's `seq` (each vehicle numbers its own events, as its own daemon would).
    var nextSeq: UInt64 = 1

    init(index: Int, context: FleetContext) {
        self.index = index
        id = context.options.vehicleID(index)
        // SplitMix-style mixing keeps neighbouring vehicles' sequences unrelated.
        random = SeededGenerator(seed: context.options.seed &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(index + 1))
        matcher = context.matcher
    }

    /// Fixes at most reported parked at a trip's end while waiting for ARRIVAL.
    static let parkedFixLimit = 10

    /// Whether a simulator is driving (false before the first trip and once parked).
    var isDriving: Bool { simulator != nil }

    /// Plans the next trip and starts guidance on it, the first fix due at `time`; appends the
    /// events to `output`.
    mutating func startTrip(context: FleetContext, at time: Timestamp, into output: inout [GatewayEvent]) {
        guard let (route, path) = planRoute(context: context) else {
            failedPlans += 1
            return
        }
        trips += 1
        if session.follower != nil { output += session.stop().map { .navigation($0, time: time) } }
        guard let started = try? session.start(route: route, routeID: "\(id)-\(trips)") else {
            failedPlans += 1
            return
        }
        output += started.map { .navigation($0, time: time) }
        matcher.follow(path)
        var options = RouteSimulator.Options()
        options.noise = NoiseModel.Options(sigma: context.options.noiseSigma, tunnels: context.options.simulatesTunnels ? route.tunnelStretches : [],
                                            seed: random.next())
        simulator = try? RouteSimulator(route: route, options: options, startTime: time)
        hasArrived = false
        parkedFixes = 0
    }

    /// The next fix of the drive and everything it causes (LOCATION, MATCH, guidance), in order,
    /// appended to `output` (one buffer the shard reuses for every vehicle); the matcher's network
    /// searches work in the shard's `workspace`.
    mutating func step(context: FleetContext, workspace: inout MatchingWorkspace, into output: inout [GatewayEvent]) {
        // Taken out, not copied: a copy left behind would make each of the simulator's array
        // writes copy the whole array.
        guard var drive = simulator.take() else { return }
        let fix = drive.next()
        let time = fix.time ?? drive.nextFixTime
        output.append(.source(.fix(fix), from: .simulator, time: time))
        if fix.hasPosition {
            let matched = matcher.match(fix, using: &workspace)
            if let matched { output.append(.match(matched, time: time)) }
            let guidance = session.update(with: fix, road: matched?.roadMatch)
            follow(guidance, time: time, drive: &drive, context: context, into: &output)
            position = fix.coordinate ?? position
        }
        // Parked at the end: a few more fixes let the arrival detector see the vehicle stand still.
        if drive.isFinished { parkedFixes += 1 }
        if !(drive.isFinished && (hasArrived || parkedFixes > Self.parkedFixLimit)) { simulator = drive }
    }

    /// Passes guidance events on, answering reroute requests at once on the shared map (the
    /// vehicle drives the new route, as the gateway's simulator does).
    private mutating func follow(_ guidance: [NavigationEvent], time: Timestamp, drive: inout RouteSimulator,
                                 context: FleetContext, into events: inout [GatewayEvent]) {
        for event in guidance {
            events.append(.navigation(event, time: time))
            if case .arrived = event { hasArrived = true }
            guard case .reroute(let reroute) = event, case .started(let request) = reroute.state else { continue }
            if let (route, path) = try? context.router.plannedReroute(request) {
                try? drive.reroute(to: route, tunnels: context.options.simulatesTunnels ? route.tunnelStretches : [])
                let before = session.routeID
                events += session.receiveRoute(route, for: request.id).map { .navigation($0, time: time) }
                if session.routeID != before { matcher.follow(path) }
            } else {
                events += session.receiveRouteFailure("no route from the vehicle's position", for: request.id).map { .navigation($0, time: time) }
            }
        }
    }

    /// A route for the next trip: the given pairs in turn, or seeded random road nodes at least
    /// `minimumTripDistance` apart (a few draws, since some node pairs are not connected).
    private mutating func planRoute(context: FleetContext) -> (route: Route, path: RoutePath)? {
        let options = context.options
        if !options.trips.isEmpty {
            let trip = options.trips[(index + trips * options.vehicles) % options.trips.count]
            let origin = trips == 0 ? trip.origin : (position ?? trip.origin)
            return try? context.router.plannedRoutes([RouteWaypoint(origin), RouteWaypoint(trip.destination)], options: options.routeOptions).first
        }
        guard !context.nodes.isEmpty else { return nil }
        for _ in 0..<12 {
            let origin = position ?? randomNode(context)
            var destination = randomNode(context)
            for _ in 0..<20 where destination.distance(to: origin) < options.minimumTripDistance {
                destination = randomNode(context)
            }
            if let planned = try? context.router.plannedRoutes([RouteWaypoint(origin), RouteWaypoint(destination)], options: options.routeOptions).first,
               planned.route.distance > 50 {
                return planned
            }
        }
        return nil
    }

    /// Wire lines produced per channel name, the channels without lines left out (the report's form).
    var lineCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for (slot, count) in lines.enumerated() where count > 0 { counts[Channel.slotted[slot].rawValue] = count }
        return counts
    }

    private mutating func randomNode(_ context: FleetContext) -> Coordinate {
        context.nodes[Int(random.next() % UInt64(context.nodes.count))]
    }
}
