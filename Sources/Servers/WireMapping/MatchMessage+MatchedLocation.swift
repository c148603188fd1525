import Geodesy
public import MapMatching
import RoadGraph
public import WireProtocol

extension MatchMessage {
    /// The MATCH for a live map-matching result.
    public init(_ match: MatchedLocation) {
        let road = match.road.map {
            Road(wayID: $0.wayID, name: $0.name, ref: $0.ref, roadClass: $0.roadClass.osmValue, oneway: $0.isOneway,
                 speedLimit: $0.speedLimit.limit)
        }
        let horizon = match.horizon.map {
            HorizonRoad(wayID: $0.wayID, name: $0.name, roadClass: $0.roadClass.osmValue, length: $0.length.rounded(to: 1),
                        speedLimit: $0.speedLimit.limit)
        }
        self.init(
            lat: match.coordinate.latitude.rounded(to: 9), lon: match.coordinate.longitude.rounded(to: 9),
            bearing: (match.bearing ?? 0).rounded(to: 1), confidence: match.confidence.rounded(to: 3),
            offroad: match.isOffRoad, road: match.isOffRoad ? nil : road, horizon: horizon.isEmpty ? nil : horizon,
            horizonPath: match.horizonFollowsRoute && !horizon.isEmpty ? "route" : nil, teleport: match.isTeleport)
    }
}
