import Geodesy
import RoadGraph

/// Plans routes on a `RoadGraph`: snaps waypoints to usable roads, finds the fastest path for
/// each leg, and offers up to two genuinely different alternatives for single-leg routes.
/// Best routes and alternatives without avoid options come from a `ContractionHierarchy` when one
/// is given for the profile (alternatives through via nodes), all others from an edge-based A*
/// (same costs either way; alternatives by the penalty method).
/// Immutable and `Sendable`: one planner serves concurrent requests.
public struct RoutePlanner: Sendable {
    /// The graph routes are planned on.
    public let graph: RoadGraph
    let tables: RoutingTables
    /// The hierarchies in use, those matching the graph and the current cost model.
    public let hierarchies: [ContractionHierarchy]
    /// The costing of each profile without avoid options (by `TravelProfile.index`).
    let plainCostings: [EdgeCosting]

    /// A planner for `graph` (computes per-graph tables once, linear in the graph size), answering
    /// with `hierarchies` where they apply; a hierarchy built for another graph or cost model is ignored.
    /// A waypoint whose nearest road lies in a strongly connected component with fewer than
    /// `bigComponentSize` usable one-way edges snaps into a bigger one, as OSRM's
    /// `--small-component-size` (same default, same count) decides.
    public init(graph: RoadGraph, hierarchies: [ContractionHierarchy] = [], bigComponentSize: Int = 1000) {
        self.graph = graph
        let tables = RoutingTables(graph: graph, bigComponentSize: bigComponentSize)
        self.tables = tables
        let costings = TravelProfile.allCases.map { EdgeCosting(graph: graph, tables: tables, profile: $0, avoid: []) }
        plainCostings = costings
        self.hierarchies = hierarchies.filter { Self.isCurrent($0, costing: costings[$0.profile.index]) }
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
        let (costing, candidates, searches, viaNode) = try searchLegs(request, alternatives: request.alternatives > 0)
        let points = request.waypoints.map(\.coordinate)
        let best = route(searches, costing, points)
        guard request.alternatives > 0, searches.count == 1 else { return [best] }
        let ends = Self.ends(from: candidates[0], to: candidates[1])
        let alternatives = viaNode ?? AlternativeFinder(costing: costing, maximumCount: Self.alternativeCount(request))
            .alternatives(to: searches[0], from: ends.sources, to: ends.targets)
        return [best] + alternatives.map { route([$0], costing, points, sharingWith: best.legs.first) }
    }

    /// The number of alternatives offered for `request`: as many as asked, at most two.
    static func alternativeCount(_ request: RouteRequest) -> Int { min(2, request.alternatives) }

    /// The weight of the best route for `request`, summed over its legs: what the search minimises
    /// (edge travel time ÷ road preference, plus turn weights; weighted seconds), without building
    /// the route's geometry and intersections — the search alone.
    /// - Throws: `RoutingError` as `plan` does.
    public func bestWeight(_ request: RouteRequest) throws(RoutingError) -> Double {
        try searchLegs(request, alternatives: false).searches.reduce(0) { $0 + $1.cost }
    }

    /// The costing of `request`, the snaps of each waypoint, and the cheapest path of each leg; with
    /// `alternatives` on a single leg answered by a hierarchy, also its via-node alternatives (found
    /// by the same search), else nil. Waypoints snap as OSRM's do (`SnapTarget.big`); where that
    /// gives no route (OSRM's NoRoute: on a map without a big component, a waypoint nearest a
    /// stub), those off the largest component are snapped into it and the legs searched again.
    private func searchLegs(_ request: RouteRequest, alternatives: Bool) throws(RoutingError)
        -> (EdgeCosting, [[EdgeSnap]], searches: [PathSearch.Result], viaNode: [PathSearch.Result]?)
    {
        let profile = try Self.profile(named: request.profile)
        guard request.waypoints.count >= 2 else { throw .tooFewWaypoints(request.waypoints.count) }
        let costing = request.avoid.isEmpty
            ? plainCostings[profile.index] : plainCostings[profile.index].avoiding(request.avoid)
        do {
            return try searchLegs(request, costing: costing, into: .big, alternatives: alternatives)
        } catch .noRoute(let from, let to) {
            // OSRM answers NoRoute here; the largest component may still join the waypoints, unless
            // it is the only big one (then the second try would snap and search the same).
            guard tables.bigComponentCounts[profile.index] != 1,
                  let answer = try? searchLegs(request, costing: costing, into: .largest, alternatives: alternatives)
            else {
                throw .noRoute(from: from, to: to)
            }
            return answer
        }
    }

    /// `searchLegs(_:alternatives:)` with waypoints off the `into` components snapped into them.
    private func searchLegs(_ request: RouteRequest, costing: EdgeCosting, into: SnapTarget, alternatives: Bool) throws(RoutingError)
        -> (EdgeCosting, [[EdgeSnap]], searches: [PathSearch.Result], viaNode: [PathSearch.Result]?)
    {
        var snapped: [WaypointSnaps] = []
        for waypoint in request.waypoints {
            snapped.append(try snap(waypoint, costing: costing, radius: request.snapRadius, into: into))
        }
        let candidates = Self.chosen(snapped)
        var searches: [PathSearch.Result] = [], viaNode: [PathSearch.Result]?
        for leg in 0..<(candidates.count - 1) {
            let (sources, targets) = Self.ends(from: candidates[leg], to: candidates[leg + 1])
            var found: PathSearch.Result?
            if alternatives, candidates.count == 2, let hierarchy = hierarchy(for: costing),
               let answer = HierarchyQuery(hierarchy: hierarchy, costing: costing).bestAndAlternatives(
                   from: sources, to: targets, finder: AlternativeFinder(costing: costing, maximumCount: Self.alternativeCount(request)))
            {
                found = answer.best
                viaNode = answer.alternatives
            } else {
                found = search(costing, from: sources, to: targets)
            }
            guard let found else {
                throw .noRoute(from: request.waypoints[leg].coordinate, to: request.waypoints[leg + 1].coordinate)
            }
            searches.append(found)
        }
        return (costing, candidates, searches, viaNode)
    }

    /// The cheapest path for one leg: on the profile's hierarchy when there is one and nothing is avoided, else by A*.
    private func search(_ costing: EdgeCosting, from sources: [EdgeSnap], to targets: [EdgeSnap]) -> PathSearch.Result? {
        if let hierarchy = hierarchy(for: costing) {
            return HierarchyQuery(hierarchy: hierarchy, costing: costing).run(from: sources, to: targets)
        }
        return PathSearch(costing: costing).run(from: sources, to: targets)
    }

    /// The hierarchy that answers searches with `costing`: the profile's, when nothing is avoided.
    private func hierarchy(for costing: EdgeCosting) -> ContractionHierarchy? {
        costing.avoid.isEmpty ? hierarchies.first { $0.profile == costing.profile } : nil
    }

    /// Metres scanned first when snapping, before the request's full radius.
    static let firstSnapRadius: Meters = 50

    /// Roads this close to the nearest one count as equally near when snapping (both directions of
    /// a road, ways drawn over each other: equal but for rounding). Like OSRM, a waypoint otherwise
    /// snaps to the one nearest road, even when another a few centimetres farther would give a
    /// cheaper route (Helsinki's fresh pair #116 starts 4.75 m from one road and 4.84 m from another;
    /// OSRM takes the first, and so does Waygate since the tolerance is 1 cm rather than 10).
    static let snapTieTolerance: Meters = 0.01

    /// The components a waypoint whose nearest roads lie elsewhere is snapped into.
    enum SnapTarget {
        /// The big ones (`RoutingTables.bigComponentSize`), as OSRM snaps.
        case big
        /// The largest one: the second try where OSRM's snaps give no route.
        case largest
    }

    /// Where a waypoint snaps: the usable edges nearest to it, and when none of them lies in a
    /// target component (a car park, a one-way stub at the map's edge lie in small ones) the
    /// component they are in and the nearest edges inside a target one.
    struct WaypointSnaps {
        /// The nearest usable edges (within `snapTieTolerance` of the nearest: both directions of a road).
        var nearest: [EdgeSnap]
        /// The component of the nearest edges when it is not a target one, else nil.
        var smallComponent: Int32?
        /// The nearest edges in a target component when `smallComponent` is set (empty when there are none).
        var inTarget: [EdgeSnap]
    }

    /// The snaps each waypoint's search uses, as OSRM chooses its phantom nodes: the nearest ones
    /// when every waypoint lies in one and the same small component; otherwise, for a waypoint
    /// whose nearest roads are in a small component, the nearest roads in a target one (when there
    /// are any within the radius), so a route never starts or ends on an island it cannot leave.
    /// On a map without a big component (a city centre cut out of its surroundings) every waypoint
    /// snaps to its nearest road first.
    static func chosen(_ snapped: [WaypointSnaps]) -> [[EdgeSnap]] {
        let first = snapped.first?.smallComponent
        let allInOneSmall = first != nil && snapped.allSatisfy { $0.smallComponent == first }
        return snapped.map { allInOneSmall || $0.inTarget.isEmpty ? $0.nearest : $0.inTarget }
    }

    /// The usable edges nearest to `waypoint` (both directions of the closest road when allowed),
    /// honouring its heading, and when they lie outside the `into` components the nearest usable
    /// edges inside one (`WaypointSnaps`).
    /// - Throws: `RoutingError.pointOffNetwork` when nothing usable lies within `radius` metres.
    func snap(_ waypoint: RouteWaypoint, costing: EdgeCosting, radius: Meters, into: SnapTarget = .big) throws(RoutingError) -> WaypointSnaps {
        let profileIndex = costing.profile.index
        let targets = into == .big ? tables.bigComponentCounts[profileIndex] : 1
        func inTarget(_ edge: EdgeID) -> Bool {
            let e = graph.edges[edge.index]
            let component = tables.components[profileIndex][e.from.index]
            return component == tables.components[profileIndex][e.to.index] && component < targets
        }
        // The accepted snaps within `radius`, nearest first; only those tied with the nearest are used,
        // so a scan of the first 50 m (fewer grid cells) serves when it finds one close enough.
        func near(_ accept: (EdgeID) -> Bool) -> [EdgeSnap] {
            var scanned = min(radius, Self.firstSnapRadius)
            while true {
                let found = graph.nearestEdges(to: waypoint.coordinate, within: scanned, where: accept).filter { snap in
                    guard let heading = waypoint.heading else { return true }
                    return Bearing.difference(snap.bearing, heading) <= waypoint.headingTolerance
                }
                if let first = found.first, first.distance + Self.snapTieTolerance <= scanned || scanned >= radius { return found }
                if scanned >= radius { return [] }
                scanned = radius
            }
        }
        let all = near { costing.isUsable($0.index) }
        guard let nearest = all.first else { throw .pointOffNetwork(waypoint.coordinate) }
        let snaps = all.filter { $0.distance <= nearest.distance + Self.snapTieTolerance }
        guard !snaps.contains(where: { inTarget($0.edge) }) else { return WaypointSnaps(nearest: snaps, smallComponent: nil, inTarget: []) }
        let component = tables.components[profileIndex][graph.edges[nearest.edge.index].from.index]
        guard targets > 0 else { return WaypointSnaps(nearest: snaps, smallComponent: component, inTarget: []) }
        let found = near { costing.isUsable($0.index) && inTarget($0) }
        let nearestInTarget = found.first.map { first in found.filter { $0.distance <= first.distance + Self.snapTieTolerance } } ?? []
        return WaypointSnaps(nearest: snaps, smallComponent: component, inTarget: nearestInTarget)
    }

    /// The snaps a leg's search starts and ends at. Two waypoints snapped to the same place (the
    /// same point of the same edge: a waypoint given twice) make a leg of no length there, as OSRM
    /// plans one between waypoints on the same phantom node; on a node, leaving by one edge and
    /// arriving by another would drive round the block.
    static func ends(from start: [EdgeSnap], to end: [EdgeSnap]) -> (sources: [EdgeSnap], targets: [EdgeSnap]) {
        let shared = start.filter { s in end.contains { $0.edge == s.edge && $0.fraction == s.fraction } }
        return shared.isEmpty ? (departures(start), arrivals(end)) : (shared, shared)
    }

    /// Snaps usable for leaving a waypoint: a waypoint on a node is left along the edges starting
    /// there, not "at the end of" the edges arriving there (which would charge a turn from them).
    static func departures(_ snaps: [EdgeSnap]) -> [EdgeSnap] {
        let leaving = snaps.filter { $0.fraction < 1 - 1e-9 }
        return leaving.isEmpty ? snaps : leaving
    }

    /// Snaps usable for reaching a waypoint: on a node, the edges arriving there.
    static func arrivals(_ snaps: [EdgeSnap]) -> [EdgeSnap] {
        let arriving = snaps.filter { $0.fraction > 1e-9 }
        return arriving.isEmpty ? snaps : arriving
    }

    /// A `PlannedRoute` from search results (one per leg), with turn costs filled in; a single leg
    /// starting or ending like `other` (an alternative's like the best route's) shares the building
    /// of that start and end.
    func route(_ results: [PathSearch.Result], _ costing: EdgeCosting, _ requested: [Coordinate], sharingWith other: RoadPath? = nil)
        -> PlannedRoute
    {
        var legs: [RoadPath] = []
        var snaps: [EdgeSnap] = []
        for (i, r) in results.enumerated() {
            guard var path = graph.path(
                edges: r.edges, startFraction: r.startFraction, endFraction: r.endFraction, profile: costing.profile,
                sharingWith: results.count == 1 ? other : nil)
            else { continue }
            // Each edge loaded once for the turns into and out of it.
            var arriving = graph.edges[r.edges[0].index]
            for j in path.intersections.indices {
                let to = r.edges[j + 1].index, leaving = graph.edges[to]
                let turn = costing.turnDuration(from: r.edges[j].index, loaded: arriving, to: to, loaded: leaving) ?? 0
                path.intersections[j].turnDuration = turn
                path.duration += turn
                arriving = leaving
            }
            if i == 0, let start = path.start {
                snaps.append(snapRecord(path.segments[0].edge, start, r.startFraction, requested[0]))
            }
            if let end = path.end {
                snaps.append(snapRecord(path.segments[path.segments.count - 1].edge, end, r.endFraction, requested[i + 1]))
            }
            legs.append(path)
        }
        return PlannedRoute(legs: legs, waypoints: snaps)
    }

    /// The snap of a requested waypoint onto the edge the route uses there.
    private func snapRecord(_ edge: EdgeID, _ point: Coordinate, _ fraction: Double, _ requested: Coordinate) -> EdgeSnap {
        let line = Polyline(graph.geometry(of: edge))
        let bearing = line.bearing(atDistance: fraction * line.length) ?? graph.initialBearing(of: edge)
        return EdgeSnap(edge: edge, coordinate: point, distance: point.distance(to: requested), fraction: fraction, bearing: bearing)
    }
}
