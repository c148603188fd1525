public import Geodesy

/// Tuning of `RouteFollower`. Defaults start from the Mapbox numbers in NAVIGATION.md §2 and are
/// explained in docs/navigation.md.
public struct FollowerOptions: Sendable, Hashable {
    /// Metres behind the last position still searched when snapping (GPS jitter backwards).
    public var searchBehind: Meters = 30
    /// Minimum metres ahead searched when snapping.
    public var minimumSearchAhead: Meters = 100
    /// Extra metres ahead added to `2 × speed × Δt` when snapping.
    public var searchAheadMargin: Meters = 50
    /// Below this speed, m/s, the course is not trusted (Mapbox `RouteSnappingMinimumSpeed`, 3 m/s).
    public var minimumSpeedForCourse: MetersPerSecond = 3
    /// Snapping penalty, metres, for a candidate running opposite the course.
    public var headingPenalty: Meters = 40
    /// Snapping penalty per metre away from the dead-reckoned position.
    public var continuityWeight: Double = 0.05
    /// Seconds without a fix after which the next fix counts as following a gap (tunnel): the
    /// off-route counters restart and the search window grows with the gap.
    public var gapInterval: Seconds = 3
    /// While off-route, a fix this close to the route further ahead on the leg rejoins it, metres
    /// (Mapbox's nearest-step snap uses 15 m; it is only searched while off the route).
    public var rejoinDistance: Meters = 20
    /// …if its direction is within this many degrees of the course (when moving).
    public var rejoinMaximumAngle: Degrees = 45
    /// Off-route detection tuning.
    public var offRoute = OffRouteOptions()
    /// Arrival at a waypoint within this many metres of it.
    public var arrivalDistance: Meters = 15
    /// …or within this many seconds at the current speed…
    public var arrivalDuration: Seconds = 2
    /// …but never earlier than this many metres before it.
    public var maximumArrivalDistance: Meters = 50
    /// An instruction whose maneuver is more than this many metres behind the vehicle is dropped as stale.
    public var staleInstructionDistance: Meters = 10
    /// A `RoadMatch` at least this confident decides whether the fix is off the route instead of
    /// the raw fix (see `OffRouteOptions.matchedRoadTolerance`); above 1, matches are never used.
    public var minimumMatchConfidence: Double = 0.8
    /// Metres behind the progress searched for the route point nearest a match (the live matcher
    /// may lag the raw fixes).
    public var matchSearchBehind: Meters = 100
    /// A match whose road runs more than this many degrees from the route's direction there, i.e.
    /// against it, does not decide (the live matcher reporting a two-way road backwards, or the
    /// other carriageway): the raw fix does. A road leaving the route at a turn still decides.
    public var matchedRoadMaximumAngle: Degrees = 135
    /// The route counts as following the map's roads after this many consecutive trusted matches
    /// within `routeOnMapDistance` of it (only then is `OffRouteOptions.matchedRoadTolerance` used).
    public var routeOnMapMatches: Int = 3
    /// How close to the route, metres, a match on the route's own road lies (the same road
    /// geometry gives centimetres; a route from another map or a file may lie metres off).
    public var routeOnMapDistance: Meters = 1.5

    /// The default options.
    public init() {}
}

/// Tuning of off-route detection.
public struct OffRouteOptions: Sendable, Hashable {
    /// Distance from the route beyond which a fix counts as off, metres (Mapbox 50 m).
    public var tolerance: Meters = 50
    /// Tighter tolerance within `intersectionRadius` of an intersection, metres (Mapbox 25 m;
    /// 35 m here so σ = 10 m noise can't trip it).
    public var intersectionTolerance: Meters = 35
    /// Along-route radius around maneuvers and intersections where the tighter tolerance applies.
    public var intersectionRadius: Meters = 40
    /// The tolerance is at least this multiple of the fix's horizontal accuracy.
    public var accuracyMultiplier: Double = 1.5
    /// Distance from the route beyond which a trusted `RoadMatch` counts as off, metres, once the
    /// route follows the map's roads: the matched position carries no GPS noise, so a parallel
    /// road 20–50 m away (inside `tolerance`) is told apart; 20 m, not less, because the live
    /// matcher can be sure of a service carriageway 10–17 m beside the one driven (Milan's
    /// `controviali`) for several fixes.
    public var matchedRoadTolerance: Meters = 20
    /// Consecutive off fixes needed before declaring off-route.
    public var consecutiveFixes: Int = 3
    /// Heading difference from the route, degrees, at which a moving fix counts as going the wrong way.
    public var wrongWayAngle: Degrees = 135
    /// Consecutive wrong-way fixes needed (Mapbox `RouteControllerMinNumberOfInCorrectCourses`, 4).
    public var consecutiveWrongWayFixes: Int = 4
    /// Consecutive on-route fixes needed to clear an off-route state.
    public var consecutiveReturnFixes: Int = 2
    /// Fixes less accurate than this, metres, neither count nor reset (Mapbox "qualified" 100 m).
    public var maximumAccuracy: Meters = 100
    /// No new off-route until the vehicle is this far from the last reroute origin, metres
    /// (Mapbox `RouteControllerMaximumDistanceBeforeRecalculating`, 50 m).
    public var minimumDistanceFromRerouteOrigin: Meters = 50

    /// The default options.
    public init() {}
}
