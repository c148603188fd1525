import Geodesy

/// Why the vehicle was declared off the route.
public enum OffRouteReason: String, Sendable, Hashable {
    /// Several consecutive fixes farther from the route than the tolerance.
    case distance
    /// Several consecutive moving fixes heading against the route (a U-turn on the route's road).
    case wrongWay = "wrong_way"
}

/// Counts consecutive bad fixes and decides when the vehicle is off the route, so GPS noise and a
/// single wild fix never trigger a reroute.
struct OffRouteDetector: Sendable, Hashable {
    /// Whether the vehicle is currently considered off the route.
    private(set) var isOffRoute = false
    private var farCount = 0
    private var wrongWayCount = 0
    private var returnCount = 0
    /// Where the last reroute started; detection is suppressed near it (no reroute loops).
    var rerouteOrigin: Coordinate?

    /// The distance tolerance for a fix, metres.
    static func tolerance(options: OffRouteOptions, horizontalAccuracy: Meters?, nearIntersection: Bool) -> Meters {
        let base = nearIntersection ? options.intersectionTolerance : options.tolerance
        return max(base, options.accuracyMultiplier * (horizontalAccuracy ?? 0))
    }

    /// Forgets the counters (after a gap or a new route), keeping the reroute origin.
    mutating func restartCounting() {
        farCount = 0
        wrongWayCount = 0
        returnCount = 0
    }

    /// Clears everything for a new route that starts at `origin`.
    mutating func reset(rerouteOrigin origin: Coordinate?) {
        restartCounting()
        isOffRoute = false
        rerouteOrigin = origin
    }

    /// Feeds one fix; returns the reason when this fix makes the vehicle newly off-route.
    mutating func update(distanceFromRoute: Meters, tolerance: Meters, headingDifference: Degrees?, coordinate: Coordinate,
                         horizontalAccuracy: Meters?, options: OffRouteOptions) -> OffRouteReason? {
        if let accuracy = horizontalAccuracy, accuracy > options.maximumAccuracy { return nil }
        if let origin = rerouteOrigin {
            if origin.distance(to: coordinate) < options.minimumDistanceFromRerouteOrigin {
                restartCounting()
                return nil
            }
            rerouteOrigin = nil
        }
        let far = distanceFromRoute > tolerance
        let wrongWay = (headingDifference ?? 0) > options.wrongWayAngle
        farCount = far ? farCount + 1 : 0
        wrongWayCount = wrongWay ? wrongWayCount + 1 : 0
        if isOffRoute {
            returnCount = far || wrongWay ? 0 : returnCount + 1
            if returnCount >= options.consecutiveReturnFixes {
                isOffRoute = false
                restartCounting()
            }
            return nil
        }
        if farCount >= options.consecutiveFixes {
            isOffRoute = true
            return .distance
        }
        if wrongWayCount >= options.consecutiveWrongWayFixes {
            isOffRoute = true
            return .wrongWay
        }
        return nil
    }
}
