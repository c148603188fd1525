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

    private func decode(_ fixes: [Fix]) -> TraceMatch {
        var transition = TransitionModel(graph: graph, options: options)
        var decoder = ViterbiDecoder(keepsHistory: true)
        var columnFixes: [Int] = []
        var result = TraceMatch(points: Array(repeating: nil, count: fixes.count), segments: [])
        var previous: Int?
        for (index, fix) in fixes.enumerated() {
            guard let coordinate = fix.coordinate, coordinate.isValid else { continue }
            let candidates = search.candidates(for: fix, emission: emission)
            if candidates.isEmpty {
                finish(&decoder, columnFixes, fixes, &transition, into: &result)
                columnFixes = []
                previous = nil
                continue
            }
            var advanced = false
            if let p = previous, let before = fixes[p].coordinate, let t0 = fixes[p].time, let t1 = fix.time {
                let tolerance = transition.backwardTolerance(sigma: emission.sigma(for: fix))
                let costs = transition.costs(
                    from: decoder.last?.candidates ?? [], to: candidates, greatCircle: before.distance(to: coordinate),
                    elapsed: t1.seconds(since: t0), backwardTolerance: tolerance, chargesTurns: emission.usableCourse(of: fix) == nil)
                advanced = decoder.advance(to: candidates, transitionCosts: costs)
            }
            if !advanced {
                finish(&decoder, columnFixes, fixes, &transition, into: &result)
                columnFixes = []
                decoder.start(with: candidates)
            }
            columnFixes.append(index)
            previous = index
        }
        finish(&decoder, columnFixes, fixes, &transition, into: &result)
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
    private func finish(
        _ decoder: inout ViterbiDecoder, _ columnFixes: [Int], _ fixes: [Fix], _ transition: inout TransitionModel,
        into result: inout TraceMatch
    ) {
        defer { decoder.reset() }
        let chosen = decoder.bestPath()
        guard !chosen.isEmpty, chosen.count == columnFixes.count else { return }
        let segment = result.segments.count
        var picked: [Candidate] = []
        for (c, index) in chosen.enumerated() {
            let candidate = decoder.columns[c].candidates[index]
            picked.append(candidate)
            let e = graph[candidate.edge]
            result.points[columnFixes[c]] = MatchedPoint(
                coordinate: candidate.snap.coordinate, bearing: candidate.snap.bearing, distance: candidate.snap.distance,
                edge: candidate.edge, fraction: candidate.snap.fraction, wayID: e.wayID, name: graph.name(of: candidate.edge),
                segment: segment)
        }
        var edges: [EdgeID] = [picked[0].edge]
        for k in 1..<max(1, picked.count) {
            let (a, b) = (picked[k - 1], picked[k])
            guard let t0 = fixes[columnFixes[k - 1]].time, let t1 = fixes[columnFixes[k]].time,
                let c0 = fixes[columnFixes[k - 1]].coordinate, let c1 = fixes[columnFixes[k]].coordinate,
                let bound = transition.searchBound(greatCircle: c0.distance(to: c1), elapsed: t1.seconds(since: t0))
            else { continue }
            let tolerance = transition.backwardTolerance(sigma: emission.sigma(for: fixes[columnFixes[k]]))
            let chargesTurns = emission.usableCourse(of: fixes[columnFixes[k]]) == nil
            for edge in transition.route(from: a, to: b, bound: bound + options.uTurnPenalty, backwardTolerance: tolerance, chargesTurns: chargesTurns) ?? [] {
                guard let last = edges.last, edge != last else { continue }
                if graph[edge].from == graph[last].to { edges.append(edge) }
            }
        }
        result.segments.append(path(edges: edges, from: picked[0], to: picked[picked.count - 1], fixes: columnFixes[0]...columnFixes[columnFixes.count - 1]))
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
