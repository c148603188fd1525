public import Geodesy
public import RouteModel
public import Timekeeping

/// Where the vehicle is on the route and what comes next (Mapbox `RouteProgress`), produced by
/// `RouteFollower` for every usable fix (the wire's PROGRESS event).
///
/// All distances are metres measured on the route's geometry (legs and steps concatenated), so
/// they add up exactly: `distanceTraveled + distanceRemaining` is the route's geometric length.
public struct RouteProgress: Sendable, Hashable {
    /// Identifier of the route being followed (chosen by whoever started guidance).
    public var routeID: String
    /// Index of the current leg.
    public var legIndex: Int
    /// Index of the current step in the current leg.
    public var stepIndex: Int
    /// Metres travelled since the route's start.
    public var distanceTraveled: Meters
    /// Metres left to the final waypoint.
    public var distanceRemaining: Meters
    /// Expected seconds to the final waypoint, from the route's own step durations.
    public var durationRemaining: Seconds
    /// Fraction of the route travelled, 0…1.
    public var fractionTraveled: Double
    /// Progress on the current leg (and, inside it, the current step).
    public var currentLegProgress: RouteLegProgress
    /// The vehicle's position snapped onto the route.
    public var snapped: SnappedLocation
    /// Name of the road being travelled ("" when unnamed).
    public var roadName: String
    /// The maneuver ending the current step; nil on the final `arrive` step.
    public var upcomingManeuver: UpcomingManeuver?
    /// Posted speed limit of the current step, when the route knows it.
    public var speedLimit: SpeedLimit?
    /// Waypoints still ahead (this leg's destination and later ones).
    public var remainingWaypoints: Int
    /// Whether the follower currently considers the vehicle off the route (progress is then frozen).
    public var isOffRoute: Bool
    /// The fix time this progress was computed for.
    public var time: Timestamp?

    /// A progress from its parts.
    public init(routeID: String, legIndex: Int, stepIndex: Int, distanceTraveled: Meters, distanceRemaining: Meters,
                durationRemaining: Seconds, fractionTraveled: Double, currentLegProgress: RouteLegProgress,
                snapped: SnappedLocation, roadName: String, upcomingManeuver: UpcomingManeuver?, speedLimit: SpeedLimit?,
                remainingWaypoints: Int, isOffRoute: Bool, time: Timestamp?) {
        self.routeID = routeID
        self.legIndex = legIndex
        self.stepIndex = stepIndex
        self.distanceTraveled = distanceTraveled
        self.distanceRemaining = distanceRemaining
        self.durationRemaining = durationRemaining
        self.fractionTraveled = fractionTraveled
        self.currentLegProgress = currentLegProgress
        self.snapped = snapped
        self.roadName = roadName
        self.upcomingManeuver = upcomingManeuver
        self.speedLimit = speedLimit
        self.remainingWaypoints = remainingWaypoints
        self.isOffRoute = isOffRoute
        self.time = time
    }

    /// Progress on the current step (shortcut for `currentLegProgress.currentStepProgress`).
    public var currentStepProgress: RouteStepProgress { currentLegProgress.currentStepProgress }

    /// Metres to the upcoming maneuver (the end of the current step).
    public var distanceToUpcomingManeuver: Meters { currentStepProgress.distanceRemaining }
}

/// A fix snapped onto the route.
public struct SnappedLocation: Sendable, Hashable {
    /// The point on the route, WGS84.
    public var coordinate: Coordinate
    /// Direction of the route at that point, degrees clockwise from north.
    public var bearing: Degrees
    /// Metres from the raw fix to the route.
    public var distanceFromRoute: Meters

    /// A snapped location from its parts.
    public init(coordinate: Coordinate, bearing: Degrees, distanceFromRoute: Meters) {
        self.coordinate = coordinate
        self.bearing = bearing
        self.distanceFromRoute = distanceFromRoute
    }
}

/// The next maneuver ahead: the one that starts the step after the current one.
public struct UpcomingManeuver: Sendable, Hashable {
    /// Maneuver type (`turn`, `arrive`, …).
    public var type: ManeuverType
    /// Maneuver direction, when it has one.
    public var modifier: ManeuverModifier?
    /// Name of the road taken by the maneuver ("" when unnamed).
    public var name: String
    /// The maneuver's instruction text.
    public var instruction: String
    /// Where the maneuver is.
    public var location: Coordinate
    /// Metres along the route to the maneuver.
    public var distance: Meters

    /// An upcoming maneuver from its parts.
    public init(type: ManeuverType, modifier: ManeuverModifier?, name: String, instruction: String, location: Coordinate,
                distance: Meters) {
        self.type = type
        self.modifier = modifier
        self.name = name
        self.instruction = instruction
        self.location = location
        self.distance = distance
    }
}
