import Geodesy

/// An immutable road network held in flat arrays: nodes (intersections and dead ends), directed
/// edges sorted by start node (a CSR forward adjacency), a reverse adjacency, shapes (edge
/// geometry, shared by an edge and its opposite), a string table, turn restrictions and a
/// spatial grid for nearest-edge search. Build it with `OSMImport`, store it with `serialized()`.
/// The arrays are `MappedArray`s: heap buffers for a freshly built graph, or sections of a
/// memory-mapped file (`init(image:)`) read in place.
///
/// Immutable, so it behaves as a value; a class so that it is held and passed by reference: as a
/// struct of some thirty arrays, every copy (a call on a graph stored in a matcher, a search or a
/// follower) copied 800 bytes and retained every array.
public final class RoadGraph: Sendable {
    /// Node positions, indexed by `NodeID`.
    public let nodes: MappedArray<Coordinate>
    /// Directed edges sorted by `from`, indexed by `EdgeID`.
    public let edges: MappedArray<RoadEdge>
    /// Names, refs and destinations referenced by edges.
    public let strings: StringTable
    /// Turn restrictions sorted by `from` edge.
    public let restrictions: MappedArray<TurnRestriction>
    /// Turn restrictions through via ways, as chains of edges (few: Milan has about a dozen).
    public let viaWayRestrictions: [ViaWayRestriction]
    /// All shape vertices; shape `s` is `shapePoints[shapeOffsets[s]..<shapeOffsets[s + 1]]`.
    let shapePoints: MappedArray<Coordinate>
    /// Start of each shape in `shapePoints`, plus one final end offset.
    let shapeOffsets: MappedArray<Int32>
    /// `outOffsets[n]..<outOffsets[n + 1]` are the edges leaving node `n`.
    @usableFromInline let outOffsets: MappedArray<Int32>
    /// `inOffsets[n]..<inOffsets[n + 1]` index `inEdges`: the edges arriving at node `n`.
    let inOffsets: MappedArray<Int32>
    let inEdges: MappedArray<Int32>
    /// For shape `s`, `shapeEdges[2s]` runs along it and `shapeEdges[2s + 1]` against it (-1 when absent).
    let shapeEdges: MappedArray<Int32>
    /// The grid of shapes for nearest-edge search.
    let grid: SpatialGrid
    /// Per shape, the bearing leaving its start and the bearing leaving its end backwards, degrees.
    let shapeStartBearings: MappedArray<Double>, shapeEndBearings: MappedArray<Double>
    /// South, west, north and east edges of the nodes' bounding box (empty for a graph without nodes).
    let nodeBounds: MappedArray<Double>
    /// One bit per edge (bit `e % 64` of word `e / 64`): whether a turn restriction starts with it.
    @usableFromInline let restrictionStarts: MappedArray<UInt64>
    /// The grid of road segments for the map matcher (`nearestSegments`).
    let segmentIndex: SegmentIndex

    /// Builds a graph, sorting `edges` by start node and remapping `restrictions` accordingly.
    /// Each array given is released as soon as its final copy is made (the caller hands them over
    /// with `consume`), so a large map's graph is not held twice over while it is built.
    /// - Parameters:
    ///   - nodes: node positions.
    ///   - shapePoints: all shape vertices, shapes back to back; every shape starts and ends at a node.
    ///   - shapeOffsets: the start of each shape in `shapePoints` followed by `shapePoints.count`.
    ///   - edges: directed edges, in any order.
    ///   - strings: the string table edges refer to.
    ///   - restrictions: turn restrictions whose edge IDs index `edges` as given.
    ///   - viaWayRestrictions: turn restrictions through via ways, edge IDs as for `restrictions`.
    ///   - indexingSegments: whether to build the matcher's segment index; without it the graph
    ///     finds no segments until written with `writeImage(of:to:)`, which builds it as it writes.
    public convenience init(
        nodes: consuming [Coordinate], shapePoints: consuming [Coordinate], shapeOffsets: [Int32], edges: consuming [RoadEdge],
        strings: [String], restrictions: [TurnRestriction], viaWayRestrictions: [ViaWayRestriction] = [], indexingSegments: Bool = true
    ) throws(RoadGraphError) {
        var (nodes, shapePoints, edges) = (consume nodes, consume shapePoints, consume edges)
        let shapeCount = shapeOffsets.count - 1, pointCount = shapePoints.count
        guard shapeCount >= 0, shapeOffsets.first == 0, shapeOffsets.last.map({ Int($0) == pointCount }) ?? false,
            zip(shapeOffsets, shapeOffsets.dropFirst()).allSatisfy({ $0 <= $1 })
        else {
            throw .inconsistent("shape offsets do not run from 0 up to \(shapePoints.count)")
        }
        guard nodes.allSatisfy(\.isValid), shapePoints.allSatisfy(\.isValid) else {
            throw .inconsistent("a node or shape point lies outside [-90, 90] × [-180, 180]")
        }
        for (i, e) in edges.enumerated() {
            guard e.from.index < nodes.count, e.to.index < nodes.count, e.from.index >= 0, e.to.index >= 0 else {
                throw .inconsistent("edge \(i) refers to a node beyond \(nodes.count)")
            }
            guard e.shape >= 0, Int(e.shape) < shapeCount else { throw .inconsistent("edge \(i) has shape \(e.shape)") }
        }
        let edgeCount = edges.count, nodeCount = nodes.count
        // Sorted position `new` holds the edge given at `order[new]`.
        var order = [Int32](0..<Int32(edgeCount))
        order.sort { (edges[Int($0)].from, $0) < (edges[Int($1)].from, $1) }
        var newIndex = [Int32](repeating: 0, count: edgeCount)
        for (new, old) in order.enumerated() { newIndex[Int(old)] = Int32(new) }
        var remapped: [TurnRestriction] = []
        for var r in restrictions {
            guard r.from.index < edgeCount, r.to.index < edgeCount else {
                throw .inconsistent("restriction refers to edge beyond \(edgeCount)")
            }
            r.from = EdgeID(newIndex[r.from.index])
            r.to = EdgeID(newIndex[r.to.index])
            guard r.via.index >= 0, r.via.index < nodeCount else { throw .inconsistent("restriction \(r.from)→\(r.to) out of range") }
            remapped.append(r)
        }
        var remappedChains: [ViaWayRestriction] = []
        for var r in viaWayRestrictions {
            guard !r.via.isEmpty, ViaWayRestriction.isChain(r.chain, of: edges) else { throw .inconsistent("via-way restriction \(r.from)→\(r.to) is not a chain of edges") }
            r.from = EdgeID(newIndex[r.from.index])
            r.via = r.via.map { EdgeID(newIndex[$0.index]) }
            r.to = EdgeID(newIndex[r.to.index])
            remappedChains.append(r)
        }
        newIndex = []
        // The edges are sorted into their final buffer first, and the builder's freed, before the
        // adjacency is made from them: the two copies of the edges are the largest arrays.
        let sortedEdges = MappedArray(count: edgeCount) { edges[Int(order[$0])] }
        (edges, order) = ([], [])
        var out = [Int32](repeating: 0, count: nodeCount + 1)
        var inCount = [Int32](repeating: 0, count: nodeCount + 1)
        var shapeEdges = [Int32](repeating: -1, count: 2 * shapeCount)
        for (new, e) in sortedEdges.enumerated() {
            out[e.from.index + 1] += 1
            inCount[e.to.index + 1] += 1
            shapeEdges[2 * Int(e.shape) + (e.flags.contains(.reversedShape) ? 1 : 0)] = Int32(new)
        }
        for n in 0..<nodeCount {
            out[n + 1] += out[n]
            inCount[n + 1] += inCount[n]
        }
        var fill = inCount
        var inEdges = [Int32](repeating: 0, count: edgeCount)
        for (new, e) in sortedEdges.enumerated() {
            let to = e.to.index
            inEdges[Int(fill[to])] = Int32(new)
            fill[to] += 1
        }
        fill = []
        var starts = [UInt64](repeating: 0, count: (edgeCount + 63) / 64)
        for r in remapped { starts[r.from.index / 64] |= 1 << UInt64(r.from.index % 64) }
        var bounds: [Double] = []
        if let first = nodes.first {
            bounds = [first.latitude, first.longitude, first.latitude, first.longitude]
            for n in nodes {
                bounds[0] = min(bounds[0], n.latitude)
                bounds[1] = min(bounds[1], n.longitude)
                bounds[2] = max(bounds[2], n.latitude)
                bounds[3] = max(bounds[3], n.longitude)
            }
        }
        let storedNodes = MappedArray(nodes)
        nodes = []
        let (start, end) = Self.shapeBearings(shapePoints, shapeOffsets)
        let grid = try SpatialGrid(shapePoints: shapePoints, shapeOffsets: shapeOffsets)
        let storedShapePoints = MappedArray(shapePoints)
        shapePoints = []
        let unindexed = RoadGraph(
            nodes: storedNodes, edges: sortedEdges, strings: StringTable(strings),
            restrictions: MappedArray(remapped.sorted { ($0.from, $0.to) < ($1.from, $1.to) }), viaWayRestrictions: remappedChains,
            shapePoints: storedShapePoints, shapeOffsets: MappedArray(shapeOffsets), outOffsets: MappedArray(out),
            inOffsets: MappedArray(inCount), inEdges: MappedArray(inEdges), shapeEdges: MappedArray(shapeEdges),
            grid: grid, shapeStartBearings: MappedArray(start), shapeEndBearings: MappedArray(end), nodeBounds: MappedArray(bounds),
            restrictionStarts: MappedArray(starts), segmentIndex: SegmentIndex())
        let index = indexingSegments ? try SegmentIndex(graph: unindexed, origin: unindexed.indexOrigin) : SegmentIndex()
        self.init(unindexed, segmentIndex: index)
    }

    /// Where the segment index's projection is centred: the centre of the nodes' bounding box.
    var indexOrigin: Coordinate { center ?? Coordinate(latitude: 0, longitude: 0) }

    /// `graph` with `segmentIndex` as its segment index.
    private convenience init(_ graph: RoadGraph, segmentIndex: SegmentIndex) {
        self.init(
            nodes: graph.nodes, edges: graph.edges, strings: graph.strings, restrictions: graph.restrictions, viaWayRestrictions: graph.viaWayRestrictions,
            shapePoints: graph.shapePoints, shapeOffsets: graph.shapeOffsets, outOffsets: graph.outOffsets, inOffsets: graph.inOffsets, inEdges: graph.inEdges, shapeEdges: graph.shapeEdges, grid: graph.grid,
            shapeStartBearings: graph.shapeStartBearings, shapeEndBearings: graph.shapeEndBearings, nodeBounds: graph.nodeBounds,
            restrictionStarts: graph.restrictionStarts, segmentIndex: segmentIndex)
    }

    /// A graph from all its stored arrays (the image loader's path; `init(image:)` checks their sizes).
    init(
        nodes: MappedArray<Coordinate>, edges: MappedArray<RoadEdge>, strings: StringTable, restrictions: MappedArray<TurnRestriction>,
        viaWayRestrictions: [ViaWayRestriction], shapePoints: MappedArray<Coordinate>, shapeOffsets: MappedArray<Int32>, outOffsets: MappedArray<Int32>,
        inOffsets: MappedArray<Int32>, inEdges: MappedArray<Int32>, shapeEdges: MappedArray<Int32>, grid: SpatialGrid,
        shapeStartBearings: MappedArray<Double>, shapeEndBearings: MappedArray<Double>, nodeBounds: MappedArray<Double>,
        restrictionStarts: MappedArray<UInt64>, segmentIndex: SegmentIndex
    ) {
        self.nodes = nodes
        self.edges = edges
        self.strings = strings
        self.restrictions = restrictions
        self.viaWayRestrictions = viaWayRestrictions
        self.shapePoints = shapePoints
        self.shapeOffsets = shapeOffsets
        self.outOffsets = outOffsets
        self.inOffsets = inOffsets
        self.inEdges = inEdges
        self.shapeEdges = shapeEdges
        self.grid = grid
        self.shapeStartBearings = shapeStartBearings
        self.shapeEndBearings = shapeEndBearings
        self.nodeBounds = nodeBounds
        self.restrictionStarts = restrictionStarts
        self.segmentIndex = segmentIndex
    }

    /// Number of nodes.
    public var nodeCount: Int { nodes.count }
    /// Number of directed edges.
    public var edgeCount: Int { edges.count }
    /// Number of shapes (undirected road stretches between nodes).
    public var shapeCount: Int { max(0, shapeOffsets.count - 1) }

    /// The edge with this ID.
    @inlinable public subscript(edge: EdgeID) -> RoadEdge { edges[edge.index] }

    /// The position of a node.
    @inlinable public func coordinate(of node: NodeID) -> Coordinate { nodes[node.index] }

    /// The edges leaving `node`.
    public func outgoing(from node: NodeID) -> [EdgeID] {
        (outOffsets[node.index]..<outOffsets[node.index + 1]).map(EdgeID.init)
    }

    /// The range of edge indexes leaving `node` (edges are sorted by start node), for hot loops.
    @inlinable public func outgoingRange(from node: NodeID) -> Range<Int> {
        Int(outOffsets[node.index])..<Int(outOffsets[node.index + 1])
    }

    /// The edges arriving at `node`.
    public func incoming(to node: NodeID) -> [EdgeID] {
        inEdges[Int(inOffsets[node.index])..<Int(inOffsets[node.index + 1])].map(EdgeID.init)
    }

    /// The edge covering the same road in the opposite direction, if that direction exists.
    public func twin(of edge: EdgeID) -> EdgeID? {
        let (shape, flags) = edges.shapeAndFlags(ofEdge: edge.index)
        return twin(shape: shape, flags: flags)
    }

    /// `twin(of:)` of an edge already loaded.
    func twin(ofLoaded e: RoadEdge) -> EdgeID? { twin(shape: e.shape, flags: e.flags) }

    /// The twin of the edge along `shape` with `flags` (the shape's other edge).
    private func twin(shape: Int32, flags: EdgeFlags) -> EdgeID? {
        let other = shapeEdges[2 * Int(shape) + (flags.contains(.reversedShape) ? 0 : 1)]
        return other >= 0 ? EdgeID(other) : nil
    }

    /// The string at `index` in the string table, nil for -1 or an out-of-range index.
    public func string(_ index: Int32) -> String? {
        index >= 0 && Int(index) < strings.count ? strings[Int(index)] : nil
    }

    /// The street name of an edge, if tagged.
    public func name(of edge: EdgeID) -> String? { string(edges[edge.index].name) }

    /// The road number (`ref`) of an edge, if tagged.
    public func ref(of edge: EdgeID) -> String? { string(edges[edge.index].ref) }

    /// Whether any turn restriction starts with `edge` (one bit per edge, so most turns skip the lookup).
    /// Always inlined: a call would copy the graph (hundreds of bytes) to pass it, in the search
    /// loops that ask this at every node.
    @inlinable @inline(__always) public func startsRestriction(_ edge: EdgeID) -> Bool {
        restrictionStarts[edge.index / 64] & (1 << UInt64(edge.index % 64)) != 0
    }

    /// The bounding box of all nodes in degrees, nil for an empty graph (stored with the graph).
    public var boundingBox: (south: Degrees, west: Degrees, north: Degrees, east: Degrees)? {
        nodeBounds.count == 4 ? (nodeBounds[0], nodeBounds[1], nodeBounds[2], nodeBounds[3]) : nil
    }

    /// The centre of the nodes' bounding box, nil for an empty graph.
    public var center: Coordinate? {
        guard let box = boundingBox else { return nil }
        return Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2)
    }

    /// The turn restrictions starting with `edge`.
    public func restrictions(from edge: EdgeID) -> Slice<MappedArray<TurnRestriction>> {
        var lo = 0, hi = restrictions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if restrictions[mid].from < edge { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < restrictions.count && restrictions[end].from == edge { end += 1 }
        return restrictions[lo..<end]
    }

    /// Whether `profile` may turn from `from` onto `to` at their common node under the turn restrictions.
    public func isTurnAllowed(from: EdgeID, to: EdgeID, profile: TravelProfile) -> Bool {
        Self.isTurnAllowed(restrictions(from: from), to: to, profile: profile)
    }

    /// Whether `profile` may turn onto `to` under `turns`, the restrictions of the edge it arrives
    /// on (`restrictions(from:)`, looked up once for all the turns at a node).
    static func isTurnAllowed(_ turns: Slice<MappedArray<TurnRestriction>>, to: EdgeID, profile: TravelProfile) -> Bool {
        var hasMandatory = false
        for r in turns where r.profiles.contains(profile) {
            switch r.kind {
            case .prohibitive: if r.to == to { return false }
            case .mandatory:
                if r.to == to { return true }
                hasMandatory = true
            }
        }
        return !hasMandatory
    }
}
