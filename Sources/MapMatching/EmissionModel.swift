import Geodesy
import Positioning
import RoadGraph

/// The probability of a fix given a position on a directed edge: a Gaussian on the distance from
/// the fix to the edge, times a Gaussian on the angle between the fix's course and the edge's
/// direction when the vehicle moves fast enough for the course to mean something. The heading
/// term is what keeps a match on the right carriageway of a dual road, off the wrong direction of
/// a oneway, and on the road actually driven when a parallel one is nearer.
public struct EmissionModel: Sendable {
    /// Sigma and heading settings.
    public let options: MatchingOptions

    /// A model with `options`.
    public init(options: MatchingOptions) { self.options = options }

    /// The GPS error standard deviation for a fix, metres: its horizontal accuracy, or the default,
    /// never below `minimumSigma`.
    public func sigma(for fix: Fix) -> Meters {
        max(options.minimumSigma, Self.reportedAccuracy(of: fix) ?? options.defaultSigma)
    }

    /// The fix's horizontal accuracy when it carries a usable one (finite, positive), else nil.
    public static func reportedAccuracy(of fix: Fix) -> Meters? {
        fix.horizontalAccuracy.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// The fix's course in degrees when it is moving at `headingMinimumSpeed` or more, else nil.
    public func usableCourse(of fix: Fix) -> Degrees? {
        guard let course = fix.course, course.isFinite, let speed = fix.speed, speed >= options.headingMinimumSpeed else { return nil }
        return Bearing.normalized(course)
    }

    /// The emission cost (negative log-probability, constant terms dropped) of a fix `distance`
    /// metres from an edge of `roadClass` whose direction there is `edgeBearing`, given the fix's `course`.
    public func cost(distance: Meters, sigma: Meters, edgeBearing: Degrees, course: Degrees?, roadClass: RoadClass) -> Double {
        let z = distance / sigma
        var cost = 0.5 * z * z
        switch roadClass {
        case .service, .track: cost += options.minorRoadCost
        case .path, .footway, .cycleway, .bridleway, .steps, .pedestrian: cost += options.pathCost
        default: break
        }
        if let course {
            let h = Bearing.difference(edgeBearing, course) / options.headingSigma
            cost += min(options.maximumHeadingCost, 0.5 * h * h)
        }
        return cost
    }
}
