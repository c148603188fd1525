import Geodesy
import RoadGraph
import RouteModel

/// Roundabouts and rotaries: one step from the entry to the exit road, with the exit number
/// counted over the exits that can be entered (one-way roads flowing in are not exits).
/// Named or large roundabouts are rotaries ("Enter Piazza … and take the 2nd exit").
enum RoundaboutHandler {
    /// Ring distance in metres above which an unnamed roundabout is a rotary.
    static let rotaryDistance: Meters = 200

    /// A roundabout passage: where it starts and ends in the path and what to say.
    struct Passage {
        /// Index of the first ring segment.
        var firstSegment: Int
        /// Index of the first segment after the ring (`segments.count` when the path ends on it).
        var exitSegment: Int
        /// The maneuver decision.
        var decision: ManeuverDecision
        /// 1-based exit number, nil when the path ends on the ring.
        var exit: Int?
        /// The ring's name when it is a rotary.
        var rotaryName: String?
    }

    /// The passage entered at `path.intersections[entry]` (the segment after it is on the ring).
    static func passage(_ path: RoadPath, enteringAt entry: Int) -> Passage {
        let segments = path.segments
        var end = entry + 1
        while end < segments.count, segments[end].flags.contains(.roundabout) { end += 1 }
        let ring = segments[(entry + 1)..<end]
        var exits = 0
        for k in (entry + 1)..<min(end, path.intersections.count) {
            if path.intersections[k].roads.contains(where: { $0.canEnter && !$0.flags.contains(.roundabout) }) { exits += 1 }
        }
        let leaving = end < segments.count ? path.intersections[end - 1].outgoingBearing : path.arrivalBearing
        let angle = Bearing.turn(from: path.intersections[entry].incomingBearing, to: leaving)
        var modifier = TurnModifier.modifier(forAngle: angle)
        if modifier == .uturn && end < segments.count { modifier = angle > 0 ? .sharpRight : .sharpLeft }
        let name = ring.first(where: { $0.name?.isEmpty == false })?.name
        let isRotary = name != nil || ring.reduce(0) { $0 + $1.distance } > rotaryDistance
        return Passage(
            firstSegment: entry + 1, exitSegment: end,
            decision: ManeuverDecision(type: isRotary ? .rotary : .roundabout, modifier: modifier),
            exit: end < segments.count ? max(exits, 1) : nil, rotaryName: isRotary ? name : nil)
    }

    /// Where a path that starts on a ring leaves it: the segment after the ring and an
    /// `exit roundabout` (or `exit rotary`) decision, nil when the path never leaves the ring.
    static func departure(_ path: RoadPath) -> (segment: Int, decision: ManeuverDecision)? {
        let segments = path.segments
        guard segments.first?.flags.contains(.roundabout) == true,
              let end = segments.firstIndex(where: { !$0.flags.contains(.roundabout) }) else { return nil }
        let ring = segments[..<end]
        let isRotary = ring.contains { $0.name?.isEmpty == false }
        let modifier = TurnModifier.modifier(forAngle: path.intersections[end - 1].turnAngle)
        return (end, ManeuverDecision(type: isRotary ? .exitRotary : .exitRoundabout, modifier: modifier))
    }
}
