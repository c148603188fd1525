public import MapMatching
public import Navigation

extension MatchedLocation {
    /// What guidance and the camera use of this match (`RoadMatch`): the snapped position, the
    /// road's direction, the confidence and whether the road is the route's; nil off-road, where
    /// the raw fix is all there is.
    public var roadMatch: RoadMatch? {
        isOffRoad ? nil : RoadMatch(coordinate: coordinate, bearing: bearing, confidence: confidence, onRoute: onRoute)
    }
}
