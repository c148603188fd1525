/// A turn restriction whose via member is one or more ways (OSM `type=restriction` with via
/// ways), as a chain of edges: `from`, then `via` (each edge leaving where the one before it ends),
/// then `to`. A prohibitive one forbids driving the whole chain (the same edges without `from`, or
/// leaving the via ways before `to`, stay allowed); a mandatory one makes `via` then `to` the only
/// way on once `from` has entered the via ways. Stored in the graph as `RoadGraph.viaWayRestrictions`.
public struct ViaWayRestriction: Hashable, Sendable {
    /// The edge arriving at the first via edge.
    public var from: EdgeID
    /// The edges along the via ways, in driving order (at least one).
    public var via: [EdgeID]
    /// The edge leaving the last via edge.
    public var to: EdgeID
    /// Prohibitive (`no_*`) or mandatory (`only_*`).
    public var kind: TurnRestriction.Kind
    /// The profiles the restriction applies to.
    public var profiles: ProfileSet

    /// A restriction from its parts.
    public init(from: EdgeID, via: [EdgeID], to: EdgeID, kind: TurnRestriction.Kind, profiles: ProfileSet) {
        self.from = from
        self.via = via
        self.to = to
        self.kind = kind
        self.profiles = profiles
    }

    /// Every edge of the chain in driving order: `from`, `via`, `to`.
    public var chain: [EdgeID] { [from] + via + [to] }

    /// The restrictions as stored in a graph image: per restriction its chain's length n, its kind,
    /// its profiles' bits, then the n edges.
    static func records(_ restrictions: [ViaWayRestriction]) -> [Int32] {
        var records: [Int32] = []
        for r in restrictions {
            let chain = r.chain
            records += [Int32(chain.count), Int32(r.kind.rawValue), Int32(r.profiles.rawValue)] + chain.map(\.rawValue)
        }
        return records
    }

    /// Whether `chain` names edges of `edges` (indexed from 0) each leaving where the one before it ends.
    static func isChain(_ chain: [EdgeID], of edges: some RandomAccessCollection<RoadEdge>) -> Bool {
        let start = edges.startIndex
        func edge(_ e: EdgeID) -> RoadEdge { edges[edges.index(start, offsetBy: e.index)] }
        return chain.allSatisfy { $0.index >= 0 && $0.index < edges.count }
            && zip(chain, chain.dropFirst()).allSatisfy { edge($0).to == edge($1).from }
    }

    /// The restrictions stored in `records` (see `records(_:)`), checked against `edges`: every
    /// chain at least three edges long, of edges that exist and follow one another.
    static func decoded(_ records: MappedArray<Int32>, edges: MappedArray<RoadEdge>) throws(RoadGraphError) -> [ViaWayRestriction] {
        var result: [ViaWayRestriction] = []
        var i = 0
        while i < records.count {
            guard i + 3 <= records.count, records[i] >= 3, records[i] <= Int32(records.count - i - 3),
                let kind = TurnRestriction.Kind(rawValue: UInt8(truncatingIfNeeded: records[i + 1])), records[i + 1] >= 0, records[i + 1] < 256,
                records[i + 2] >= 0, records[i + 2] < 256
            else { throw .inconsistent("via-way restriction record at \(i) is malformed") }
            let chain = (i + 3..<i + 3 + Int(records[i])).map { EdgeID(records[$0]) }
            guard isChain(chain, of: edges) else {
                throw .inconsistent("via-way restriction record at \(i) names an edge out of range or a broken chain")
            }
            result.append(
                ViaWayRestriction(
                    from: chain[0], via: Array(chain[1..<chain.count - 1]), to: chain[chain.count - 1], kind: kind,
                    profiles: ProfileSet(rawValue: UInt8(records[i + 2]))))
            i += 3 + Int(records[i])
        }
        return result
    }
}
