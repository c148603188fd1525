public import RoadGraph

extension RoutePlanner {
    /// The contraction hierarchy of `profile` on this planner's graph (without avoid options), for
    /// `init(graph:hierarchies:)`; `progress` gets the fraction of nodes contracted (0…1). Takes
    /// seconds on a city (its cost grows a little faster than the edge count).
    public func buildHierarchy(for profile: TravelProfile, progress: (Double) -> Void = { _ in }) -> ContractionHierarchy {
        var builder = HierarchyBuilder(costing: plainCostings[profile.index])
        return builder.build(progress: progress)
    }

    /// A planner over `other`'s graph and per-graph tables (not recomputed) answering with `hierarchies`;
    /// a hierarchy built for another graph or cost model is ignored.
    public init(sharingTablesOf other: RoutePlanner, hierarchies: [ContractionHierarchy]) {
        graph = other.graph
        tables = other.tables
        plainCostings = other.plainCostings
        self.hierarchies = hierarchies.filter { Self.isCurrent($0, costing: other.plainCostings[$0.profile.index]) }
    }

    /// Whether `hierarchy` was built for this graph under the current cost model (same turn arcs, same weights).
    public func isCurrent(_ hierarchy: ContractionHierarchy) -> Bool { Self.isCurrent(hierarchy, costing: plainCostings[hierarchy.profile.index]) }

    /// Whether `hierarchy` matches the graph and the costs of `costing` (its profile without avoid options).
    static func isCurrent(_ hierarchy: ContractionHierarchy, costing: EdgeCosting) -> Bool {
        hierarchy.edgeCount == costing.graph.edgeCount && ContractionHierarchy.fingerprint(of: costing) == hierarchy.fingerprint
    }
}
