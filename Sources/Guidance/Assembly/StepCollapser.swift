import Geodesy
import RoadGraph
import RouteModel

/// OSRM's post-processing of maneuvers, on Waygate's maneuver points: folds what the driver
/// experiences as one maneuver into one step and drops name changes nobody needs to hear.
/// Rules, in OSRM's order:
/// 1. two turns to the same side that bring the driver back onto the road they came from,
///    within `collapseDistance` (or an unnamed link of up to twice that): one `continue uturn`;
/// 2. a staggered crossing (a right then a left, or a left then a right, under
///    `staggeredDistance` apart): straight on, a `new name` only when the road's name changes;
/// 3. a name change within `collapseDistance` before a turn is folded into the turn, and a name
///    change just after a turn (within `collapseDistance`, 1.5× that when straight or without
///    choice) gives the turn its name;
/// 4. a `new name` onto the name of the step before it, or whose name lasts under
///    `nameSegmentCutoff`, is dropped.
struct StepCollapser {
    /// The path the points lie on.
    let path: RoadPathView

    /// OSRM's `MAX_COLLAPSE_DISTANCE`, metres.
    static let collapseDistance: Meters = 30
    /// OSRM's `MAX_STAGGERED_DISTANCE`, metres.
    static let staggeredDistance: Meters = 3
    /// OSRM's `NAME_SEGMENT_CUTOFF_LENGTH`, metres: shorter name segments are not announced.
    static let nameSegmentCutoff: Meters = 105
    /// Degrees off an exact reversal within which two turns make a U-turn.
    static let reversalTolerance: Degrees = 40

    /// `points` (depart first, in path order) with the rules applied.
    func collapsed(_ points: [ManeuverPoint]) -> [ManeuverPoint] {
        shortNameSegments(nameChangesAroundTurns(staggered(uTurns(points))))
    }

    /// Metres from point `k` to the next point (or the end of the path).
    func length(_ points: [ManeuverPoint], _ k: Int) -> Meters {
        path.distance(fromSegment: points[k].segment, toSegment: k + 1 < points.count ? points[k + 1].segment : path.path.segments.count)
    }

    /// Direction of travel arriving at point `k`'s maneuver, degrees.
    func incomingBearing(_ point: ManeuverPoint) -> Degrees { path.path.intersections[point.segment - 1].incomingBearing }

    /// Direction of travel leaving point `k`'s maneuver, degrees.
    func outgoingBearing(_ point: ManeuverPoint) -> Degrees { path.path.intersections[point.segment - 1].outgoingBearing }

    /// Name and ref of the road a step carries.
    func road(_ point: ManeuverPoint) -> (name: String?, ref: String?) {
        let s = path.namingSegment(ofStepAt: point)
        return (s.name, s.ref)
    }

    /// OSRM's `haveSameName`: both steps named (or numbered) and the change not worth announcing.
    func haveSameName(_ a: ManeuverPoint, _ b: ManeuverPoint) -> Bool {
        let x = road(a), y = road(b)
        guard x.name?.isEmpty == false || x.ref?.isEmpty == false, y.name?.isEmpty == false || y.ref?.isEmpty == false else { return false }
        return !NameChange.isAnnounced(from: x, to: y)
    }

    /// Rule 1: two same-side turns that reverse the direction of travel are one `continue uturn`.
    func uTurns(_ points: [ManeuverPoint]) -> [ManeuverPoint] {
        var result = points
        var k = 1
        while k + 1 < result.count {
            let first = result[k], second = result[k + 1]
            let short = length(result, k) <= Self.collapseDistance
                || (length(result, k) <= 2 * Self.collapseDistance && road(first).name?.isEmpty != false)
            let reversed = abs(abs(Bearing.turn(from: incomingBearing(first), to: outgoingBearing(second))) - 180) < Self.reversalTolerance
            if Self.isTurnKind(first.decision.type), first.turnSide != nil, second.turnSide == nil || second.turnSide == first.turnSide,
               second.decision.type != .arrive, !Self.isRing(second), short, reversed, haveSameName(result[k - 1], second) {
                result[k].decision = ManeuverDecision(type: .continue, modifier: .uturn)
                result[k].namingSegment = second.namingSegment ?? second.segment
                result.remove(at: k + 1)
            }
            k += 1
        }
        return result
    }

    /// Rule 2: a right-left or left-right a few metres apart is going straight across.
    func staggered(_ points: [ManeuverPoint]) -> [ManeuverPoint] {
        var result = points
        var k = 1
        while k + 1 < result.count {
            let first = result[k], second = result[k + 1]
            let a = path.path.intersections[first.segment - 1].turnAngle, b = path.path.intersections[second.segment - 1].turnAngle
            let square = { (angle: Degrees) in abs(angle) > 45 && abs(angle) < 135 }
            if first.isTurn || first.isNameChange, second.isTurn || second.isNameChange, square(a), square(b), (a > 0) != (b > 0),
               length(result, k) < Self.staggeredDistance {
                result.remove(at: k + 1)
                if NameChange.isAnnounced(from: road(result[k - 1]), to: road(second)) {
                    result[k] = ManeuverPoint(segment: second.segment, decision: ManeuverDecision(type: .newName, modifier: .straight))
                } else {
                    result.remove(at: k)
                }
                continue
            }
            k += 1
        }
        return result
    }

    /// Rule 3: name changes right before or right after a turn belong to the turn.
    func nameChangesAroundTurns(_ points: [ManeuverPoint]) -> [ManeuverPoint] {
        var result = points
        var k = 1
        while k + 1 < result.count {
            let first = result[k], second = result[k + 1], gap = length(result, k)
            if first.isNameChange, second.isTurn, gap <= Self.collapseDistance {
                // Turn where the name changed, as one maneuver with the combined angle.
                result[k].decision = ManeuverDecision(type: second.decision.type, modifier: combined(first, second, keeping: second))
                result[k].namingSegment = second.namingSegment ?? second.segment
                result.remove(at: k + 1)
                continue
            }
            let strong = second.decision.type == .newName && (second.decision.modifier == .straight || !hasChoice(second))
            if first.isTurn, second.isNameChange, gap <= Self.collapseDistance || (strong && gap <= 1.5 * Self.collapseDistance) {
                result[k].decision.modifier = combined(first, second, keeping: first)
                result[k].namingSegment = second.namingSegment ?? second.segment
                result.remove(at: k + 1)
                continue
            }
            k += 1
        }
        return result
    }

    /// Rule 4 (OSRM's `suppressShortNameSegments`): drops a `new name` that repeats the name of
    /// the last step kept, or whose name is left again within `nameSegmentCutoff`.
    func shortNameSegments(_ points: [ManeuverPoint]) -> [ManeuverPoint] {
        var result: [ManeuverPoint] = []
        for (k, point) in points.enumerated() {
            if point.decision.type == .newName, let kept = result.last, !changesMode(at: point),
               haveSameName(kept, point) || length(points, k) < Self.nameSegmentCutoff {
                continue
            }
            result.append(point)
        }
        return result
    }

    /// The modifier of two maneuvers taken as one: from the direction before `first` to the
    /// direction after `second`; `keeping`'s own modifier when that is a U-turn.
    func combined(_ first: ManeuverPoint, _ second: ManeuverPoint, keeping: ManeuverPoint) -> ManeuverModifier? {
        let modifier = TurnModifier.modifier(forAngle: Bearing.turn(from: incomingBearing(first), to: outgoingBearing(second)))
        if keeping.decision.type == .fork || keeping.decision.type == .merge || keeping.decision.type.isRamp {
            return keeping.decision.modifier
        }
        return modifier == .uturn ? keeping.decision.modifier : modifier
    }

    /// Whether the driver could have gone another way at a point.
    func hasChoice(_ point: ManeuverPoint) -> Bool {
        path.path.intersections[point.segment - 1].roads.contains { $0.canEnter && !$0.isIncoming && !$0.isOutgoing }
    }

    /// Whether boarding or leaving a ferry happens at a point.
    func changesMode(at point: ManeuverPoint) -> Bool {
        guard point.segment > 0 else { return false }
        let segments = path.path.segments
        return segments[point.segment - 1].flags.contains(.ferry) != segments[point.segment].flags.contains(.ferry)
    }

    /// Whether a point enters or leaves a ring.
    static func isRing(_ point: ManeuverPoint) -> Bool {
        switch point.decision.type {
        case .roundabout, .rotary, .exitRoundabout, .exitRotary, .roundaboutTurn: true
        default: false
        }
    }

    /// Whether a maneuver type is a plain turn, a continue or an end of road (rule 1's first turn).
    static func isTurnKind(_ type: ManeuverType) -> Bool {
        switch type {
        case .turn, .continue, .endOfRoad: true
        default: false
        }
    }
}

extension ManeuverType {
    /// Whether this is an on or off ramp.
    fileprivate var isRamp: Bool { self == .onRamp || self == .offRamp }
}
