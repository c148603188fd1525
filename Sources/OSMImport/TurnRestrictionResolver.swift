import RoadGraph

/// Turns `type=restriction` relations (from way, via node, to way) into edge-to-edge restrictions.
/// Via-way restrictions are counted and skipped.
struct TurnRestrictionResolver {
    let edges: [RoadEdge]
    let edgesOfWay: [Int64: [Int32]]
    /// The graph node of an OSM node id, nil when it is none.
    let graphNode: (Int64) -> Int32?

    /// The restrictions of `relations` that resolve onto the graph.
    func resolve(_ relations: [OSMElements.Relation], statistics: inout ImportStatistics) -> [TurnRestriction] {
        var result: [TurnRestriction] = []
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
                statistics.skippedViaWayRestrictions += 1
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
