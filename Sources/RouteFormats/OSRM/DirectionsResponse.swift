public import RouteModel

/// A Directions v5 / OSRM route response: `{"code":"Ok","routes":[…],"waypoints":[…]}`.
public struct DirectionsResponse: Sendable, Hashable {
    /// The service's status code; `Ok` for every response that has routes.
    public var code: String
    /// The routes, best first. Each carries the response's waypoints.
    public var routes: [Route]
    /// The snapped waypoints of the request (origin first).
    public var waypoints: [Waypoint]

    /// A response from its parts.
    public init(code: String = "Ok", routes: [Route], waypoints: [Waypoint]) {
        self.code = code
        self.routes = routes
        self.waypoints = waypoints
    }
}
