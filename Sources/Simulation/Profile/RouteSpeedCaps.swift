import Geodesy
import RouteModel

/// The speed caps and stops a route's metadata imposes, laid out on the distance axis of the
/// route geometry: per-segment annotation speeds and limits (aligned leg by leg, so a multi-leg
/// route never reads one leg's annotations on another), step speed limits and travel times, and
/// roundabout steps.
struct RouteSpeedCaps {
    var caps: [SpeedCap] = []
    /// Distances of the intermediate waypoints (leg ends), metres.
    var legEnds: [Meters] = []

    /// The caps of `route` on a geometry `length` metres long. Typical speeds are floored at
    /// `minimumCruiseSpeed`; posted limits are always honoured.
    init(route: Route, length: Meters, turns: TurnSpeedModel, minimumCruiseSpeed: MetersPerSecond) {
        let legShapes = route.legs.map(Self.legShape)
        let legLengths = zip(route.legs, legShapes).map { leg, shape in
            let l = Polyline(shape).length
            return l > 0 ? l : max(0, leg.distance)
        }
        let total = legLengths.reduce(0, +)
        guard total > 0, length > 0 else { return }
        let scale = length / total
        var offset: Meters = 0
        for (k, leg) in route.legs.enumerated() {
            let legLength = legLengths[k] * scale
            if k > 0 { legEnds.append(offset) }
            let usedAnnotation = addAnnotation(leg.annotation, shape: legShapes[k], from: offset, length: legLength,
                                               minimumCruiseSpeed: minimumCruiseSpeed)
            addSteps(leg.steps, from: offset, length: legLength, typicalSpeeds: !usedAnnotation, turns: turns,
                     minimumCruiseSpeed: minimumCruiseSpeed)
            offset += legLength
        }
    }

    /// The leg's coordinates as OSRM numbers them for annotations: the steps joined, each shared
    /// maneuver point once, the two-point `arrive` step left out.
    static func legShape(_ leg: RouteLeg) -> [Coordinate] {
        var shape: [Coordinate] = []
        for step in leg.steps where step.maneuver.type != .arrive || shape.isEmpty {
            shape.append(contentsOf: shape.isEmpty ? step.geometry[...] : step.geometry.dropFirst())
        }
        return shape
    }

    /// Adds one cap per annotated segment; returns whether typical speeds came from the annotation.
    private mutating func addAnnotation(_ annotation: LegAnnotation?, shape: [Coordinate], from offset: Meters,
                                        length: Meters, minimumCruiseSpeed: MetersPerSecond) -> Bool {
        guard let annotation else { return false }
        let n = max(annotation.speed.count, annotation.maxSpeed.count, annotation.duration.count)
        guard n > 0 else { return false }
        var bounds: [Meters]
        if annotation.distance.count == n, annotation.distance.allSatisfy({ $0 >= 0 }), annotation.distance.reduce(0, +) > 0 {
            bounds = [0]
            for d in annotation.distance { bounds.append(bounds[bounds.count - 1] + d) }
        } else if shape.count == n + 1 {
            bounds = Polyline(shape).cumulativeDistances
        } else {
            return false  // cannot be aligned with the geometry: better unused than misplaced
        }
        let scale = bounds[n] > 0 ? length / bounds[n] : 0
        var hasTypical = false
        for i in 0..<n {
            let lower = offset + bounds[i] * scale, upper = offset + bounds[i + 1] * scale
            guard upper > lower else { continue }
            var typical: MetersPerSecond?
            if i < annotation.speed.count, annotation.speed[i] > 0, annotation.speed[i].isFinite {
                typical = annotation.speed[i]
            } else if i < annotation.duration.count, annotation.duration[i] > 0, bounds[i + 1] > bounds[i] {
                typical = (bounds[i + 1] - bounds[i]) / annotation.duration[i]
            }
            if let typical {
                hasTypical = true
                caps.append(SpeedCap(lower: lower, upper: upper, speed: max(minimumCruiseSpeed, typical)))
            }
            if i < annotation.maxSpeed.count, let limit = annotation.maxSpeed[i], limit.metersPerSecond > 0 {
                caps.append(SpeedCap(lower: lower, upper: upper, speed: limit.metersPerSecond))
            }
        }
        return hasTypical
    }

    private mutating func addSteps(_ steps: [RouteStep], from offset: Meters, length: Meters, typicalSpeeds: Bool,
                                   turns: TurnSpeedModel, minimumCruiseSpeed: MetersPerSecond) {
        let lengths = steps.map { step in
            let l = Polyline(step.geometry).length
            return l > 0 ? l : max(0, step.distance)
        }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return }
        let scale = length / total
        var lower = offset
        for (step, stepLength) in zip(steps, lengths) {
            let upper = lower + stepLength * scale
            defer { lower = upper }
            guard upper > lower else { continue }
            if let limit = step.speedLimit, limit.metersPerSecond > 0 {
                caps.append(SpeedCap(lower: lower, upper: upper, speed: limit.metersPerSecond))
            }
            if typicalSpeeds, step.duration > 0, step.distance > 0 {
                caps.append(SpeedCap(lower: lower, upper: upper, speed: max(minimumCruiseSpeed, step.distance / step.duration)))
            }
            switch step.maneuver.type {
            case .roundabout, .rotary, .roundaboutTurn:
                caps.append(SpeedCap(lower: lower, upper: upper, speed: turns.roundaboutSpeed))
            default:
                break
            }
        }
    }
}
