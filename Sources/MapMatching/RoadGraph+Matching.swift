import Geodesy
import RoadGraph

extension RoadGraph {
    /// The posted speed limit of an edge: its `maxspeed`, else `defaults` for its class.
    func postedSpeedLimit(of edge: EdgeID, defaults: SpeedLimitDefaults) -> PostedSpeedLimit {
        let e = self[edge]
        if let tagged = e.speedLimit { return PostedSpeedLimit(limit: tagged, source: .tagged) }
        return PostedSpeedLimit(limit: defaults.limit(for: e.roadClass), source: .regionalDefault(region: defaults.region))
    }

    /// The centre of the nodes' bounding box, nil for an empty graph.
    var center: Coordinate? {
        guard let box = boundingBox else { return nil }
        return Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2)
    }

    /// The bounding box of all nodes in degrees, nil for an empty graph.
    var boundingBox: (south: Degrees, west: Degrees, north: Degrees, east: Degrees)? {
        guard let first = nodes.first else { return nil }
        var box = (south: first.latitude, west: first.longitude, north: first.latitude, east: first.longitude)
        for n in nodes {
            box.south = min(box.south, n.latitude)
            box.north = max(box.north, n.latitude)
            box.west = min(box.west, n.longitude)
            box.east = max(box.east, n.longitude)
        }
        return box
    }
}
