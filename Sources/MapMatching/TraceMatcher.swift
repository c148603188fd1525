import Geodesy
import Positioning
import RoadGraph
import Timekeeping

/// Offline map matching of a whole trace (valhalla's `/trace_attributes`, OSRM's `/match`): the
/// full Viterbi decode with backtracking, so every fix is matched knowing the fixes after it.
/// Where the chain breaks (a jump, or fixes with no road nearby) the trace is split into segments.
public struct TraceMatcher: Sendable {
    /// The road network matched against.
    public let graph: RoadGraph
    /// The tunables.
    public let options: MatchingOptions
    private let search: CandidateSearch
    private let emission: EmissionModel
    private let bounds: (south: Degrees, west: Degrees, north: Degrees, east: Degrees)?

    /// A matcher over `graph` with `options`.
    public init(graph: RoadGraph, options: MatchingOptions = MatchingOptions()) {
        self.graph = graph
        self.options = options
        search = CandidateSearch(graph: graph, options: options)
        emission = EmissionModel(options: options)
        bounds = graph.boundingBox
    }

    /// Matches `fixes` (time order) and returns one point per fix plus the driven path.
    /// Fixes without a position are left unmatched, as are fixes outside the map when others are inside.
    /// Fixes without accuracy (`estimatesNoise`) are matched three times: first with the σ the
    /// distances to the nearest roads give (never above `defaultSigma`), then twice with the σ
    /// estimated from the distances to the roads of the previous decode, each over a window
    /// centred on the fix.
    /// - Throws: `emptyTrace`, `missingTime`, `timeNotIncreasing`, `noPositions`, `emptyMap`, or
    ///   `outsideMap` when no fix lies on the map.
    public func match(_ fixes: [Fix]) throws(MapMatchingError) -> TraceMatch {
        try validate(fixes)
        let lacking = fixes.indices.filter { EmissionModel.reportedAccuracy(of: fixes[$0]) == nil }
        guard options.estimatesNoise, !lacking.isEmpty else { return decode(fixes) }
        var assumed = fixes
        for i in lacking { assumed[i].horizontalAccuracy = options.defaultSigma }
        // The nearest road is never farther than the road driven, so this first guess is low; it
        // keeps a clean trace from being decoded with a σ loose enough to prefer a road beside
        // the one driven, which the estimates after the decode would then only confirm.
        let nearest = estimatedSigmas(residuals: assumed.map { fix in
            fix.coordinate.flatMap { c in c.isValid ? search.snaps(near: c, within: search.radius(for: fix)).first?.distance ?? search.radius(for: fix) : nil }
        })
        for i in lacking { assumed[i].horizontalAccuracy = min(options.defaultSigma, nearest[i]) }
        var result = decode(assumed)
        for _ in 0..<2 {
            let sigmas = estimatedSigmas(residuals: assumed.indices.map { i in
                guard assumed[i].coordinate?.isValid == true else { return nil }
                return result.points[i]?.distance ?? search.radius(for: assumed[i])
            })
            for i in lacking { assumed[i].horizontalAccuracy = sigmas[i] }
            result = decode(assumed)
        }
        return result
    }

    /// Per fix, σ from the median of the `residuals` (nil: no position) within `noiseWindow / 2`
    /// of it: distances to the matched road, or the search radius for a fix left unmatched.
    private func estimatedSigmas(residuals: [Meters?]) -> [Meters] {
        let bounds = options.minimumSigma...NoiseEstimator.defaultBounds.upperBound
        let half = max(1, options.noiseWindow / 2)
        return residuals.indices.map { i in
            let window = residuals[max(0, i - half)..<min(residuals.count, i + half + 1)].compactMap { $0 }
            return NoiseEstimator.sigma(ofResiduals: window, within: bounds) ?? options.defaultSigma
        }
    }

    /// The Viterbi decode of `fixes` with their σ set. A single fix no candidate of the previous
    /// column leads to (a position thrown beyond the radius of the road driven) is held back: when
    /// the fix after it follows on from the previous column, the chain goes on without it and the
    /// fix is placed on the path driven between the two, as a fix close to the one before is.
    /// Only when the next fix does not follow on either does the chain break, starting again
    /// at the held fix (a jump, a stretch with no road near).
    private func decode(_ fixes: [Fix]) -> TraceMatch {
        var transition = TransitionModel(graph: graph, options: options)
        var decoder = ViterbiDecoder(keepsHistory: true)
        var columnFixes: [Int] = []
        // Fixes within `interpolationDistance` of the last fix decoded, with the column they follow.
        var interpolated: [(fix: Int, column: Int)] = []
        var result = TraceMatch(points: Array(repeating: nil, count: fixes.count), segments: [])
        var previous: Int?
        // The fix held back (no transition from the previous column) and its candidates.
        var held: (fix: Int, candidates: [Candidate])?
        let decodedTail = tailStart(of: fixes)
        // Appends `candidates` of fix `index` to the chain, from the chain's last column; false when unreachable.
        func advance(_ index: Int, _ candidates: [Candidate]) -> Bool {
            guard let p = previous, let before = fixes[p].coordinate, let coordinate = fixes[index].coordinate,
                  let t0 = fixes[p].time, let t1 = fixes[index].time
            else { return false }
            let fix = fixes[index]
            let tolerance = transition.backwardTolerance(sigma: emission.sigma(for: fix))
            let costs = transition.costs(
                from: decoder.last?.candidates ?? [], to: candidates, greatCircle: before.distance(to: coordinate),
                elapsed: t1.seconds(since: t0), backwardTolerance: tolerance, chargesTurns: emission.usableCourse(of: fix) == nil)
            return decoder.advance(to: candidates, transitionCosts: costs)
        }
        // Ends the chain and starts a new one at fix `index`.
        func restart(_ index: Int, _ candidates: [Candidate]) {
            finish(&decoder, columnFixes, interpolated, fixes, &transition, into: &result)
            columnFixes = []
            interpolated = []
            decoder.start(with: candidates)
            columnFixes.append(index)
            previous = index
        }
        for (index, fix) in fixes.enumerated() {
            guard let coordinate = fix.coordinate, coordinate.isValid else { continue }
            if index < decodedTail, held == nil, let p = previous, let before = fixes[p].coordinate,
                before.distance(to: coordinate) < interpolationDistance(for: fix)
            {
                interpolated.append((index, columnFixes.count - 1))
                continue
            }
            let candidates = search.candidates(for: fix, emission: emission)
            if candidates.isEmpty {
                if let h = held { restart(h.fix, h.candidates) }
                held = nil
                finish(&decoder, columnFixes, interpolated, fixes, &transition, into: &result)
                columnFixes = []
                interpolated = []
                previous = nil
                continue
            }
            if advance(index, candidates) {
                // A held fix the chain went on without lies on the path into this column.
                if let h = held { interpolated.append((h.fix, columnFixes.count - 1)) }
                held = nil
                columnFixes.append(index)
                previous = index
            } else if held == nil, previous != nil, index < decodedTail {
                held = (index, candidates)
            } else {
                if let h = held {
                    held = nil
                    restart(h.fix, h.candidates)
                    if advance(index, candidates) {
                        columnFixes.append(index)
                        previous = index
                        continue
                    }
                }
                restart(index, candidates)
            }
        }
        if let h = held { restart(h.fix, h.candidates) }
        finish(&decoder, columnFixes, interpolated, fixes, &transition, into: &result)
        return result
    }

    private func validate(_ fixes: [Fix]) throws(MapMatchingError) {
        guard !fixes.isEmpty else { throw .emptyTrace }
        guard bounds != nil, graph.edges.contains(where: { $0.durations[options.profile].isFinite }) else { throw .emptyMap }
        var lastTime: Timestamp?
        var firstOutside: (Int, Coordinate)?
        var anyInside = false
        for (i, fix) in fixes.enumerated() {
            guard let time = fix.time else { throw .missingTime(index: i) }
            if let lastTime, time < lastTime { throw .timeNotIncreasing(index: i) }
            lastTime = time
            guard let c = fix.coordinate, c.isValid else { continue }
            if isOnMap(c) { anyInside = true } else if firstOutside == nil { firstOutside = (i, c) }
        }
        if !anyInside {
            if let (i, c) = firstOutside { throw .outsideMap(index: i, coordinate: c) }
            throw .noPositions
        }
    }

    /// Whether `coordinate` lies within the map's box or 0.01° (about 1 km) beyond it: fixes just
    /// beyond the last node still match.
    func isOnMap(_ coordinate: Coordinate) -> Bool {
        guard let bounds else { return false }
        let margin = 0.01
        return (bounds.south - margin...bounds.north + margin).contains(coordinate.latitude)
            && (bounds.west - margin...bounds.east + margin).contains(coordinate.longitude)
    }

    /// Backtracks the chain in `decoder`, writes its points and path into `result`, and clears it.
    /// Each of the `interpolated` fixes is placed on the path driven from the column it follows to
    /// the next (after the last column: on its edge, onwards).
    private func finish(
        _ decoder: inout ViterbiDecoder, _ columnFixes: [Int], _ interpolated: [(fix: Int, column: Int)], _ fixes: [Fix],
        _ transition: inout TransitionModel, into result: inout TraceMatch
    ) {
        defer { decoder.reset() }
        let chosen = decoder.bestPath()
        guard !chosen.isEmpty, chosen.count == columnFixes.count else { return }
        let segment = result.segments.count
        var picked: [Candidate] = []
        for (c, index) in chosen.enumerated() {
            let candidate = decoder.columns[c].candidates[index]
            picked.append(candidate)
            result.points[columnFixes[c]] = point(candidate.snap, distance: candidate.snap.distance, segment: segment)
        }
        var edges: [EdgeID] = [picked[0].edge]
        var pending = interpolated[...]
        for k in 0..<picked.count {
            var leg: [EdgeID]?
            if k + 1 < picked.count {
                let (a, b) = (picked[k], picked[k + 1])
                if let t0 = fixes[columnFixes[k]].time, let t1 = fixes[columnFixes[k + 1]].time,
                    let c0 = fixes[columnFixes[k]].coordinate, let c1 = fixes[columnFixes[k + 1]].coordinate,
                    let bound = transition.searchBound(greatCircle: c0.distance(to: c1), elapsed: t1.seconds(since: t0))
                {
                    let tolerance = transition.backwardTolerance(sigma: emission.sigma(for: fixes[columnFixes[k + 1]]))
                    let chargesTurns = emission.usableCourse(of: fixes[columnFixes[k + 1]]) == nil
                    leg = transition.route(from: a, to: b, bound: bound + options.uTurnPenalty, backwardTolerance: tolerance, chargesTurns: chargesTurns)
                    for edge in leg ?? [] {
                        guard let last = edges.last, edge != last else { continue }
                        if graph[edge].from == graph[last].to { edges.append(edge) }
                    }
                }
            }
            while let next = pending.first, next.column <= k {
                pending.removeFirst()
                guard next.column == k, let coordinate = fixes[next.fix].coordinate else { continue }
                let end = k + 1 < picked.count ? picked[k + 1] : nil
                let snap = placed(coordinate, on: leg ?? [picked[k].edge], from: picked[k], to: leg == nil ? nil : end)
                result.points[next.fix] = point(snap, distance: coordinate.distance(to: snap.coordinate), segment: segment)
            }
        }
        let lastFix = max(columnFixes[columnFixes.count - 1], interpolated.last?.fix ?? 0)
        result.segments.append(path(edges: edges, from: picked[0], to: picked[picked.count - 1], fixes: columnFixes[0]...lastFix))
    }

    /// Where the fixes at the trace's end begin that are all decoded: the last fix and those before
    /// it within their interpolation distance of it (a vehicle come to rest there). Placing them
    /// would leave the end of the path to the last fix alone, with no fix farther on to confirm it.
    private func tailStart(of fixes: [Fix]) -> Int {
        guard let last = fixes.lastIndex(where: { $0.coordinate?.isValid == true }), let end = fixes[last].coordinate else { return fixes.count }
        var start = last
        while start > 0 {
            guard let c = fixes[start - 1].coordinate, c.isValid else { start -= 1; continue }
            guard c.distance(to: end) < interpolationDistance(for: fixes[start - 1]) else { break }
            start -= 1
        }
        return start
    }

    /// How close to the last fix decoded `fix` is placed on the path rather than decoded: 0 when
    /// `interpolationDistance` is, else at least `interpolationSigmas` × its σ.
    private func interpolationDistance(for fix: Fix) -> Meters {
        options.interpolationDistance > 0 ? max(options.interpolationDistance, options.interpolationSigmas * emission.sigma(for: fix)) : 0
    }

    /// The point of `leg` (the edges driven from `start` to `end`, or onwards from `start` when
    /// `end` is nil) nearest to `coordinate`, kept between the two.
    private func placed(_ coordinate: Coordinate, on leg: [EdgeID], from start: Candidate, to end: Candidate?) -> EdgeSnap {
        let radius = coordinate.distance(to: start.snap.coordinate) + options.interpolationDistance
        let snaps = graph.nearestEdges(to: coordinate, within: radius) { leg.contains($0) }
        guard let snap = snaps.first else { return start.snap }
        if snap.edge == start.edge && snap.fraction < start.snap.fraction { return start.snap }
        if let end, snap.edge == end.edge && snap.fraction > end.snap.fraction { return end.snap }
        return snap
    }

    /// The matched point of a snap, `distance` metres from its fix.
    private func point(_ snap: EdgeSnap, distance: Meters, segment: Int) -> MatchedPoint {
        MatchedPoint(
            coordinate: snap.coordinate, bearing: snap.bearing, distance: distance, edge: snap.edge, fraction: snap.fraction,
            wayID: graph[snap.edge].wayID, name: graph.name(of: snap.edge), segment: segment)
    }

    /// The geometry and way list of `edges`, cut at the first and last matched points.
    private func path(edges: [EdgeID], from first: Candidate, to last: Candidate, fixes: ClosedRange<Int>) -> MatchedPath {
        var endFraction = last.edge == edges[edges.count - 1] ? last.snap.fraction : 1
        if edges.count == 1 { endFraction = max(endFraction, first.snap.fraction) }
        let geometry = graph.path(edges: edges, startFraction: first.snap.fraction, endFraction: endFraction, profile: options.profile)?.geometry ?? []
        var ways: [Int64] = []
        for e in edges where ways.last != graph[e].wayID { ways.append(graph[e].wayID) }
        return MatchedPath(edges: edges, wayIDs: ways, geometry: geometry, fixes: fixes)
    }
}
