public import RoadGraph

extension RoutePlanner {
    /// The contraction hierarchy of `profile` on this planner's graph (without avoid options), for
    /// `init(graph:hierarchies:)`; `progress` gets the fraction of nodes contracted (0…1). Takes
    /// seconds on a city (its cost grows a little faster than the edge count).
    public func buildHierarchy(for profile: TravelProfile, progress: (Double) -> Void = { _ in }) -> ContractionHierarchy {
        var builder = HierarchyBuilder(costing: EdgeCosting(graph: graph, tables: tables, profile: profile, avoid: []))
        return builder.build(progress: progress)
    }

    /// Whether `hierarchy` was built for this graph under the current cost model (same turn arcs, same weights).
    public func isCurrent(_ hierarchy: ContractionHierarchy) -> Bool { Self.isCurrent(hierarchy, graph: graph, tables: tables) }

    /// Whether `hierarchy` matches `graph` and the costs computed with `tables`.
    static func isCurrent(_ hierarchy: ContractionHierarchy, graph: RoadGraph, tables: RoutingTables) -> Bool {
        guard hierarchy.edgeCount == graph.edgeCount else { return false }
        let costing = EdgeCosting(graph: graph, tables: tables, profile: hierarchy.profile, avoid: [])
        return ContractionHierarchy.fingerprint(of: costing) == hierarchy.fingerprint
    }
}
