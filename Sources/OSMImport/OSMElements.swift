import Geodesy
import RoadGraph

/// The parts of an OSM extract the graph builder needs, kept compact: the routable ways (node
/// references in one flat array, attributes interned as `WayProfile`s), the positions of only the
/// nodes those ways use (sorted by id), the traffic controls and barriers among them, and the
/// turn-restriction relations. A reader adds ways first, calls `indexUsedNodes()`, then offers
/// node positions, which are kept only for used nodes.
struct OSMElements: Sendable {
    /// A routable way: its id, its node references (`wayNodeRefs[refs]`), its interned profile.
    struct Way: Sendable {
        /// OSM way id.
        var id: Int64
        /// Where its node references are in `wayNodeRefs`.
        var refs: Range<Int>
        /// Index into `profiles`.
        var profile: Int32
    }

    /// A relation member: its type (`node`, `way`, `relation`), id and role.
    struct Member: Sendable, Hashable {
        /// Member type.
        enum Kind: UInt8, Sendable { case node, way, relation }
        /// Member type.
        var kind: Kind
        /// Referenced element id.
        var ref: Int64
        /// Role, e.g. `from`, `via`, `to`.
        var role: String
    }

    /// A relation: id, members, tags.
    struct Relation: Sendable {
        /// OSM relation id.
        var id: Int64
        /// Members in order.
        var members: [Member]
        /// Tags, key to value.
        var tags: [String: String]
    }

    /// Routable ways in file order.
    private(set) var ways: [Way] = []
    /// The node references of every way, one after the other.
    private(set) var wayNodeRefs: [Int64] = []
    /// The distinct profiles of the ways.
    private(set) var profiles: [WayProfile] = []
    private var profileIndex: [WayProfile: Int32] = [:]
    /// Ways with a `highway` or `route=ferry` tag seen (routable or not).
    var highwayWays = 0
    /// Kept (restriction) relations.
    var relations: [Relation] = []

    /// Ids of the nodes the ways use (sorted, distinct) once `indexUsedNodes()` ran, with their
    /// positions in the parallel arrays (NaN until read or when the extract lacks the node).
    private(set) var nodeIDs: [Int64] = []
    private var nodeLatitudes: [Double] = []
    private var nodeLongitudes: [Double] = []
    /// Valid node positions read from the file (used or not).
    var nodesRead = 0
    /// Traffic lights, stop and give-way signs at used nodes, by node id.
    private(set) var trafficControls: [Int64: TrafficControl] = [:]
    /// Used nodes some profile cannot pass (`NodeBarrier`), with the profiles they stop.
    private(set) var barriers: [Int64: ProfileSet] = [:]
    /// How many nodes of the file (used or not) carry each kind of control, and car barriers.
    private(set) var controlCounts: [TrafficControl.Kind: Int] = [:]
    private(set) var barrierCount = 0

    /// Adds a routable way.
    mutating func addWay(id: Int64, refs: some Collection<Int64>, profile: WayProfile) {
        let index: Int32
        if let known = profileIndex[profile] {
            index = known
        } else {
            index = Int32(profiles.count)
            profileIndex[profile] = index
            profiles.append(profile)
        }
        let start = wayNodeRefs.count
        wayNodeRefs.append(contentsOf: refs)
        ways.append(Way(id: id, refs: start..<wayNodeRefs.count, profile: index))
    }

    /// The node references of `way`.
    func refs(of way: Way) -> ArraySlice<Int64> { wayNodeRefs[way.refs] }

    /// The profile of `way`.
    func profile(of way: Way) -> WayProfile { profiles[Int(way.profile)] }

    /// Bytes the ways take (references, records, profiles), for memory budgets.
    var wayBytes: Int { wayNodeRefs.count * 8 + ways.count * MemoryLayout<Way>.stride + profiles.count * 256 }

    /// Collects the ids of the nodes used by the ways, after the last way was added; from then on
    /// `addNode` keeps only those nodes. Also drops the profile index, no longer needed.
    mutating func indexUsedNodes() {
        var ids = wayNodeRefs
        ids.sort()
        var distinct = 0
        for i in ids.indices where i == 0 || ids[i] != ids[distinct - 1] {
            ids[distinct] = ids[i]
            distinct += 1
        }
        ids.removeLast(ids.count - distinct)
        nodeIDs = ids
        nodeLatitudes = [Double](repeating: .nan, count: distinct)
        nodeLongitudes = [Double](repeating: .nan, count: distinct)
        profileIndex = [:]
    }

    /// The index of used node `id` in `nodeIDs`, nil when no way uses it.
    func slot(ofNode id: Int64) -> Int? {
        var lo = 0, hi = nodeIDs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if nodeIDs[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < nodeIDs.count && nodeIDs[lo] == id ? lo : nil
    }

    /// Records the position of the used node at `slot`; the first valid position read wins.
    mutating func setNode(slot: Int, latitude: Double, longitude: Double) {
        guard nodeLatitudes[slot].isNaN else { return }
        nodeLatitudes[slot] = latitude
        nodeLongitudes[slot] = longitude
    }

    /// Records a node position when a way uses the node; a position outside [-90, 90] × [-180, 180]
    /// (or NaN) is dropped, so ways referring to it treat it as missing.
    mutating func addNode(id: Int64, latitude: Double, longitude: Double) {
        guard Coordinate(latitude: latitude, longitude: longitude).isValid else { return }
        nodesRead += 1
        if let slot = slot(ofNode: id) { setNode(slot: slot, latitude: latitude, longitude: longitude) }
    }

    /// Records what a node's tags say about traffic: a control that delays, a barrier that closes
    /// (kept for used nodes, counted for all).
    mutating func addNodeTags(id: Int64, _ tags: [String: String]) {
        addNodeFacts(id: id, control: TrafficControl(tags: tags), barriers: NodeBarrier.profiles(tags))
    }

    /// Records a node's traffic control and the profiles it stops, already read from its tags.
    mutating func addNodeFacts(id: Int64, control: TrafficControl?, barriers: ProfileSet) {
        if let control { controlCounts[control.kind, default: 0] += 1 }
        if barriers.contains(.car) { barrierCount += 1 }
        guard control != nil || !barriers.isEmpty, slot(ofNode: id) != nil else { return }
        if let control { trafficControls[id] = control }
        if !barriers.isEmpty { self.barriers[id] = barriers }
    }

    /// The node tags `addNodeTags` reads, for readers that skip all other node tags.
    static let relevantNodeKeys = TrafficControl.keys.union(NodeBarrier.keys)

    /// The position of node `id`, nil when no way uses it or the extract does not contain it.
    func coordinate(ofNode id: Int64) -> Coordinate? {
        guard let slot = slot(ofNode: id), !nodeLatitudes[slot].isNaN else { return nil }
        return Coordinate(latitude: nodeLatitudes[slot], longitude: nodeLongitudes[slot])
    }
}
