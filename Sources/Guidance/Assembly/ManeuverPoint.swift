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
    /// Index of the segment whose name the step carries when not its first (a name change
    /// folded into the maneuver before it); nil for the first (or, on a ring, the exit road).
    var namingSegment: Int? = nil

    /// The maneuvers along `path`, depart first (arrive is added by the step builder); the handler
    /// chain's decision at an intersection `sharing` shares is taken from there, and every decision
    /// made is recorded in `parts` (when not nil).
    static func all(in path: RoadPathView, like sharing: LegSharing? = nil, recording parts: inout LegParts?) -> [ManeuverPoint] {
        let p = path.path
        var points = [ManeuverPoint(segment: 0, decision: ManeuverDecision(type: .depart))]
        var i = 0
        if let departure = RoundaboutHandler.departure(p) {
            points.append(ManeuverPoint(segment: departure.segment, decision: departure.decision))
            i = departure.segment
        }
        let segments = p.segments, intersections = p.intersections
        while i < intersections.count {
            let context = TurnContext(segments: segments, intersections: intersections, at: i)
            if context.outgoing.flags.contains(.roundabout) && !context.incoming.flags.contains(.roundabout) {
                let passage = RoundaboutHandler.passage(p, enteringAt: i)
                points.append(
                    ManeuverPoint(segment: passage.firstSegment, decision: passage.decision, exit: passage.exit, rotaryName: passage.rotaryName))
                if let exitDecision = passage.exitDecision {
                    points.append(ManeuverPoint(segment: passage.exitSegment, decision: exitDecision, exit: passage.exit))
                }
                i = passage.exitSegment
                continue
            }
            // The chain reads the intersection and the segments on both its sides only.
            let decision: ManeuverDecision?
            if let sharing, let k = sharing.otherIntersection(i), let known = sharing.decisions[k] {
                decision = known
            } else {
                decision = ManeuverChain.decide(context)
            }
            parts?.decisions[i] = .some(decision)
            if let decision { points.append(ManeuverPoint(segment: i + 1, decision: decision)) }
            i += 1
        }
        return StepCollapser(path: path).collapsed(points)
    }

    /// -1 for a left or sharp left turn, 1 for right or sharp right, nil otherwise.
    var turnSide: Int? {
        guard decision.type == .turn || decision.type == .continue || decision.type == .endOfRoad else { return nil }
        switch decision.modifier {
        case .left, .sharpLeft: return -1
        case .right, .sharpRight: return 1
        default: return nil
        }
    }

    /// Whether this is a `new name`, or a `turn` / `continue` straight on (what OSRM collapses as a name change).
    var isNameChange: Bool {
        switch decision.type {
        case .newName: true
        case .turn, .continue: decision.modifier == .straight
        default: false
        }
    }

    /// Whether the driver does something here OSRM keeps when collapsing: a turn of any kind
    /// except a name change, a roundabout, a waypoint or a ferry boarding.
    var isTurn: Bool {
        switch decision.type {
        case .turn, .continue, .endOfRoad, .fork, .onRamp, .offRamp, .merge: !isNameChange
        default: false
        }
    }
}
