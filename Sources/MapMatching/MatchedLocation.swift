import Geodesy
import Timekeeping

/// What the live matcher publishes for one fix: where on the road network the vehicle is, how sure
/// the matcher is, the road's attributes and the most probable road ahead (a MATCH event).
/// Published values are never revised by later fixes.
public struct MatchedLocation: Sendable, Hashable {
    /// The fix's time, if it had one.
    public var time: Timestamp?
    /// The fix's own position.
    public var rawCoordinate: Coordinate
    /// The position snapped onto the matched edge; the raw position when off-road.
    public var coordinate: Coordinate
    /// Direction of travel, degrees clockwise from north: the matched edge's direction at the snapped
    /// point, or the fix's course when off-road (nil when off-road without a course).
    public var bearing: Degrees?
    /// How sure the matcher is of the road, 0…1: the posterior of the winning road (both directions)
    /// among the candidates, damped by the fix's distance from it in units of GPS sigma.
    public var confidence: Double
    /// Whether no road is near enough to believe the vehicle is on one (parking lots, fields).
    public var isOffRoad: Bool
    /// Whether the matcher restarted because no path could join this fix to the previous ones and the
    /// matched position jumped by more than `MatchingOptions.teleportDistance` (draw it without animation).
    public var isTeleport: Bool
    /// Metres from the fix to `coordinate` (0 when off-road).
    public var distanceFromFix: Meters
    /// The matched road; nil when off-road.
    public var road: MatchedRoad?
    /// The road ahead from the snapped position, stretch by stretch: the most probable path, or
    /// the route in active guidance (`horizonFollowsRoute`); empty when off-road.
    public var horizon: [HorizonStretch]
    /// Whether the matched edge is one of the active route's, driven in the route's direction
    /// (`OnlineMatcher.follow`); nil when no route is followed (free drive, a route not on the
    /// map's roads) or off-road.
    public var onRoute: Bool?
    /// Whether `horizon` is the active route's road ahead rather than the most probable path:
    /// where the vehicle is matched onto the route.
    public var horizonFollowsRoute: Bool { onRoute == true }

    /// A matched location from all its parts.
    public init(
        time: Timestamp?, rawCoordinate: Coordinate, coordinate: Coordinate, bearing: Degrees?, confidence: Double,
        isOffRoad: Bool, isTeleport: Bool, distanceFromFix: Meters, road: MatchedRoad?, horizon: [HorizonStretch]
    ) {
        self.time = time
        self.rawCoordinate = rawCoordinate
        self.coordinate = coordinate
        self.bearing = bearing
        self.confidence = confidence
        self.isOffRoad = isOffRoad
        self.isTeleport = isTeleport
        self.distanceFromFix = distanceFromFix
        self.road = road
        self.horizon = horizon
    }
}
