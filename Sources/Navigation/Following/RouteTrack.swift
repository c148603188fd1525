import Geodesy
import RouteModel

/// A route laid out as one line for following it: every leg's steps concatenated in driving
/// order, with route-wide offsets (metres from the route's start) of each leg and step, of the
/// intersections, and of every banner and voice trigger, computed once per route.
///
/// Offsets are measured on the geometry itself (not the route's `distance` fields), so progress
/// distances are exact against the shape that is drawn.
struct RouteTrack: Sendable {
    /// The route being followed.
    let route: Route
    /// All steps' geometry, consecutive duplicate points removed.
    let line: Polyline
    /// Route-wide start of each leg, then the route's end (`legs.count + 1` values).
    let legBounds: [Meters]
    /// Per leg: route-wide start of each step, then the leg's end (`steps.count + 1` values).
    let stepBounds: [[Meters]]
    /// Per leg: the summed durations of the steps after step `i`, seconds.
    let laterStepDurations: [[Seconds]]
    /// Per leg: the summed step durations of the legs after it, seconds.
    let laterLegDurations: [Seconds]
    /// Sorted route-wide offsets of maneuvers and intersections.
    let intersectionPositions: [Meters]
    /// Per leg: vertex index range of the leg in `line`.
    let legVertices: [ClosedRange<Int>]
    /// Per leg: `remainingBounds[leg][k]` bounds the vertices from `legVertices[leg].lowerBound + k` to the leg's end.
    let remainingBounds: [[GeoBounds]]
    /// Banner triggers sorted by position.
    let bannerTriggers: [InstructionTrigger]
    /// Voice triggers sorted by position.
    let voiceTriggers: [InstructionTrigger]

    /// Lays out `route`; throws when it has no steps or no usable geometry.
    init(route: Route) throws(NavigationError) {
        guard !route.legs.isEmpty else { throw .routeHasNoSteps(legIndex: nil) }
        var coordinates: [Coordinate] = []
        var stepStartVertex: [[Int]] = []
        for (l, leg) in route.legs.enumerated() {
            guard !leg.steps.isEmpty else { throw .routeHasNoSteps(legIndex: l) }
            var starts: [Int] = []
            for (s, step) in leg.steps.enumerated() {
                var first = true
                for c in step.geometry {
                    guard c.isValid else { throw .invalidCoordinate(legIndex: l, stepIndex: s) }
                    if first { starts.append(c == coordinates.last ? coordinates.count - 1 : coordinates.count) }
                    first = false
                    if c != coordinates.last { coordinates.append(c) }
                }
                if first { starts.append(max(0, coordinates.count - 1)) }
            }
            stepStartVertex.append(starts)
        }
        guard coordinates.count >= 2 else { throw .routeHasNoGeometry }
        let line = Polyline(coordinates)
        self.route = route
        self.line = line

        var legBounds: [Meters] = []
        var stepBounds: [[Meters]] = []
        var legVertices: [ClosedRange<Int>] = []
        for l in route.legs.indices {
            let legStart = line.cumulativeDistances[stepStartVertex[l][0]]
            let legEndVertex = l + 1 < route.legs.count ? stepStartVertex[l + 1][0] : coordinates.count - 1
            let legEnd = line.cumulativeDistances[legEndVertex]
            legBounds.append(legStart)
            stepBounds.append(stepStartVertex[l].map { min(legEnd, max(legStart, line.cumulativeDistances[$0])) } + [legEnd])
            legVertices.append(stepStartVertex[l][0]...max(stepStartVertex[l][0], legEndVertex))
        }
        legBounds.append(line.length)
        self.legBounds = legBounds
        self.stepBounds = stepBounds
        self.legVertices = legVertices

        let stepDurations = route.legs.map { $0.steps.map { max(0, $0.duration) } }
        laterStepDurations = stepDurations.map { durations in
            durations.indices.map { i in durations[(i + 1)...].reduce(0, +) }
        }
        let legTotals = stepDurations.map { $0.reduce(0, +) }
        laterLegDurations = legTotals.indices.map { l in legTotals[(l + 1)...].reduce(0, +) }

        remainingBounds = legVertices.map { range in
            var bounds: [GeoBounds] = []
            bounds.reserveCapacity(range.count)
            var box = GeoBounds(coordinates[range.upperBound])
            for v in range.reversed() {
                box = box.including(coordinates[v])
                bounds.append(box)
            }
            return bounds.reversed()
        }

        var intersections: [Meters] = []
        var banners: [InstructionTrigger] = []
        var voices: [InstructionTrigger] = []
        for (l, leg) in route.legs.enumerated() {
            for (s, step) in leg.steps.enumerated() {
                let start = stepBounds[l][s], end = stepBounds[l][s + 1]
                intersections.append(start)
                for crossing in step.intersections.dropFirst() {
                    if let p = line.project(crossing.location, within: start...end) { intersections.append(p.distanceAlong) }
                }
                for (i, banner) in step.bannerInstructions.enumerated() {
                    banners.append(InstructionTrigger(
                        position: max(start, end - banner.distanceAlongGeometry), maneuverPosition: end,
                        legIndex: l, stepIndex: s, index: i))
                }
                for (i, voice) in step.voiceInstructions.enumerated() {
                    voices.append(InstructionTrigger(
                        position: max(start, end - voice.distanceAlongGeometry), maneuverPosition: end,
                        legIndex: l, stepIndex: s, index: i))
                }
            }
        }
        intersectionPositions = intersections.sorted()
        bannerTriggers = Self.sortedStably(banners)
        voiceTriggers = Self.sortedStably(voices)
    }

    /// Geometric length of the route, metres.
    var length: Meters { line.length }

    /// Route-wide end of leg `leg`, metres.
    func legEnd(_ leg: Int) -> Meters { legBounds[leg + 1] }

    /// The step of `leg` holding the route-wide offset `position`: the last non-empty step starting at
    /// or before it (the final step when `position` is at the leg's end).
    func stepIndex(at position: Meters, inLeg leg: Int) -> Int {
        let bounds = stepBounds[leg]
        let stepCount = bounds.count - 1
        if position >= bounds[stepCount] { return stepCount - 1 }
        var found = 0
        for s in 0..<stepCount where bounds[s] <= position && bounds[s + 1] > bounds[s] { found = s }
        return found
    }

    /// Whether a maneuver or intersection lies within `radius` metres along the route of `position`.
    func isNearIntersection(_ position: Meters, radius: Meters) -> Bool {
        var lo = 0, hi = intersectionPositions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if intersectionPositions[mid] < position - radius { lo = mid + 1 } else { hi = mid }
        }
        return lo < intersectionPositions.count && intersectionPositions[lo] <= position + radius
    }

    /// Bounds of the rest of leg `leg` from route-wide offset `position`, including `position`'s point.
    func remainingBounds(from position: Meters, inLeg leg: Int) -> GeoBounds {
        let range = legVertices[leg]
        let vertex = min(range.upperBound, max(range.lowerBound, line.segmentIndex(atDistance: position) + 1))
        let box = remainingBounds[leg][vertex - range.lowerBound]
        guard let here = line.coordinate(atDistance: position) else { return box }
        return box.including(here)
    }

    /// Triggers sorted by position, keeping the step's own (farthest-first) order on ties.
    private static func sortedStably(_ triggers: [InstructionTrigger]) -> [InstructionTrigger] {
        triggers.enumerated().sorted { a, b in
            a.element.position != b.element.position ? a.element.position < b.element.position : a.offset < b.offset
        }.map(\.element)
    }
}
