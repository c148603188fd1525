public import Geodesy
public import RouteModel
public import Timekeeping

/// One position update for the camera: the vehicle (raw or matched) plus, in active guidance,
/// what lies ahead on the route.
public struct CameraInput: Sendable, Hashable {
    /// Fix time; transitions and smoothing run on it.
    public var time: Timestamp?
    /// The vehicle's position (matched or snapped when available).
    public var location: Coordinate
    /// Course over ground, degrees, if known.
    public var course: Degrees?
    /// Speed, m/s, if known.
    public var speed: MetersPerSecond?
    /// Route context in active guidance; nil in free drive.
    public var guidance: CameraGuidanceContext?

    /// An input from its parts.
    public init(time: Timestamp?, location: Coordinate, course: Degrees? = nil, speed: MetersPerSecond? = nil,
                guidance: CameraGuidanceContext? = nil) {
        self.time = time
        self.location = location
        self.course = course
        self.speed = speed
        self.guidance = guidance
    }
}

/// What the camera needs to know about the route ahead (made by `RouteFollower.cameraContext`).
public struct CameraGuidanceContext: Sendable, Hashable {
    /// The vehicle snapped onto the route.
    public var location: Coordinate
    /// Direction from the vehicle to a point some way ahead along the route, degrees.
    public var routeBearing: Degrees
    /// Metres to the next maneuver.
    public var distanceToManeuver: Meters
    /// Type of the next maneuver, if any.
    public var upcomingManeuverType: ManeuverType?
    /// Whether the next maneuver is the final arrival.
    public var isFinalStep: Bool
    /// Bounds of the rest of the current leg, vehicle included.
    public var remainingBounds: GeoBounds
    /// Bounds of the rest of the whole route (later legs too), vehicle included.
    public var remainingRouteBounds: GeoBounds

    /// A context from its parts.
    public init(location: Coordinate, routeBearing: Degrees, distanceToManeuver: Meters, upcomingManeuverType: ManeuverType?,
                isFinalStep: Bool, remainingBounds: GeoBounds, remainingRouteBounds: GeoBounds? = nil) {
        self.location = location
        self.routeBearing = routeBearing
        self.distanceToManeuver = distanceToManeuver
        self.upcomingManeuverType = upcomingManeuverType
        self.isFinalStep = isFinalStep
        self.remainingBounds = remainingBounds
        self.remainingRouteBounds = remainingRouteBounds ?? remainingBounds
    }
}
