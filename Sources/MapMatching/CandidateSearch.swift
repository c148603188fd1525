import Geodesy
import Positioning
import RoadGraph

/// Finds the directed edges a fix may lie on: every edge usable by the profile within a radius
/// that grows with the fix's reported accuracy (meili's candidate search).
public struct CandidateSearch: Sendable {
    /// The road network searched.
    public let graph: RoadGraph
    /// Radius and profile settings.
    public let options: MatchingOptions

    /// A search over `graph` with `options` (through the graph's segment index: nothing to build).
    public init(graph: RoadGraph, options: MatchingOptions) {
        self.graph = graph
        self.options = options
    }

    /// The search radius for a fix, metres: `radiusPerAccuracy × h_acc` clamped to
    /// `minimumRadius…maximumRadius` (the minimum when the fix has no accuracy).
    public func radius(for fix: Fix) -> Meters {
        let accuracy = EmissionModel.reportedAccuracy(of: fix) ?? 0
        return min(options.maximumRadius, max(options.minimumRadius, options.radiusPerAccuracy * accuracy))
    }

    /// Every directed edge the profile may use within `radius` metres of `coordinate`, nearest
    /// first; both directions of a two-way road are separate snaps.
    public func snaps(near coordinate: Coordinate, within radius: Meters) -> [EdgeSnap] {
        let profile = options.profile
        let edges = graph.edges
        return graph.nearestSegments(to: coordinate, within: radius) { edges.duration(ofEdge: $0, profile: profile).isFinite }
    }

    /// The candidates for `fix` with their emission costs, at most `maximumCandidates`, cheapest first.
    public func candidates(for fix: Fix, emission: EmissionModel) -> [Candidate] {
        guard let coordinate = fix.coordinate, coordinate.isValid else { return [] }
        let sigma = emission.sigma(for: fix)
        let course = emission.usableCourse(of: fix)
        let edges = graph.edges
        var result = snaps(near: coordinate, within: radius(for: fix)).map { snap in
            let cost = emission.cost(
                distance: snap.distance, sigma: sigma, edgeBearing: snap.bearing, course: course, roadClass: edges.roadClass(ofEdge: snap.edge.index))
            return Candidate(snap: snap, emissionCost: cost)
        }
        result.sort { ($0.emissionCost, $0.edge) < ($1.emissionCost, $1.edge) }
        if result.count > options.maximumCandidates { result.removeLast(result.count - options.maximumCandidates) }
        return result
    }
}
