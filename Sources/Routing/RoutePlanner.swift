import Geodesy
import RoadGraph

/// Plans routes on a `RoadGraph`: snaps waypoints to usable roads, finds the fastest path for
/// each leg, and offers up to two genuinely different alternatives for single-leg routes.
/// Immutable and `Sendable`: one planner serves concurrent requests.
public struct RoutePlanner: Sendable {
    /// The graph routes are planned on.
    public let graph: RoadGraph
    let tables: RoutingTables

    /// Components with fewer nodes than this are snapped to only when nothing else is in range.
    static let smallComponentSize: Int32 = 50

    /// A planner for `graph` (computes per-graph tables once, linear in the graph size).
    public init(graph: RoadGraph) {
        self.graph = graph
        self.tables = RoutingTables(graph: graph)
    }

    /// The profile named `name`.
    /// - Throws: `RoutingError.unknownProfile` for a name other than car, bike or foot.
    public static func profile(named name: String) throws(RoutingError) -> TravelProfile {
        guard let profile = TravelProfile(rawValue: name) else { throw .unknownProfile(name) }
        return profile
    }

    /// The best route and up to `request.alternatives` alternatives, best first.
    /// - Throws: `RoutingError` for an unknown profile, too few waypoints, a waypoint off the network, or no route.
    public func plan(_ request: RouteRequest) throws(RoutingError) -> [PlannedRoute] {
        let profile = try Self.profile(named: request.profile)
        guard request.waypoints.count >= 2 else { throw .tooFewWaypoints(request.waypoints.count) }
        let costing = EdgeCosting(graph: graph, tables: tables, profile: profile, avoid: request.avoid, penalties: nil)
        var candidates: [[EdgeSnap]] = []
        for waypoint in request.waypoints {
            candidates.append(try snap(waypoint, costing: costing, radius: request.snapRadius))
        }
        var searches: [PathSearch.Result] = []
        for leg in 0..<(candidates.count - 1) {
            guard let found = PathSearch(costing: costing).run(from: candidates[leg], to: candidates[leg + 1]) else {
                throw .noRoute(from: request.waypoints[leg].coordinate, to: request.waypoints[leg + 1].coordinate)
            }
            searches.append(found)
        }
        let best = route(searches, costing)
        guard request.alternatives > 0, searches.count == 1 else { return [best] }
        let alternatives = AlternativeFinder(costing: costing, maximumCount: min(2, request.alternatives))
            .alternatives(to: searches[0], from: candidates[0], to: candidates[1])
        return [best] + alternatives.map { route([$0], costing) }
    }

    /// The usable edges nearest to `waypoint` (both directions of the closest road when allowed),
    /// honouring its heading; islands are skipped when a bigger network is within reach.
    /// - Throws: `RoutingError.pointOffNetwork` when nothing usable lies within `radius` metres.
    func snap(_ waypoint: RouteWaypoint, costing: EdgeCosting, radius: Meters) throws(RoutingError) -> [EdgeSnap] {
        let profileIndex = costing.profile.index
        let all = graph.nearestEdges(to: waypoint.coordinate, within: radius) { edge in
            guard costing.isUsable(edge.index) else { return false }
            return true
        }.filter { snap in
            guard let heading = waypoint.heading else { return true }
            return Bearing.difference(snap.bearing, heading) <= waypoint.headingTolerance
        }
        let big = all.filter { snap in
            let node = graph.edges[snap.edge.index].from.index
            return tables.componentSizes[profileIndex][Int(tables.components[profileIndex][node])] >= Self.smallComponentSize
        }
        let usable = big.isEmpty ? all : big
        guard let nearest = usable.first else { throw .pointOffNetwork(waypoint.coordinate) }
        return usable.filter { $0.distance <= nearest.distance + 1 }
    }

    /// A `PlannedRoute` from search results (one per leg), with turn costs filled in.
    func route(_ results: [PathSearch.Result], _ costing: EdgeCosting) -> PlannedRoute {
        var legs: [RoadPath] = []
        var snaps: [EdgeSnap] = []
        for (i, r) in results.enumerated() {
            guard var path = graph.path(edges: r.edges, startFraction: r.startFraction, endFraction: r.endFraction, profile: costing.profile)
            else { continue }
            for j in path.intersections.indices {
                let turn = costing.turnCost(from: r.edges[j].index, to: r.edges[j + 1].index) ?? 0
                path.intersections[j].turnDuration = turn
                path.duration += turn
            }
            if i == 0, let start = path.start {
                snaps.append(snapRecord(path.segments[0].edge, start, r.startFraction))
            }
            if let end = path.end { snaps.append(snapRecord(path.segments[path.segments.count - 1].edge, end, r.endFraction)) }
            legs.append(path)
        }
        return PlannedRoute(legs: legs, waypoints: snaps)
    }

    private func snapRecord(_ edge: EdgeID, _ point: Coordinate, _ fraction: Double) -> EdgeSnap {
        let line = Polyline(graph.geometry(of: edge))
        let bearing = line.bearing(atDistance: fraction * line.length) ?? graph.initialBearing(of: edge)
        return EdgeSnap(edge: edge, coordinate: point, distance: 0, fraction: fraction, bearing: bearing)
    }
}
