public import Geodesy

/// What the map matcher says of a fix, as guidance uses it: the position snapped onto the matched
/// road, the road's direction of travel there and how sure the matcher is. The Gateway makes one
/// from each on-road MATCH (`MatchedLocation.roadMatch`); guidance runs without one too (no map).
///
/// In active guidance a confident match not running against the route decides whether the fix is off the
/// route, once the route has been seen to run on the matcher's roads: a noisy fix on the route's
/// road stays on the route, and a confident match on another road (a parallel street, a missed
/// exit) is off the route beyond `OffRouteOptions.matchedRoadTolerance`, closer than any raw-fix
/// tolerance could be without false alarms (docs/navigation.md, "The matched road"). A match on
/// one of the route's own edges (`onRoute`) decides however sure the matcher is. Progress along
/// the route still comes from the raw fix (the live matcher may lag it).
public struct RoadMatch: Sendable, Hashable {
    /// The position on the matched road.
    public var coordinate: Coordinate
    /// The road's direction of travel at `coordinate`, degrees clockwise from north, if known.
    public var bearing: Degrees?
    /// How sure the matcher is of the road, 0…1.
    public var confidence: Double
    /// Whether the matched road is one of the route's own edges, driven in its direction, as the
    /// matcher laid along the route knows exactly; nil when it does not know (no map, a route not
    /// on the map's roads).
    public var onRoute: Bool?

    /// A match from its parts.
    public init(coordinate: Coordinate, bearing: Degrees?, confidence: Double, onRoute: Bool? = nil) {
        self.coordinate = coordinate
        self.bearing = bearing
        self.confidence = confidence
        self.onRoute = onRoute
    }
}
