import Geodesy
import Positioning
import RoadGraph
import Timekeeping

/// Live free-drive map matching (Mapbox's PassiveLocationManager): feed fixes in time order and get
/// one `MatchedLocation` per fix at once, from the cheapest candidate of the current Viterbi
/// column. Later fixes sharpen the chain but never rewrite what was published.
///
/// A value-type state machine: copy it to fork a matcher, drop it to forget the drive.
public struct OnlineMatcher: Sendable {
    /// The road network matched against.
    public let graph: RoadGraph
    /// The tunables.
    public let options: MatchingOptions
    private let search: CandidateSearch
    private let emission: EmissionModel
    private var transition: TransitionModel
    private let horizon: MostProbablePath
    /// The edges the horizon walked lately, with their road attributes and continuations.
    private var horizonMemo = MostProbablePath.Memo()
    /// The route the horizon is laid along in active guidance (nil: the most probable path).
    private var route: RoutePath?
    /// Where in `route` the vehicle was last matched: the search for the next fix's edge starts there.
    private var routeIndex = 0
    private var decoder = ViterbiDecoder(keepsHistory: false)
    private var previous: (coordinate: Coordinate, time: Timestamp?)?
    private var lastPublished: Coordinate?
    private var noise: NoiseEstimator

    /// A matcher over `graph`; speed-limit defaults come from `options` or else from the map's location.
    public init(graph: RoadGraph, options: MatchingOptions = MatchingOptions()) {
        self.graph = graph
        self.options = options
        search = CandidateSearch(graph: graph, options: options)
        emission = EmissionModel(options: options)
        transition = TransitionModel(graph: graph, options: options)
        let defaults = options.speedLimitDefaults ?? graph.center.map(SpeedLimitDefaults.forLocation) ?? .generic
        horizon = MostProbablePath(graph: graph, profile: options.profile, speedLimitDefaults: defaults)
        noise = NoiseEstimator(window: options.noiseWindow, bounds: options.minimumSigma...NoiseEstimator.defaultBounds.upperBound)
    }

    /// Matches the next fix and returns what to publish for it; nil (state unchanged) for a fix
    /// without a valid position. Fixes without time are taken to be `assumedInterval` after the last.
    /// When no path joins the fix to the chain, the chain restarts; the result is flagged
    /// `isTeleport` when that moves the published position by more than `teleportDistance`.
    /// A fix without accuracy is matched with the σ estimated from the fixes before it
    /// (`estimatesNoise`), and its distance to the matched road feeds the estimate.
    public mutating func match(_ fix: Fix) -> MatchedLocation? {
        var fix = fix
        let estimating = options.estimatesNoise && EmissionModel.reportedAccuracy(of: fix) == nil
        if estimating { fix.horizontalAccuracy = noise.sigma ?? options.defaultSigma }
        let location = matchUnflagged(fix)
        guard var location else { return nil }
        if estimating { noise.add(location.isOffRoad ? offRoadResidual(fix, location.rawCoordinate) : location.distanceFromFix) }
        if location.isTeleport, let lastPublished, lastPublished.distance(to: location.coordinate) <= options.teleportDistance {
            location.isTeleport = false
        }
        lastPublished = location.coordinate
        return location
    }

    /// `match(_:)` with the network search's working arrays (a few arrays the size of the graph)
    /// borrowed from `workspace` instead of the matcher's own, which are then never allocated. A
    /// thread matching many vehicles (`waygate fleet`) passes its one workspace to each vehicle's
    /// matcher: one set of arrays per thread instead of one per vehicle, the same results.
    public mutating func match(_ fix: Fix, using workspace: inout MatchingWorkspace) -> MatchedLocation? {
        transition.exchangeBuffers(with: &workspace.buffers)
        defer { transition.exchangeBuffers(with: &workspace.buffers) }
        return match(fix)
    }

    private mutating func matchUnflagged(_ fix: Fix) -> MatchedLocation? {
        guard let coordinate = fix.coordinate, coordinate.isValid else { return nil }
        let candidates = search.candidates(for: fix, emission: emission)
        defer { previous = (coordinate, fix.time) }
        guard !candidates.isEmpty else {
            decoder.reset()
            return offRoad(fix, coordinate)
        }
        var isTeleport = false
        if let previous, decoder.last != nil {
            let measured = measuredSeconds(from: previous.time, to: fix.time)
            let greatCircle = previous.coordinate.distance(to: coordinate)
            let tolerance = transition.backwardTolerance(sigma: emission.sigma(for: fix))
            let costs = transition.costs(
                from: decoder.last?.candidates ?? [], to: candidates, greatCircle: greatCircle, elapsed: measured ?? options.assumedInterval,
                timed: measured != nil, backwardTolerance: tolerance, chargesTurns: emission.usableCourse(of: fix) == nil)
            if !decoder.advance(to: candidates, transitionCosts: costs) {
                decoder.start(with: candidates)
                isTeleport = true
            }
        } else {
            decoder.start(with: candidates)
        }
        return published(fix, coordinate, isTeleport: isTeleport)
    }

    /// The residual an off-road fix adds to the noise estimate: its distance to the nearest road, or
    /// the search radius when none is within it (all the median needs is that it is large).
    private func offRoadResidual(_ fix: Fix, _ coordinate: Coordinate) -> Meters {
        let radius = search.radius(for: fix)
        return search.snaps(near: coordinate, within: radius).first?.distance ?? radius
    }

    /// Lays the horizon along `route` (active guidance: the route is the road ahead wherever the
    /// vehicle is matched to one of its edges, and the horizon ends where it ends) or, with nil,
    /// back on the most probable path (free drive). Matching itself is unchanged: the route is
    /// not a prior, so a vehicle leaving it is matched where it drives.
    public mutating func follow(_ route: RoutePath?) {
        self.route = route
        routeIndex = 0
    }

    /// Forgets the chain and the noise estimate, as after a restart of the source.
    public mutating func reset() {
        noise.reset()
        decoder.reset()
        previous = nil
        lastPublished = nil
    }

    /// The seconds between two fixes' times; nil when either has none or they do not advance.
    private func measuredSeconds(from before: Timestamp?, to now: Timestamp?) -> Seconds? {
        guard let before, let now else { return nil }
        let seconds = now.seconds(since: before)
        return seconds > 0 ? seconds : nil
    }

    private mutating func published(_ fix: Fix, _ coordinate: Coordinate, isTeleport: Bool) -> MatchedLocation? {
        guard let column = decoder.last, let best = column.bestIndex else { return offRoad(fix, coordinate) }
        let winner = column.candidates[best]
        let sigma = emission.sigma(for: fix)
        var nearest = Double.infinity
        for c in column.candidates { nearest = min(nearest, c.snap.distance) }
        if nearest > options.offRoadSigmas * sigma { return offRoad(fix, coordinate, isTeleport: isTeleport) }
        let posteriors = decoder.posteriors()
        let shape = transition.shape(of: winner.edge)
        var roadPosterior = 0.0
        for (i, c) in column.candidates.enumerated() where transition.shape(of: c.edge) == shape { roadPosterior += posteriors[i] }
        let z = winner.snap.distance / (2 * sigma)
        let confidence = min(1, max(0, roadPosterior * Probability.of(cost: 0.5 * z * z)))
        let road = horizon.matchedRoad(edge: winner.edge, fraction: winner.snap.fraction, memo: &horizonMemo)
        var location = MatchedLocation(
            time: fix.time, rawCoordinate: coordinate, coordinate: winner.snap.coordinate, bearing: winner.snap.bearing,
            confidence: confidence, isOffRoad: false, isTeleport: isTeleport, distanceFromFix: winner.snap.distance,
            road: road, horizon: [])
        if let route, let at = route.index(of: winner.edge, from: routeIndex) {
            routeIndex = at
            location.horizon = horizon.along(
                route.edges, from: at, fraction: winner.snap.fraction, endFraction: route.endFraction,
                length: options.horizonLength, memo: &horizonMemo)
            location.onRoute = true
        } else {
            if route != nil { location.onRoute = false }
            location.horizon = horizon.ahead(
                from: winner.edge, fraction: winner.snap.fraction, length: options.horizonLength, memo: &horizonMemo)
        }
        return location
    }

    private func offRoad(_ fix: Fix, _ coordinate: Coordinate, isTeleport: Bool = false) -> MatchedLocation {
        MatchedLocation(
            time: fix.time, rawCoordinate: coordinate, coordinate: coordinate, bearing: emission.usableCourse(of: fix),
            confidence: 0, isOffRoad: true, isTeleport: isTeleport, distanceFromFix: 0, road: nil, horizon: [])
    }
}
