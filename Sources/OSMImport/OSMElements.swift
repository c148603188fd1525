import Geodesy

/// The parts of an OSM extract the graph builder needs: node positions, the kept ways and relations.
public struct OSMElements: Sendable {
    /// A way: its id, node references in order, and tags.
    public struct Way: Sendable {
        /// OSM way id.
        public var id: Int64
        /// Referenced node ids in order (some may be missing from a bounding-box cut).
        public var nodeRefs: [Int64]
        /// Tags, key to value.
        public var tags: [String: String]
    }

    /// A relation member: its type (`node`, `way`, `relation`), id and role.
    public struct Member: Sendable, Hashable {
        /// Member type.
        public enum Kind: UInt8, Sendable { case node, way, relation }
        /// Member type.
        public var kind: Kind
        /// Referenced element id.
        public var ref: Int64
        /// Role, e.g. `from`, `via`, `to`.
        public var role: String
    }

    /// A relation: id, members, tags.
    public struct Relation: Sendable {
        /// OSM relation id.
        public var id: Int64
        /// Members in order.
        public var members: [Member]
        /// Tags, key to value.
        public var tags: [String: String]
    }

    /// Node ids (sorted by `finish()`), with positions in the parallel arrays.
    private(set) var nodeIDs: [Int64] = []
    private(set) var nodeLatitudes: [Double] = []
    private(set) var nodeLongitudes: [Double] = []
    /// Traffic lights, stop and give-way signs by node id.
    public internal(set) var trafficControls: [Int64: TrafficControl] = [:]
    /// Ids of nodes cars cannot pass (`CarBarrier`).
    public internal(set) var carBarriers: Set<Int64> = []
    /// Kept ways.
    public internal(set) var ways: [Way] = []
    /// Kept relations.
    public internal(set) var relations: [Relation] = []

    /// Records what a node's tags say about traffic: a control that delays, a barrier that closes.
    mutating func addNodeTags(id: Int64, _ tags: [String: String]) {
        if let control = TrafficControl(tags: tags) { trafficControls[id] = control }
        if CarBarrier.blocks(tags) { carBarriers.insert(id) }
    }

    /// The node tags `addNodeTags` reads, for readers that skip all other node tags.
    static let relevantNodeKeys = TrafficControl.keys.union(CarBarrier.keys)

    /// Number of nodes read.
    public var nodeCount: Int { nodeIDs.count }

    /// Records a node position; a position outside [-90, 90] × [-180, 180] (or NaN) is dropped, so
    /// ways referring to it treat it as missing.
    mutating func addNode(id: Int64, latitude: Double, longitude: Double) {
        guard Coordinate(latitude: latitude, longitude: longitude).isValid else { return }
        nodeIDs.append(id)
        nodeLatitudes.append(latitude)
        nodeLongitudes.append(longitude)
    }

    /// Sorts nodes by id (PBF files usually are already) so `coordinate(ofNode:)` can binary-search.
    mutating func finish() {
        guard zip(nodeIDs, nodeIDs.dropFirst()).contains(where: { $0 > $1 }) else { return }
        let order = nodeIDs.indices.sorted { nodeIDs[$0] < nodeIDs[$1] }
        nodeIDs = order.map { nodeIDs[$0] }
        nodeLatitudes = order.map { nodeLatitudes[$0] }
        nodeLongitudes = order.map { nodeLongitudes[$0] }
    }

    /// The position of node `id`, nil when the extract does not contain it.
    public func coordinate(ofNode id: Int64) -> Coordinate? {
        var lo = 0, hi = nodeIDs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if nodeIDs[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        guard lo < nodeIDs.count, nodeIDs[lo] == id else { return nil }
        return Coordinate(latitude: nodeLatitudes[lo], longitude: nodeLongitudes[lo])
    }
}
