import Geodesy

extension RoadGraph {
    /// The vertices of shape `shape` in stored order.
    func shapeVertices(_ shape: Int32) -> Slice<MappedArray<Coordinate>> {
        let start = Int(shapeOffsets[Int(shape)]), end = min(Int(shapeOffsets[Int(shape) + 1]), shapePoints.count)
        return shapePoints[min(start, max(0, end))..<max(0, end)]
    }

    /// The geometry of an edge in its direction of travel, from its start node to its end node.
    public func geometry(of edge: EdgeID) -> [Coordinate] {
        let e = edges[edge.index]
        let vertices = shapeVertices(e.shape)
        return e.flags.contains(.reversedShape) ? vertices.reversed() : Array(vertices)
    }

    /// The bearing in degrees leaving the start of `edge`, measured over its first ~20 m so that tiny
    /// kinks at the junction do not dominate.
    public func initialBearing(of edge: EdgeID) -> Degrees { initialBearing(of: edges[edge.index]) }

    /// `initialBearing(of:)` of an edge already loaded.
    public func initialBearing(of e: RoadEdge) -> Degrees {
        let s = Int(e.shape)
        return e.flags.contains(.reversedShape) ? shapeEndBearings[s] : shapeStartBearings[s]
    }

    /// The bearing in degrees at the end of `edge` (direction of travel when arriving), over its last ~20 m.
    public func finalBearing(of edge: EdgeID) -> Degrees { finalBearing(of: edges[edge.index]) }

    /// `finalBearing(of:)` of an edge already loaded.
    public func finalBearing(of e: RoadEdge) -> Degrees {
        let s = Int(e.shape)
        return Bearing.normalized((e.flags.contains(.reversedShape) ? shapeStartBearings[s] : shapeEndBearings[s]) + 180)
    }

    /// For each shape, the bearing over its first ~20 m from its start, and over its last ~20 m
    /// from its end backwards (what `initialBearing` and `finalBearing` read; computed once).
    static func shapeBearings(_ shapePoints: [Coordinate], _ shapeOffsets: [Int32]) -> (start: [Degrees], end: [Degrees]) {
        var start: [Degrees] = [], end: [Degrees] = []
        start.reserveCapacity(shapeOffsets.count)
        end.reserveCapacity(shapeOffsets.count)
        for (a, b) in zip(shapeOffsets, shapeOffsets.dropFirst()) {
            let vertices = shapePoints[Int(a)..<Int(b)]
            start.append(bearing(along: vertices))
            end.append(bearing(along: vertices.reversed()))
        }
        return (start, end)
    }

    /// The bearing from the first point of `points` to the point ~20 m along (or the last point).
    private static func bearing(along points: some Collection<Coordinate>) -> Degrees {
        guard let first = points.first else { return 0 }
        var travelled: Meters = 0
        var previous = first
        var target = first
        for p in points.dropFirst() {
            travelled += previous.distance(to: p)
            target = p
            previous = p
            if travelled >= 20 { break }
        }
        return first.bearing(to: target)
    }
}
