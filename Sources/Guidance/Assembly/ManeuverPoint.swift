import Geodesy
import RoadGraph
import RouteModel

/// Where a step starts in a path and what the driver does there.
struct ManeuverPoint: Hashable {
    /// Index of the first segment of the step.
    var segment: Int
    /// The maneuver type and modifier.
    var decision: ManeuverDecision
    /// Roundabout exit number.
    var exit: Int? = nil
    /// Rotary name.
    var rotaryName: String? = nil

    /// The maneuvers along `path`, depart first (arrive is added by the step builder).
    static func all(in path: RoadPathView) -> [ManeuverPoint] {
        let p = path.path
        var points = [ManeuverPoint(segment: 0, decision: ManeuverDecision(type: .depart))]
        var i = 0
        if let departure = RoundaboutHandler.departure(p) {
            points.append(ManeuverPoint(segment: departure.segment, decision: departure.decision))
            i = departure.segment
        }
        while i < p.intersections.count {
            let context = TurnContext(intersection: p.intersections[i], incoming: p.segments[i], outgoing: p.segments[i + 1])
            if context.outgoing.flags.contains(.roundabout) && !context.incoming.flags.contains(.roundabout) {
                let passage = RoundaboutHandler.passage(p, enteringAt: i)
                points.append(
                    ManeuverPoint(segment: passage.firstSegment, decision: passage.decision, exit: passage.exit, rotaryName: passage.rotaryName))
                i = passage.exitSegment
                continue
            }
            if let decision = ManeuverChain.decide(context) { points.append(ManeuverPoint(segment: i + 1, decision: decision)) }
            i += 1
        }
        return collapsed(points, path: path)
    }

    /// Drops name changes that give back the name the driver is already on (A → unnamed bridge → A
    /// is one road to the driver) — nothing changes for them.
    static func collapsed(_ points: [ManeuverPoint], path: RoadPathView) -> [ManeuverPoint] {
        var result: [ManeuverPoint] = []
        for point in points {
            if point.decision.type == .newName, point.decision.modifier == .straight || point.decision.modifier == nil,
               let previous = result.last, path.identity(ofStepAt: previous) == path.identity(ofStepAt: point) {
                continue
            }
            result.append(point)
        }
        return result
    }
}
