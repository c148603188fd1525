public import Geodesy
public import RoadGraph
public import RouteModel

/// What goes into a picture: the roads of a map, a route with its maneuver points, the fixes of a
/// trace and the path they were matched to. The picture frames everything but the roads; with
/// only roads it frames the whole map.
public struct MapPicture: Sendable {
    /// The road network drawn underneath, if any.
    public var roads: RoadGraph?
    /// A route: its line and a point at each maneuver.
    public var route: Route?
    /// Raw positions of a trace, in order.
    public var fixes: [Coordinate]
    /// The matched path, one line per matched stretch (`TraceMatch.segments` geometries).
    public var matchedPaths: [[Coordinate]]
    /// Picture size in pixels.
    public var width: Int, height: Int
    /// The attribution printed in the bottom-right corner.
    public var attribution: String

    /// A picture of the given parts, 1200×800 pixels by default.
    public init(
        roads: RoadGraph? = nil, route: Route? = nil, fixes: [Coordinate] = [], matchedPaths: [[Coordinate]] = [],
        width: Int = 1200, height: Int = 800, attribution: String = "© OpenStreetMap contributors"
    ) {
        self.roads = roads
        self.route = route
        self.fixes = fixes
        self.matchedPaths = matchedPaths
        self.width = width
        self.height = height
        self.attribution = attribution
    }

    /// The maneuver points of the route, with their maneuvers, in order.
    public var maneuvers: [Maneuver] { route?.legs.flatMap { $0.steps.map(\.maneuver) } ?? [] }

    /// The box the picture frames: route, fixes and matched path, else the whole map.
    public var contentBox: BoundingBox? {
        let content = (route?.geometry ?? []) + fixes + matchedPaths.flatMap { $0 } + maneuvers.map(\.location)
        return BoundingBox(enclosing: content) ?? roads.flatMap { BoundingBox(enclosing: $0.nodes) }
    }

    /// Where coordinates land in the picture.
    public func viewport() throws(RenderError) -> MapViewport {
        guard (16...8192).contains(width), (16...8192).contains(height) else { throw .badSize(width: width, height: height) }
        guard let box = contentBox else { throw .nothingToDraw }
        return MapViewport(fitting: box, width: width, height: height)
    }
}
