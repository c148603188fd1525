public import Geodesy

/// How far along the current leg (between two waypoints) the vehicle is (Mapbox `RouteLegProgress`).
public struct RouteLegProgress: Sendable, Hashable {
    /// Index of the leg in the route.
    public var legIndex: Int
    /// Index of the current step in the leg.
    public var stepIndex: Int
    /// Length of the leg's geometry, metres.
    public var distance: Meters
    /// Metres travelled on the leg.
    public var distanceTraveled: Meters
    /// Metres left to the leg's waypoint.
    public var distanceRemaining: Meters
    /// Expected seconds left on the leg: the current step's remainder plus the later steps' durations.
    public var durationRemaining: Seconds
    /// Fraction of the leg travelled, 0…1.
    public var fractionTraveled: Double
    /// Whether this is the route's last leg.
    public var isFinalLeg: Bool
    /// Whether the vehicle has arrived at this leg's waypoint.
    public var userHasArrivedAtWaypoint: Bool
    /// Progress on the current step.
    public var currentStepProgress: RouteStepProgress

    /// A leg progress from its parts.
    public init(legIndex: Int, stepIndex: Int, distance: Meters, distanceTraveled: Meters, distanceRemaining: Meters,
                durationRemaining: Seconds, fractionTraveled: Double, isFinalLeg: Bool, userHasArrivedAtWaypoint: Bool,
                currentStepProgress: RouteStepProgress) {
        self.legIndex = legIndex
        self.stepIndex = stepIndex
        self.distance = distance
        self.distanceTraveled = distanceTraveled
        self.distanceRemaining = distanceRemaining
        self.durationRemaining = durationRemaining
        self.fractionTraveled = fractionTraveled
        self.isFinalLeg = isFinalLeg
        self.userHasArrivedAtWaypoint = userHasArrivedAtWaypoint
        self.currentStepProgress = currentStepProgress
    }
}
