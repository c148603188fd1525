/// What an import read and built, for the CLI's summary and for tests.
public struct ImportStatistics: Hashable, Sendable {
    /// Nodes read from the file.
    public var osmNodes = 0
    /// Nodes tagged `highway=traffic_signals`.
    public var trafficSignals = 0
    /// Nodes tagged `highway=stop` or `highway=give_way`.
    public var stopSigns = 0
    /// Gates (`barrier=gate`, `lift_gate`).
    public var gates = 0
    /// Nodes closed to cars (`CarBarrier`: bollards, blocks, `motor_vehicle=no`…).
    public var carBarriers = 0
    /// Ways kept for inspection (with a `highway` or `route=ferry` tag).
    public var osmWays = 0
    /// Ways usable by cars, bikes and on foot.
    public var carWays = 0, bikeWays = 0, footWays = 0
    /// Nodes, directed edges and shapes of the graph.
    public var graphNodes = 0, graphEdges = 0, graphShapes = 0
    /// Turn restrictions resolved onto graph edges.
    public var restrictions = 0
    /// Of `restrictions`, those whose via members are ways (resolved onto chains of edges).
    public var viaWayRestrictions = 0
    /// Restriction relations whose members are missing or do not meet at the via node or along the via ways.
    public var unresolvedRestrictions = 0
    /// Directed edges not built or dropped because they repeated another: a way running over
    /// the same piece again, or parallel edges past `ParallelEdges.limit` between one node pair.
    public var duplicateEdgesDropped = 0
    /// Way node references to nodes missing from the extract (expected at the edge of a bounding-box cut).
    public var danglingReferences = 0

    /// Empty statistics.
    public init() {}
}
