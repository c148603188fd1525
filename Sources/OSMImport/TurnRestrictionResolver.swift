import RoadGraph

/// Turns `type=restriction` relations into edge restrictions: from way, via node, to way into
/// edge-to-edge restrictions; from way, via ways, to way into chains of edges along the via ways.
struct TurnRestrictionResolver {
    let edges: [RoadEdge]
    let edgesOfWay: [Int64: [Int32]]
    /// The graph node of an OSM node id, nil when it is none.
    let graphNode: (Int64) -> Int32?

    /// The restrictions of `relations` that resolve onto the graph: through a via node, and through via ways.
    func resolve(_ relations: [OSMElements.Relation], statistics: inout ImportStatistics)
        -> (viaNode: [TurnRestriction], viaWays: [ViaWayRestriction])
    {
        var result: [TurnRestriction] = [], chains: [ViaWayRestriction] = []
        for relation in relations where relation.tags["type"] == "restriction" {
            guard let (value, profiles) = kindAndProfiles(relation.tags), !profiles.isEmpty else { continue }
            let kind: TurnRestriction.Kind
            if value.hasPrefix("no_") {
                kind = .prohibitive
            } else if value.hasPrefix("only_") {
                kind = .mandatory
            } else {
                continue
            }
            let from = relation.members.filter { $0.role == "from" && $0.kind == .way }
            let to = relation.members.filter { $0.role == "to" && $0.kind == .way }
            let via = relation.members.filter { $0.role == "via" }
            if via.contains(where: { $0.kind == .way }) {
                let resolved = via.allSatisfy({ $0.kind == .way }) && from.count == 1 && to.count == 1
                    ? self.chains(from: from[0].ref, via: via.map(\.ref), to: to[0].ref) : []
                if resolved.isEmpty {
                    statistics.unresolvedRestrictions += 1
                } else {
                    chains += resolved.map { ViaWayRestriction(from: $0.from, via: $0.via, to: $0.to, kind: kind, profiles: profiles) }
                    statistics.restrictions += 1
                    statistics.viaWayRestrictions += 1
                }
                continue
            }
            guard from.count == 1, to.count == 1, via.count == 1, let viaNode = graphNode(via[0].ref) else {
                statistics.unresolvedRestrictions += 1
                continue
            }
            let arriving = (edgesOfWay[from[0].ref] ?? []).filter { edges[Int($0)].to.rawValue == viaNode }
            let leaving = (edgesOfWay[to[0].ref] ?? []).filter { edges[Int($0)].from.rawValue == viaNode }
            guard !arriving.isEmpty, !leaving.isEmpty else {
                statistics.unresolvedRestrictions += 1
                continue
            }
            for a in arriving {
                for l in leaving {
                    result.append(TurnRestriction(from: EdgeID(a), via: NodeID(viaNode), to: EdgeID(l), kind: kind, profiles: profiles))
                }
            }
            statistics.restrictions += 1
        }
        return (result, chains)
    }

    /// The most via ways a restriction may name (the search below tracks which it has driven).
    static let maximumViaWays = 8

    /// The chains of edges a restriction from way `from` through the ways `via` to way `to` stands
    /// for: for each edge of `from` arriving where an edge of a via way leaves, the fewest edges
    /// along the via ways (each way driven at least once) to a node where an edge of `to` leaves,
    /// then that edge. Empty when none resolves (members missing or not meeting).
    func chains(from: Int64, via: [Int64], to: Int64) -> [(from: EdgeID, via: [EdgeID], to: EdgeID)] {
        let viaWays = Array(Set(via)).sorted()
        guard viaWays.count <= Self.maximumViaWays else { return [] }
        let allDriven = (1 << viaWays.count) - 1
        // The via ways' edges by start node, each with the bit of its way.
        var leaving: [Int32: [(edge: Int32, bit: Int)]] = [:]
        for (k, way) in viaWays.enumerated() {
            for e in edgesOfWay[way] ?? [] { leaving[edges[Int(e)].from.rawValue, default: []].append((e, 1 << k)) }
        }
        let toEdges = edgesOfWay[to] ?? []
        /// A node reached along the via ways and the via ways driven to get there (bits).
        struct State: Hashable { var node: Int32, driven: Int }
        var result: [(from: EdgeID, via: [EdgeID], to: EdgeID)] = []
        for a in edgesOfWay[from] ?? [] where leaving[edges[Int(a)].to.rawValue] != nil {
            // Breadth first over the states, so the first to reach the end is the shortest chain.
            let start = State(node: edges[Int(a)].to.rawValue, driven: 0)
            var parent: [State: (state: State, edge: Int32)] = [:]
            var frontier = [start]
            var found: (state: State, to: Int32)?
            search: while !frontier.isEmpty {
                var next: [State] = []
                for state in frontier {
                    for (e, bit) in leaving[state.node] ?? [] {
                        let reached = State(node: edges[Int(e)].to.rawValue, driven: state.driven | bit)
                        guard reached != start, parent[reached] == nil else { continue }
                        parent[reached] = (state, e)
                        if reached.driven == allDriven, let c = toEdges.first(where: { edges[Int($0)].from.rawValue == reached.node }) {
                            found = (reached, c)
                            break search
                        }
                        next.append(reached)
                    }
                }
                frontier = next
            }
            guard let (end, c) = found else { continue }
            var viaEdges: [EdgeID] = [], state = end
            while let (previous, e) = parent[state] {
                viaEdges.append(EdgeID(e))
                state = previous
            }
            result.append((EdgeID(a), viaEdges.reversed(), EdgeID(c)))
        }
        return result
    }

    /// The restriction value and the profiles it binds: `restriction` binds cars and bikes,
    /// `restriction:motorcar` cars, `restriction:bicycle` bikes; `except=*` lifts it for the listed vehicles.
    private func kindAndProfiles(_ tags: [String: String]) -> (String, ProfileSet)? {
        var profiles: ProfileSet
        let value: String
        if let v = tags["restriction"] {
            value = v
            profiles = [.car, .bike]
        } else if let v = tags["restriction:motorcar"] ?? tags["restriction:motor_vehicle"] {
            value = v
            profiles = .car
        } else if let v = tags["restriction:bicycle"] {
            value = v
            profiles = .bike
        } else {
            return nil
        }
        let exceptions = (tags["except"] ?? "").split(separator: ";").map { $0.trimmingSpaces }
        if exceptions.contains("bicycle") { profiles.remove(.bike) }
        if exceptions.contains("motorcar") || exceptions.contains("motor_vehicle") { profiles.remove(.car) }
        return (value, profiles)
    }
}
