import Geodesy
public import Positioning
public import RouteModel
import Timekeeping

/// Follows one route fix by fix: snaps each fix onto the route, advances steps and legs, fires
/// banner and voice instructions, detects arrival and leaving the route. A pure value-type state
/// machine: `update(with:)` takes a fix and returns what happened; time comes only from fixes.
///
/// Snapping searches only a window around the distance already travelled
/// (`[traveled − 30 m, traveled + max(100 m, 2·speed·Δt + 50 m)]`) and prefers candidates whose
/// direction agrees with the course, so routes that overlap or cross themselves never skip ahead
/// (the greedy nearest-step jump of Mapbox's legacy controller, ios#1831). Progress never moves
/// backwards.
public struct RouteFollower: Sendable {
    /// Tuning.
    public var options: FollowerOptions
    /// Identifier of the route being followed.
    public private(set) var routeID: String
    /// Index of the current leg.
    public private(set) var legIndex = 0
    /// Index of the current step in the current leg.
    public private(set) var stepIndex = 0
    /// Whether the final waypoint has been reached.
    public private(set) var hasArrived = false
    /// The latest progress, nil before the first usable fix.
    public private(set) var progress: RouteProgress?
    /// The latest usable fix.
    public private(set) var lastFix: Fix?
    /// Waypoints reached on earlier routes of this guidance (reroutes), so arrival numbering continues.
    public private(set) var waypointOffset = 0

    var track: RouteTrack
    var traveled: Meters = 0
    private var hasSnapped = false
    private var offRoute = OffRouteDetector()
    private var banners = InstructionCursor()
    private var voices = InstructionCursor()
    private var speed: MetersPerSecond = 0
    /// Whether trusted matches have been seen on the route's own road (`FollowerOptions.routeOnMapMatches`).
    private var routeFollowsMap = false
    private var matchesOnRoute = 0

    /// A follower at the start of `route`, identified as `routeID`.
    ///
    /// Throws `NavigationError` when the route has no steps or no geometry.
    public init(route: Route, routeID: String, options: FollowerOptions = FollowerOptions()) throws(NavigationError) {
        self.track = try RouteTrack(route: route)
        self.routeID = routeID
        self.options = options
    }

    /// The route being followed.
    public var route: Route { track.route }

    /// Whether the vehicle is currently considered off the route.
    public var isOffRoute: Bool { offRoute.isOffRoute }

    /// The waypoints not reached yet (the current leg's destination and later ones), for a reroute request.
    /// When the route lists no waypoints per leg, each leg's end point stands in.
    public var remainingWaypoints: [Waypoint] {
        guard !hasArrived else { return [] }
        let legs = track.route.legs.indices
        let waypoints = track.route.waypoints
        if waypoints.count == legs.count + 1 { return Array(waypoints[(legIndex + 1)...]) }
        return legs[legIndex...].compactMap { leg in
            track.line.coordinate(atDistance: track.legEnd(leg)).map { Waypoint(location: $0) }
        }
    }

    /// Replaces the route (a reroute or a faster route) keeping the fix history: the new route is
    /// entered where the last fix snaps to it, instructions pending on the old route are dropped,
    /// and off-route detection is suppressed until the vehicle leaves the reroute origin.
    ///
    /// Returns the events of re-snapping the last fix onto the new route (progress, current
    /// banner, due voice). Throws `NavigationError` (the follower unchanged) for an unusable route.
    public mutating func setRoute(_ route: Route, routeID: String) throws(NavigationError) -> [NavigationEvent] {
        let newTrack = try RouteTrack(route: route)
        waypointOffset += hasArrived ? track.route.legs.count : legIndex
        track = newTrack
        self.routeID = routeID
        legIndex = 0
        stepIndex = 0
        hasArrived = false
        traveled = 0
        hasSnapped = false
        progress = nil
        banners = InstructionCursor()
        voices = InstructionCursor()
        offRoute.reset(rerouteOrigin: lastFix?.coordinate)
        routeFollowsMap = false
        matchesOnRoute = 0
        guard let fix = lastFix else { return [] }
        lastFix = nil
        return update(sanitized: fix, road: nil)
    }

    /// Feeds one fix and, when the map matcher has one, its `RoadMatch`; returns the resulting
    /// events: `arrived`, `progress`, `banner`, `voice`, `offRouteDetected`, in that order. Fixes
    /// without a position, with an invalid coordinate or older than the previous fix are ignored
    /// (no events); non-finite speed, course or accuracy count as not reported. A match at least
    /// `FollowerOptions.minimumMatchConfidence` sure stands in for the raw position (see `RoadMatch`).
    public mutating func update(with raw: Fix, road: RoadMatch? = nil) -> [NavigationEvent] {
        update(sanitized: raw.sanitizedForNavigation, road: road)
    }

    /// `update(with:road:)` for a fix already `sanitizedForNavigation` (the session sanitises once).
    mutating func update(sanitized fix: Fix, road: RoadMatch?) -> [NavigationEvent] {
        guard fix.hasPosition, let coordinate = fix.coordinate, coordinate.isValid else { return [] }
        var interval: Seconds?
        if let time = fix.time, let previous = lastFix?.time {
            let seconds = time.seconds(since: previous)
            if seconds >= 0 {
                interval = seconds
            } else if -seconds <= NavigationSession.clockJumpTolerance {
                return []
            } else {
                offRoute.restartCounting()  // the clock jumped back: a new time base, like a gap
            }
        }
        updateSpeed(fix: fix, coordinate: coordinate, interval: interval)
        let movedCourse = lastFix?.coordinate.flatMap { $0.distance(to: coordinate) >= 5 ? $0.bearing(to: coordinate) : nil }
        let isFirst = !hasSnapped
        if (interval ?? 0) > options.gapInterval { offRoute.restartCounting() }
        lastFix = fix

        // The receiver's course, else the direction moved since the last fix (position-only replays).
        let course = speed >= options.minimumSpeedForCourse ? fix.course ?? movedCourse : nil
        let elapsed = interval ?? 1
        let ahead = isFirst
            ? track.legEnd(legIndex) - traveled
            : max(options.minimumSearchAhead, 2 * speed * elapsed + options.searchAheadMargin)
        let query = SnapQuery(
            coordinate: coordinate, window: (traveled - options.searchBehind)...(traveled + ahead), course: course,
            headingPenalty: options.headingPenalty, expectedPosition: traveled + speed * (isFirst ? 0 : elapsed),
            continuityWeight: options.continuityWeight)
        guard var candidate = track.snap(query) else { return [] }
        if offRoute.isOffRoute, candidate.distanceFromRoute > options.rejoinDistance, let rejoin = rejoinCandidate(query) {
            candidate = rejoin
        }
        hasSnapped = true

        let nearIntersection = track.isNearIntersection(candidate.distanceAlong, radius: options.offRoute.intersectionRadius)
        let rawTolerance = OffRouteDetector.tolerance(
            options: options.offRoute, horizontalAccuracy: fix.horizontalAccuracy, nearIntersection: nearIntersection)
        // Fixes worse than the off-route accuracy limit (Mapbox's "unqualified", > 100 m) never move progress.
        let qualified = (fix.horizontalAccuracy ?? 0) <= options.offRoute.maximumAccuracy
        if qualified, candidate.distanceFromRoute <= rawTolerance { traveled = max(traveled, candidate.distanceAlong) }
        // Whether the fix is off the route: from the matched road when it can tell, else from the raw fix.
        let (distance, tolerance) = road.flatMap { matchedDistance($0, ahead: ahead) }
            .map { ($0, options.offRoute.matchedRoadTolerance) } ?? (candidate.distanceFromRoute, rawTolerance)

        var events: [NavigationEvent] = []
        var detected: OffRouteReason?
        if !hasArrived {
            detected = offRoute.update(
                distanceFromRoute: distance, tolerance: tolerance,
                headingDifference: course.map { Bearing.difference($0, candidate.routeBearing) }, coordinate: coordinate,
                horizontalAccuracy: fix.horizontalAccuracy, options: options.offRoute)
            if !offRoute.isOffRoute { events += advanceLegs(time: fix.time) }
        }
        stepIndex = hasArrived ? track.route.legs[legIndex].steps.count - 1 : track.stepIndex(at: traveled, inLeg: legIndex)

        let current = makeProgress(distanceFromRoute: candidate.distanceFromRoute, time: fix.time)
        progress = current
        events.append(.progress(current))
        if !offRoute.isOffRoute { events += dueInstructions(isFirst: isFirst) }
        if let detected {
            events.append(.offRouteDetected(OffRouteEvent(
                routeID: routeID, coordinate: coordinate, distanceFromRoute: distance, reason: detected,
                time: fix.time)))
        }
        return events
    }

    /// The distance of `match` from the route near the vehicle (from `matchSearchBehind` behind the
    /// progress to `ahead` in front: the live matcher may lag the raw fix), when the match is
    /// trusted (`minimumMatchConfidence`, or less sure but on one of the route's own edges: the
    /// matcher's best guess is the route's road), the route has shown it runs on the matcher's roads
    /// (`routeOnMapMatches` matches within `routeOnMapDistance`) and the matched road does not run
    /// against the route (`matchedRoadMaximumAngle`: the live matcher may report a two-way road
    /// backwards, or the far carriageway); nil when the raw fix must decide.
    private mutating func matchedDistance(_ match: RoadMatch, ahead: Meters) -> Meters? {
        guard match.confidence >= options.minimumMatchConfidence || match.onRoute == true, match.coordinate.isValid else { return nil }
        let query = SnapQuery(
            coordinate: match.coordinate, window: (traveled - options.matchSearchBehind)...(traveled + ahead), course: nil,
            headingPenalty: 0, expectedPosition: traveled, continuityWeight: 0)
        guard let near = track.snap(query) else { return nil }
        if !routeFollowsMap {
            matchesOnRoute = near.distanceFromRoute <= options.routeOnMapDistance ? matchesOnRoute + 1 : 0
            routeFollowsMap = matchesOnRoute >= options.routeOnMapMatches
        }
        guard routeFollowsMap, let bearing = match.bearing,
              Bearing.difference(bearing, near.routeBearing) <= options.matchedRoadMaximumAngle else { return nil }
        return near.distanceFromRoute
    }

    /// While off the route, the vehicle may rejoin it anywhere ahead on the current leg (a detour
    /// without reroute, e.g. a route from a file and no planner): a point within `rejoinDistance`
    /// whose direction agrees with the course. Never searched while on the route, so overlapping
    /// routes cannot skip ahead.
    private func rejoinCandidate(_ query: SnapQuery) -> SnapCandidate? {
        var wide = query
        wide.window = traveled...track.legEnd(legIndex)
        wide.continuityWeight = 0
        guard let found = track.snap(wide), found.distanceFromRoute <= options.rejoinDistance else { return nil }
        if let course = query.course, Bearing.difference(course, found.routeBearing) > options.rejoinMaximumAngle { return nil }
        return found
    }

    /// The speed estimate: the fix's own speed, else the distance from the previous fix over the interval.
    private mutating func updateSpeed(fix: Fix, coordinate: Coordinate, interval: Seconds?) {
        if let reported = fix.speed {
            speed = reported
        } else if let interval, interval > 0, let previous = lastFix?.coordinate {
            speed = min(70, previous.distance(to: coordinate) / interval)
        }
    }

    /// Arrives at every waypoint the vehicle has reached, advancing legs.
    private mutating func advanceLegs(time: Timestamp?) -> [NavigationEvent] {
        var events: [NavigationEvent] = []
        while !hasArrived {
            let remaining = track.legEnd(legIndex) - traveled
            let threshold = min(options.maximumArrivalDistance, max(options.arrivalDistance, speed * options.arrivalDuration))
            guard remaining <= threshold else { break }
            let legs = track.route.legs.count
            let isFinal = legIndex == legs - 1
            let waypoints = track.route.waypoints
            let name = legIndex + 1 < waypoints.count ? waypoints[legIndex + 1].name : ""
            events.append(.arrived(ArrivalEvent(
                routeID: routeID, legIndex: legIndex, waypointIndex: waypointOffset + legIndex + 1, name: name,
                isFinal: isFinal, time: time)))
            if isFinal { hasArrived = true } else { legIndex += 1 }
        }
        return events
    }

    /// The banner and voice instruction due at the current position, if any.
    private mutating func dueInstructions(isFirst: Bool) -> [NavigationEvent] {
        var events: [NavigationEvent] = []
        let stale = options.staleInstructionDistance
        var banner = banners.advance(in: track.bannerTriggers, to: traveled, legIndex: legIndex, staleDistance: stale)
        if banner == nil, isFirst, let first = track.bannerTriggers.firstIndex(where: {
            $0.legIndex == legIndex && $0.stepIndex == stepIndex
        }) {
            // Mapbox shows the current step's banner on the first location even before its trigger point.
            banner = track.bannerTriggers[first]
            banners.skip(through: first)
        }
        if let banner {
            let instruction = track.route.legs[banner.legIndex].steps[banner.stepIndex].bannerInstructions[banner.index]
            events.append(.banner(BannerEvent(
                routeID: routeID, legIndex: banner.legIndex, stepIndex: banner.stepIndex,
                distanceAlongStep: instruction.distanceAlongGeometry, instruction: instruction)))
        }
        if let voice = voices.advance(in: track.voiceTriggers, to: traveled, legIndex: legIndex, staleDistance: stale) {
            let instruction = track.route.legs[voice.legIndex].steps[voice.stepIndex].voiceInstructions[voice.index]
            events.append(.voice(VoiceEvent(
                routeID: routeID, legIndex: voice.legIndex, stepIndex: voice.stepIndex,
                distanceAlongStep: instruction.distanceAlongGeometry, instruction: instruction,
                language: track.route.options.language)))
        }
        return events
    }
}
