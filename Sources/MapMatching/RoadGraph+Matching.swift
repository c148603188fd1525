import Geodesy
import RoadGraph

extension RoadGraph {
    /// The posted speed limit of an edge: its `maxspeed`, else `defaults` for its class.
    func postedSpeedLimit(of edge: EdgeID, defaults: SpeedLimitDefaults) -> PostedSpeedLimit {
        let e = self[edge]
        if let tagged = e.speedLimit { return PostedSpeedLimit(limit: tagged, source: .tagged) }
        return PostedSpeedLimit(limit: defaults.limit(for: e.roadClass), source: .regionalDefault(region: defaults.region))
    }
}
