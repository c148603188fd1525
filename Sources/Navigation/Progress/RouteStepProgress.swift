public import Geodesy

/// How far along the current step the vehicle is (Mapbox `RouteStepProgress`).
///
/// Distances are measured on the step's own geometry; the duration is the step's expected
/// travel time scaled linearly by the fraction left, as Mapbox does.
public struct RouteStepProgress: Sendable, Hashable {
    /// Index of the step in its leg.
    public var stepIndex: Int
    /// Length of the step's geometry, metres.
    public var distance: Meters
    /// Metres travelled on the step.
    public var distanceTraveled: Meters
    /// Metres left to the step's end (the next maneuver).
    public var distanceRemaining: Meters
    /// Expected seconds left on the step: `(1 − fractionTraveled) × step.duration`.
    public var durationRemaining: Seconds
    /// Fraction of the step travelled, 0…1 (1 for a zero-length step).
    public var fractionTraveled: Double

    /// A step progress from its parts.
    public init(stepIndex: Int, distance: Meters, distanceTraveled: Meters, distanceRemaining: Meters,
                durationRemaining: Seconds, fractionTraveled: Double) {
        self.stepIndex = stepIndex
        self.distance = distance
        self.distanceTraveled = distanceTraveled
        self.distanceRemaining = distanceRemaining
        self.durationRemaining = durationRemaining
        self.fractionTraveled = fractionTraveled
    }
}
