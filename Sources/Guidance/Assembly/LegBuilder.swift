import Geodesy
import RoadGraph
import RouteModel

/// Turns one `RoadPath` into a `RouteLeg` without words: steps from maneuver to maneuver, an
/// arrive step, intersections, the summary and per-segment annotations.
struct LegBuilder {
    /// Mode of travel of the path's profile (`driving`, `cycling`, `walking`).
    let mode: String

    /// A builder for `profile`.
    init(profile: TravelProfile) {
        switch profile {
        case .car: mode = "driving"
        case .bike: mode = "cycling"
        case .foot: mode = "walking"
        }
    }

    /// The leg for `path`; `target` is the destination as asked for, when known (for the arrival side).
    func leg(_ path: RoadPath, target: Coordinate? = nil) -> RouteLeg {
        var parts: LegParts?
        return leg(path, target: target, like: nil, recording: &parts)
    }

    /// `leg(_:target:)`, taking the maneuver decisions, wire intersections and annotation of what
    /// `path` shares with the path of `other` (`LegSharing`) from there instead of making them
    /// again, and filling `parts` (when not nil) with this leg's.
    func leg(_ path: RoadPath, target: Coordinate?, like other: LegParts?, recording parts: inout LegParts?) -> RouteLeg {
        let sharing = other.map { LegSharing(path, $0) }
        let view = RoadPathView(path: path)
        let points = ManeuverPoint.all(in: view, like: sharing, recording: &parts)
        var steps: [RouteStep] = []
        for (n, point) in points.enumerated() {
            let last = n + 1 < points.count ? points[n + 1].segment - 1 : path.segments.count - 1
            steps.append(step(view, point, through: last, like: sharing, recording: &parts))
        }
        steps.append(arrival(path, target: target))
        let distance = steps.reduce(0) { $0 + $1.distance }, duration = steps.reduce(0) { $0 + $1.duration }
        let annotation = LegAnnotator.annotation(of: path, like: sharing)
        parts?.annotation = annotation
        return RouteLeg(distance: distance, duration: duration, summary: LegSummary.summary(of: path), steps: steps, annotation: annotation)
    }

    /// The step starting at `point` and covering segments up to `last` (its intersections from
    /// `sharing` where shared, recorded in `parts`).
    func step(
        _ view: RoadPathView, _ point: ManeuverPoint, through last: Int, like sharing: LegSharing?, recording parts: inout LegParts?
    ) -> RouteStep {
        let path = view.path
        let segments = path.segments[point.segment...max(point.segment, last)]
        let first = point.segment
        let geometry = Array(path.geometry[path.segments[first].geometryRange.lowerBound...path.segments[max(first, last)].geometryRange.upperBound])
        var duration = segments.reduce(0) { $0 + $1.duration }
        for k in point.segment...max(point.segment, last) where k > 0 { duration += path.intersections[k - 1].turnDuration }
        let named = view.namingIndex(ofStepAt: point)
        let isDepart = point.segment == 0
        let at = isDepart ? nil : path.intersections[point.segment - 1]
        let maneuver = Maneuver(
            type: point.decision.type, modifier: point.decision.modifier, location: geometry[0],
            bearingBefore: at.map { Self.rounded($0.incomingBearing) } ?? 0,
            bearingAfter: Self.rounded(at?.outgoingBearing ?? path.departureBearing), exit: point.exit)
        var intersections: [Intersection] = []
        if isDepart {
            intersections.append(
                Intersection(location: geometry[0], bearings: [Self.rounded(path.departureBearing)], entry: Self.sharedEntries[2], outIndex: 0,
                             classes: Self.classes(path.segments[first].roadClass, path.segments[first].flags)))
        }
        let range = max(point.segment - 1, 0)..<max(point.segment, last)
        intersections.reserveCapacity(intersections.count + range.count)
        for k in range where k < path.intersections.count {
            let made = sharing.flatMap { s in s.otherIntersection(k).flatMap { s.intersections[$0] } } ?? Self.intersection(path, at: k)
            parts?.intersections[k] = made
            intersections.append(made)
        }
        return RouteStep(
            distance: segments.reduce(0) { $0 + $1.distance }, duration: duration, geometry: geometry, name: path.segments[named].name ?? "",
            ref: path.segments[named].ref, destinations: path.segments[named].destination, rotaryName: point.rotaryName,
            mode: path.segments[first].flags.contains(.ferry) ? "ferry" : mode, maneuver: maneuver, intersections: intersections,
            speedLimit: Self.speedLimit(segments))
    }

    /// Metres a destination must lie off the road for the arrival to name its side.
    static let sideDistance: Meters = 3

    /// The arrive step: zero length at the end of the path, `left`/`right` when `target` lies off to that side.
    func arrival(_ path: RoadPath, target: Coordinate?) -> RouteStep {
        let end = path.geometry.last ?? Coordinate(latitude: 0, longitude: 0)
        var side: ManeuverModifier?
        if let target, end.distance(to: target) > Self.sideDistance {
            side = Bearing.turn(from: path.arrivalBearing, to: end.bearing(to: target)) > 0 ? .right : .left
        }
        let lastSegment = path.segments.last
        return RouteStep(
            distance: 0, duration: 0, geometry: [end, end], name: lastSegment?.name ?? "", ref: lastSegment?.ref,
            mode: lastSegment?.flags.contains(.ferry) == true ? "ferry" : mode,
            maneuver: Maneuver(type: .arrive, modifier: side, location: end, bearingBefore: Self.rounded(path.arrivalBearing), bearingAfter: 0),
            intersections: [Intersection(location: end, bearings: [Self.rounded(Bearing.normalized(path.arrivalBearing + 180))],
                                         entry: Self.sharedEntries[2], inIndex: 0)])
    }

    /// Intersection `k` of `path` as OSRM lists it (read in the path's arrays, not copied out).
    static func intersection(_ path: RoadPath, at k: Int) -> Intersection {
        let roads = path.intersections[k].roads
        return Intersection(
            location: path.intersections[k].location, bearings: roads.map { rounded($0.bearing) }, entry: entry(of: roads),
            inIndex: roads.firstIndex(where: \.isIncoming), outIndex: roads.firstIndex(where: \.isOutgoing),
            classes: classes(path.segments[k + 1].roadClass, path.segments[k + 1].flags))
    }

    /// Which of `roads` can be entered, as the wire lists it: for up to `sharedEntryLimit` roads one
    /// of `sharedEntries` (the same values, shared: no array allocated and freed per intersection).
    static func entry(of roads: [PathIntersection.Road]) -> [Bool] {
        guard roads.count <= sharedEntryLimit else { return roads.map(\.canEnter) }
        var bits = 0
        for (i, road) in roads.enumerated() where road.canEnter { bits |= 1 << i }
        return sharedEntries[(1 << roads.count) - 1 + bits]
    }

    /// The most roads an intersection's entry list is shared for.
    static let sharedEntryLimit = 8

    /// Every entry list of up to `sharedEntryLimit` roads: `n` roads with road `i` enterable when
    /// bit `i` of `bits` is set at index 2ⁿ − 1 + bits.
    static let sharedEntries: [[Bool]] = (0...sharedEntryLimit).flatMap { n in
        (0..<(1 << n)).map { bits in (0..<n).map { bits & (1 << $0) != 0 } }
    }

    /// OSRM road classes of a segment of `roadClass` with `flags`: `motorway`, `toll`, `ferry`, `tunnel`.
    static func classes(_ roadClass: RoadClass, _ flags: EdgeFlags) -> [String] {
        var classes: [String] = []
        if roadClass.isMotorway { classes.append("motorway") }
        if flags.contains(.toll) { classes.append("toll") }
        if flags.contains(.ferry) { classes.append("ferry") }
        if flags.contains(.tunnel) { classes.append("tunnel") }
        return classes
    }

    /// The speed limit of a step when all its segments share one.
    static func speedLimit(_ segments: ArraySlice<RoadPath.Segment>) -> SpeedLimit? {
        guard let limit = segments.first?.speedLimit, segments.allSatisfy({ $0.speedLimit == limit }) else { return nil }
        return limit
    }

    /// Bearings are whole degrees on the wire (OSRM).
    static func rounded(_ bearing: Degrees) -> Degrees {
        let whole = Bearing.normalized(bearing.rounded())
        return whole < 360 ? whole : whole.truncatingRemainder(dividingBy: 360)
    }
}
