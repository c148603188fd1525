import Geodesy
import Guidance
public import MapMatching
public import Navigation
public import RoadGraph
public import RouteModel
public import Routing

/// Plans routes on a loaded map and assembles them into drivable `Route`s with instructions;
/// serves `waygate route`, the `route` command and rerouting (`RouteProvider`).
public struct MapRouter: RouteProvider {
    /// The planner over the map's graph.
    public let planner: RoutePlanner

    /// A router over `graph`, answering best routes through `hierarchies` where they apply (see `RoutePlanner`).
    public init(graph: RoadGraph, hierarchies: [ContractionHierarchy] = []) {
        planner = RoutePlanner(graph: graph, hierarchies: hierarchies)
    }

    /// A router over a loaded map, with its hierarchies (reusing the map's planner).
    public init(map: MapStore.LoadedMap) { planner = map.planner }

    /// A router answering with `planner`.
    public init(planner: RoutePlanner) { self.planner = planner }

    /// Routes through `waypoints` (origin first, destination last), best first, at most
    /// 1 + `alternatives`, with words in `options.language` and `options.units`.
    /// - Throws: `RoutingError` for an unknown profile or avoid option, a point off the network, or no route.
    public func routes(_ waypoints: [RouteWaypoint], options: RouteOptions, alternatives: Int = 0) throws(RoutingError) -> [Route] {
        try plannedRoutes(waypoints, options: options, alternatives: alternatives).map(\.route)
    }

    /// `routes(_:options:alternatives:)`, each with the edges it was planned along (its
    /// `RoutePath`): the horizon in active guidance follows them without laying the route's line
    /// on the map again.
    public func plannedRoutes(
        _ waypoints: [RouteWaypoint], options: RouteOptions, alternatives: Int = 0
    ) throws(RoutingError) -> [(route: Route, path: RoutePath)] {
        var avoid: Set<AvoidOption> = []
        for name in options.avoid { avoid.insert(try AvoidOption.named(name)) }
        let planned = try planner.plan(
            RouteRequest(waypoints: waypoints, profile: options.profile, avoid: avoid, alternatives: alternatives))
        let assembler = RouteAssembler(language: options.language, units: options.units)
        // Alternatives take the words of the steps they share with the best route from it.
        let routes = assembler.routes(
            planned.map { route in
                let snapped = zip(route.waypoints, waypoints).map { snap, asked in
                    Waypoint(name: planner.graph.name(of: snap.edge) ?? "", location: snap.coordinate,
                             distance: snap.coordinate.distance(to: asked.coordinate))
                }
                return (route.legs, snapped)
            }, options: options, requested: waypoints.map(\.coordinate))
        return zip(routes, planned).map { ($0, RoutePath($1)) }
    }

    /// A new route from the vehicle (leaving along its heading, ± 90°) through the waypoints not reached yet.
    public func route(for request: RerouteRequest) async throws -> Route { try await plannedRoute(for: request).route }

    /// `route(for:)` with the edges the new route was planned along (async: the search runs off
    /// the caller's actor, as `route(for:)`'s does).
    public func plannedRoute(for request: RerouteRequest) async throws -> (route: Route, path: RoutePath) {
        try plannedReroute(request)
    }

    /// `plannedRoute(for:)` on the caller's thread (the fleet's vehicles answer their reroutes at
    /// once, on their shard).
    public func plannedReroute(_ request: RerouteRequest) throws(RoutingError) -> (route: Route, path: RoutePath) {
        let origin = RouteWaypoint(request.origin, heading: request.heading, headingTolerance: 90)
        let rest = request.waypoints.map { RouteWaypoint($0.location) }
        // Nothing may leave along the heading (a dead end ahead): then let the route start either way.
        if request.heading != nil, let routes = try? plannedRoutes([origin] + rest, options: request.options), let best = routes.first {
            return best
        }
        guard let best = try plannedRoutes([RouteWaypoint(request.origin)] + rest, options: request.options).first else {
            throw .noRoute(from: request.origin, to: request.waypoints.last?.location ?? request.origin)
        }
        return best
    }
}
