import Geodesy
import RoadGraph
import RouteModel

/// Roundabouts and rotaries as OSRM describes them: a `roundabout` (or `rotary`) step where the
/// ring is entered, its modifier the direction of the entering turn and its exit number counted
/// over the exits that can be entered (one-way roads flowing in are not exits), then an
/// `exit roundabout` (`exit rotary`) step where the ring is left, its modifier the direction of
/// that turn. A ring is a rotary when it has a name of its own (no road meeting it carries it)
/// and a radius above `rotaryRadius`.
enum RoundaboutHandler {
    /// Metres of radius above which a named roundabout is a rotary (OSRM's `MAX_ROUNDABOUT_RADIUS`).
    static let rotaryRadius: Meters = 15

    /// A roundabout passage: where it starts and ends in the path and what to say.
    struct Passage {
        /// Index of the first ring segment.
        var firstSegment: Int
        /// Index of the first segment after the ring (`segments.count` when the path ends on it).
        var exitSegment: Int
        /// The maneuver decision where the ring is entered.
        var decision: ManeuverDecision
        /// The maneuver decision where the ring is left, nil when the path ends on it.
        var exitDecision: ManeuverDecision?
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
        var exits = 0
        for k in (entry + 1)..<min(end, path.intersections.count) {
            if path.intersections[k].roads.contains(where: { $0.canEnter && !$0.flags.contains(.roundabout) }) { exits += 1 }
        }
        let rotaryName = Self.rotaryName(path, ring: (entry + 1)..<end)
        let leaves = end < segments.count
        let node = path.intersections[entry]
        let ringEnd = leaves ? path.intersections[end - 1].geometryIndex : path.geometry.count - 1
        let ring = ringTangent(path, at: node.geometryIndex, forward: true, limit: ringEnd) ?? node.outgoingBearing
        let entering = TurnModifier.modifier(forAngle: Bearing.turn(from: node.incomingBearing, to: ring))
        return Passage(
            firstSegment: entry + 1, exitSegment: end,
            decision: ManeuverDecision(type: rotaryName != nil ? .rotary : .roundabout, modifier: entering == .uturn ? .straight : entering),
            exitDecision: leaves ? exitDecision(path, leavingAt: end - 1, ringStart: node.geometryIndex, rotary: rotaryName != nil) : nil,
            exit: leaves ? max(exits, 1) : nil, rotaryName: rotaryName)
    }

    /// Where a path that starts on a ring leaves it: the segment after the ring and an
    /// `exit roundabout` (or `exit rotary`) decision, nil when the path never leaves the ring.
    static func departure(_ path: RoadPath) -> (segment: Int, decision: ManeuverDecision)? {
        let segments = path.segments
        guard segments.first?.flags.contains(.roundabout) == true,
              let end = segments.firstIndex(where: { !$0.flags.contains(.roundabout) }) else { return nil }
        return (end, exitDecision(path, leavingAt: end - 1, ringStart: 0, rotary: rotaryName(path, ring: 0..<end) != nil))
    }

    /// The `exit roundabout` / `exit rotary` decision for leaving the ring at `path.intersections[k]`.
    /// `ringStart` is the geometry index where the ring was entered (0 when the path starts on it).
    static func exitDecision(_ path: RoadPath, leavingAt k: Int, ringStart: Int, rotary: Bool) -> ManeuverDecision {
        let node = path.intersections[k]
        let ring = ringTangent(path, at: node.geometryIndex, forward: false, limit: ringStart) ?? node.incomingBearing
        let modifier = TurnModifier.modifier(forAngle: Bearing.turn(from: ring, to: node.outgoingBearing))
        return ManeuverDecision(type: rotary ? .exitRotary : .exitRoundabout, modifier: modifier == .uturn ? .straight : modifier)
    }

    /// Share of the chord's bend added back: 1/2 would be the exact tangent of a circle through the points;
    /// OSRM measures its bearings a few metres out, about halfway between chord and tangent.
    static let tangentShare = 0.25

    /// The direction of travel on the ring at the node `geometry[index]`, from the chord to the
    /// next ring point (`forward`, where the ring is entered) or from the one before it (where it
    /// is left), turned outwards by `tangentShare` of the bend to the point after (or before)
    /// that, towards the ring's tangent; not past `geometry[limit]`. Nil when the ring has fewer
    /// than three points there.
    static func ringTangent(_ path: RoadPath, at index: Int, forward: Bool, limit: Int) -> Degrees? {
        let points = path.geometry, step = forward ? 1 : -1
        let (near, far) = (index + step, index + 2 * step)
        guard points.indices.contains(index), points.indices.contains(far), forward ? far <= limit : far >= limit else { return nil }
        let first = forward ? points[index].bearing(to: points[near]) : points[far].bearing(to: points[near])
        let second = forward ? points[near].bearing(to: points[far]) : points[near].bearing(to: points[index])
        let bend = Bearing.turn(from: first, to: second)
        return Bearing.normalized(forward ? first - bend * tangentShare : second + bend * tangentShare)
    }

    /// The ring's name when the travelled part of it (`ring`, segment indexes) is a rotary: one
    /// name of its own, not carried by any road meeting it, and a radius above `rotaryRadius`.
    static func rotaryName(_ path: RoadPath, ring: Range<Int>) -> String? {
        let names = Set(path.segments[ring].compactMap { $0.name?.isEmpty == false ? $0.name : nil })
        guard names.count == 1, let name = names.first else { return nil }
        let lower = max(ring.lowerBound - 1, 0), upper = min(ring.upperBound, path.intersections.count)
        if lower < upper {
            for k in lower..<upper where path.intersections[k].roads.contains(where: { !$0.flags.contains(.roundabout) && $0.name == name }) {
                return nil
            }
        }
        return radius(path, ring: ring) > rotaryRadius ? name : nil
    }

    /// The ring's radius in metres, estimated from the travelled length over the heading turned.
    static func radius(_ path: RoadPath, ring: Range<Int>) -> Meters {
        guard let first = ring.first, ring.upperBound <= path.segments.count else { return 0 }
        let points = path.geometry[path.segments[first].geometryRange.lowerBound...path.segments[ring.upperBound - 1].geometryRange.upperBound]
        var length: Meters = 0, turned: Degrees = 0, heading: Degrees?
        for (a, b) in zip(points, points.dropFirst()) where a.distance(to: b) > 0.5 {
            length += a.distance(to: b)
            let bearing = a.bearing(to: b)
            if let heading { turned += abs(Bearing.turn(from: heading, to: bearing)) }
            heading = bearing
        }
        // Nearly straight: a ring too big to tell from the piece travelled.
        guard turned > 10 else { return .infinity }
        return length / (turned * .pi / 180)
    }
}
