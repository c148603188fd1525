import Geodesy
import RoadGraph

/// The tunables of the HMM matcher, shared by `OnlineMatcher` and `TraceMatcher`.
///
/// Distances are metres, speeds m/s, angles degrees. The defaults were tuned on 1 Hz drives over
/// the Helsinki extract with Gaussian noise of 5, 10 and 20 m (docs/map-matching.md).
public struct MatchingOptions: Sendable, Hashable {
    /// The profile whose access rules, oneways and turn restrictions the vehicle follows.
    public var profile: TravelProfile = .car
    /// Candidate radius as a multiple of the fix's horizontal accuracy, before clamping.
    public var radiusPerAccuracy: Double = 3
    /// Smallest candidate search radius, metres.
    public var minimumRadius: Meters = 25
    /// Largest candidate search radius, metres.
    public var maximumRadius: Meters = 100
    /// At most this many candidates (the most likely by emission) are kept per fix. Meili keeps
    /// every edge within the radius; this only bounds the work at a dense junction under a wide
    /// radius. Each direction of a road is a candidate, so a junction of four two-way streets alone
    /// gives eight: a cap of 8 (until session 31) dropped the next street in city centres.
    public var maximumCandidates: Int = 48
    /// Standard deviation of the GPS error assumed when a fix carries no horizontal accuracy, metres.
    public var defaultSigma: Meters = 8
    /// Whether fixes without a horizontal accuracy get one estimated from the trace itself
    /// (`NoiseEstimator`: the median distance to the matched roads) instead of `defaultSigma`.
    public var estimatesNoise = true
    /// Residuals the noise estimate is the median of: the latest ones live, a window centred on
    /// the fix offline.
    public var noiseWindow = 60
    /// Lower bound of the GPS error standard deviation, metres (receivers tend to be optimistic).
    public var minimumSigma: Meters = 4
    /// Scale of the exponential on |network distance − great-circle distance| between fixes, metres.
    public var beta: Meters = 25
    /// From this speed on (m/s) the fix's course is compared with the edge direction.
    public var headingMinimumSpeed: MetersPerSecond = 2
    /// Standard deviation of the course error, degrees: a candidate `d` degrees off costs `½(d/σ)²`.
    public var headingSigma: Degrees = 25
    /// Largest cost a heading disagreement can add (reached at about 180°).
    public var maximumHeadingCost: Double = 18
    /// Emission cost added for service roads, tracks and paths, so a parallel service road or
    /// parking aisle wins only when the fixes clearly follow it.
    public var minorRoadCost: Double = 1
    /// Emission cost added for footways, paths, cycleways, bridleways, steps and pedestrian streets
    /// (the car profile opens them when an access tag lets cars in, `access=permissive` on a footway
    /// as OSRM's car.lua does). 3 keeps cars off Helsinki's pedestrian tunnels beside its streets
    /// (1 Hz, σ 10: 90.0 → 91.4 % within 2 m offline) but costs Milan's OSRM drives 0.2–0.6
    /// points, at 1 Hz too, so the default stays the minor-road cost
    /// (docs/map-matching.md, "Sparse fixes and another city").
    public var pathCost: Double = 1
    /// How many times the profile's speeds the vehicle may drive between two timed fixes before
    /// the transition pays for it: a path whose profile time exceeds `speedFactor` × the seconds
    /// between the fixes costs the metres driven in the excess time, over β. What keeps a car
    /// passing at street speed off a footway or cycleway open to it at 10 km/h beside the street
    /// (σ 10, 1 Hz, within 2 m offline: Helsinki 90.0 → 90.5 %, Milan 97.1 → 97.5 %); 2 leaves a
    /// driver well above the profile's speeds unpenalised. 0 turns it off (docs/map-matching.md).
    public var speedFactor: Double = 2
    /// Offline, a fix closer than this to the last fix decoded (metres), or than
    /// `interpolationSigmas` × its σ when that is more, is not decoded on its own but placed on the
    /// path matched between its neighbours, as valhalla's `interpolation_distance` (10 m, twice its
    /// default 5 m accuracy) does: two fixes closer than the noise say nothing about which road
    /// was driven that the next fix farther on does not say better. 0 decodes every fix.
    public var interpolationDistance: Meters = 10
    /// See `interpolationDistance`.
    public var interpolationSigmas: Double = 2
    /// How far a fix may fall behind the previous one along the road without breaking the match,
    /// metres, at least: the tolerance grows to `backwardToleranceSigmas` × the fix's sigma.
    public var backwardTolerance: Meters = 15
    /// Whether a step back along the road counts as negative distance in the transition cost
    /// (|−back − great-circle| / β) rather than as distance driven: see `TransitionModel`.
    public var penalizesBackwardMotion = true
    /// The backward tolerance in GPS sigmas (two fixes' along-track errors differ by √2 σ).
    public var backwardToleranceSigmas: Double = 3
    /// Extra network distance charged for a turn at a node, metres, scaled by (turn angle / 180°)²,
    /// less the same for the straightest turn allowed there (`NetworkSearch.TurnCharges`): a road
    /// that bends with no other way on costs nothing, leaving a straight road at a right angle a
    /// quarter of it. Charged only into fixes without a usable course, for which it is what keeps a
    /// path from detouring through side streets (docs/map-matching.md); 0 turns it off.
    public var turnPenalty: Meters = 350
    /// Extra network distance charged for a U-turn (mid-edge or at a node), metres.
    public var uTurnPenalty: Meters = 60
    /// The fastest the vehicle is assumed to move, m/s: bounds the path search over GPS gaps.
    public var maximumSpeed: MetersPerSecond = 55
    /// The path search between two fixes reaches at most this many times their great-circle
    /// distance (plus 100 m): a longer way round is taken for a break.
    public var routeDistanceFactor: Double = 2
    /// The path search never explores farther than this from the previous candidate, metres.
    public var maximumSearchDistance: Meters = 5000
    /// A fix farther than this many sigmas from every road is reported off-road.
    public var offRoadSigmas: Double = 3.5
    /// A restart of the chain is published as a teleport only if it moves the matched position this far, metres.
    public var teleportDistance: Meters = 50
    /// Seconds assumed between fixes that carry no time (live mode only).
    public var assumedInterval: Seconds = 1
    /// Length of the most probable path ahead published with each live match, metres.
    public var horizonLength: Meters = 500
    /// Speed limits used where `maxspeed` is not tagged; nil picks them from the map's location.
    public var speedLimitDefaults: SpeedLimitDefaults?

    /// Options with every default; change fields afterwards.
    public init(profile: TravelProfile = .car) {
        self.profile = profile
        switch profile {
        case .car: maximumSpeed = 55
        case .bike: maximumSpeed = 15
        case .foot: maximumSpeed = 5
        }
    }
}
