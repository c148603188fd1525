public import Jobs
public import RoadGraph

extension RoutePlanner {
    /// The contraction hierarchy of `profile` on this planner's graph (without avoid options), for
    /// `init(graph:hierarchies:)`; `progress` gets the fraction of nodes contracted (0…1). Takes
    /// seconds on a city (its cost grows a little faster than the edge count); the witness searches
    /// run on `runner`'s workers, and the hierarchy is the same whatever their number. `graphRead` is
    /// called once the builder has read what it needs of the graph: it does not touch the graph
    /// again, so a caller over a memory-mapped graph may drop the pages read from its resident memory.
    public func buildHierarchy(
        for profile: TravelProfile, runner: JobRunner = .serial, progress: (Double) -> Void = { _ in }, graphRead: () -> Void = {}
    ) -> ContractionHierarchy {
        var builder = HierarchyBuilder(costing: plainCostings[profile.index])
        graphRead()
        return builder.build(runner: runner, progress: progress)
    }

    /// A planner over `other`'s graph and per-graph tables (not recomputed) answering with `hierarchies`;
    /// a hierarchy built for another graph or cost model is ignored.
    public init(sharingTablesOf other: RoutePlanner, hierarchies: [ContractionHierarchy]) {
        graph = other.graph
        tables = other.tables
        plainCostings = other.plainCostings
        self.hierarchies = hierarchies.filter { Self.isCurrent($0, costing: other.plainCostings[$0.profile.index]) }
    }

    /// A planner over `graph` with its per-graph tables read in place from `image` (written by
    /// `tablesWriter()` for this graph, kept alive by `owner`: a section of a memory-mapped map
    /// cache), so it computes nothing over the graph and starts in the same time whatever the map's
    /// size. `hierarchies` stored with the graph are trusted when their edge count and cost model
    /// version (`EdgeCosting.modelVersion`) are current; with `verifying` the tables' CRC is
    /// checked and each hierarchy's cost fingerprint recomputed (a pass over every turn) as well.
    /// - Throws: `RoutingError.badTables` when `image` is not tables of this graph.
    public init(
        graph: RoadGraph, tables image: UnsafeRawBufferPointer, owner: any ByteOwner, hierarchies: [ContractionHierarchy], verifying: Bool = false
    ) throws(RoutingError) {
        self.graph = graph
        let tables = try RoutingTables(graph: graph, image: image, owner: owner, verifyingContents: verifying)
        self.tables = tables
        let costings = TravelProfile.allCases.map { EdgeCosting(graph: graph, tables: tables, profile: $0, avoid: []) }
        plainCostings = costings
        self.hierarchies = hierarchies.filter { h in
            h.nodeCount == costings[h.profile.index].nodes.count && h.costModel == EdgeCosting.modelVersion && (!verifying || Self.isCurrent(h, costing: costings[h.profile.index]))
        }
    }

    /// The writer of this planner's per-graph tables as an image for `init(graph:tables:owner:hierarchies:verifying:)`.
    public func tablesWriter() -> SectionedImage.Writer { tables.imageWriter() }

    /// Whether `hierarchy` was built for this graph under the current cost model (same turn arcs, same weights).
    public func isCurrent(_ hierarchy: ContractionHierarchy) -> Bool { Self.isCurrent(hierarchy, costing: plainCostings[hierarchy.profile.index]) }

    /// Whether `hierarchy` matches the graph and the costs of `costing` (its profile without avoid options).
    static func isCurrent(_ hierarchy: ContractionHierarchy, costing: EdgeCosting) -> Bool {
        hierarchy.nodeCount == costing.nodes.count && hierarchy.costModel == EdgeCosting.modelVersion
            && ContractionHierarchy.fingerprint(of: costing) == hierarchy.fingerprint
    }
}
