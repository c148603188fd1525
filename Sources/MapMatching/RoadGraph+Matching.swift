import Geodesy
import RoadGraph

extension RoadGraph {
    /// The posted speed limit of an edge: its `maxspeed`, else `defaults` for its class.
    func postedSpeedLimit(of edge: EdgeID, defaults: SpeedLimitDefaults) -> PostedSpeedLimit {
        let e = self[edge]
        if let tagged = e.speedLimit { return PostedSpeedLimit(limit: tagged, source: .tagged) }
        return PostedSpeedLimit(limit: defaults.limit(for: e.roadClass), source: .regionalDefault(region: defaults.region))
    }

    /// The attributes of the road `edge` belongs to, at `fraction` along it.
    func matchedRoad(edge: EdgeID, fraction: Double, defaults: SpeedLimitDefaults) -> MatchedRoad {
        let e = self[edge]
        return MatchedRoad(
            wayID: e.wayID, name: name(of: edge), ref: ref(of: edge), roadClass: e.roadClass,
            isOneway: e.flags.contains(.oneway) || twin(of: edge) == nil, speedLimit: postedSpeedLimit(of: edge, defaults: defaults),
            edge: edge, fraction: fraction)
    }
}
