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

    /// Metres within which a chain of straight name changes that comes back to the road the
    /// driver was on (A → square → B → A) is one road to the driver.
    static let detourChain: Meters = 150

    /// Drops straight (or slight) name changes that give back a name the driver was on a moment ago
    /// (A → unnamed bridge → A, A → Piazza X → A): nothing changes for the driver.
    static func collapsed(_ points: [ManeuverPoint], path: RoadPathView) -> [ManeuverPoint] {
        var result: [ManeuverPoint] = []
        for point in points {
            if point.isStraightNameChange {
                let identity = path.identity(ofStepAt: point)
                var k = result.count - 1, chain: Meters = 0
                while k >= 0 {
                    if path.identity(ofStepAt: result[k]) == identity { break }
                    guard result[k].isStraightNameChange else { k = -1; break }
                    chain += path.distance(fromSegment: result[k].segment, toSegment: k + 1 < result.count ? result[k + 1].segment : point.segment)
                    if chain > detourChain { k = -1; break }
                    k -= 1
                }
                if k >= 0 {
                    result.removeSubrange((k + 1)...)
                    continue
                }
            }
            if let last = result.last, last.segment > 0 {
                let length = path.distance(fromSegment: last.segment, toSegment: point.segment)
                // A short passage between two straight name changes (a small square, an unnamed
                // crossing piece): the driver sees one change, to the second name.
                if last.isStraightNameChange, point.isStraightNameChange, length < shortPassage {
                    result[result.count - 1].segment = point.segment
                    result[result.count - 1].decision = point.decision
                    continue
                }
                // Two turns to the same side a few metres apart (across a dual carriageway): one U-turn.
                if length < shortPassage / 2, let side = last.turnSide, side == point.turnSide {
                    result[result.count - 1].decision = ManeuverDecision(type: .continue, modifier: .uturn)
                    result[result.count - 1].segment = point.segment
                    continue
                }
            }
            result.append(point)
        }
        return result
    }

    /// Metres under which a stretch between two maneuvers is folded into one maneuver.
    static let shortPassage: Meters = 60

    /// -1 for a left or sharp left turn, 1 for right or sharp right, nil otherwise.
    var turnSide: Int? {
        guard decision.type == .turn || decision.type == .continue || decision.type == .endOfRoad else { return nil }
        switch decision.modifier {
        case .left, .sharpLeft: return -1
        case .right, .sharpRight: return 1
        default: return nil
        }
    }

    /// Whether this is a `new name` going straight or slightly off.
    var isStraightNameChange: Bool {
        guard decision.type == .newName else { return false }
        return [nil, .straight, .slightLeft, .slightRight].contains(decision.modifier)
    }
}
