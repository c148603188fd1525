import Geodesy

extension RoadGraph {
    /// Every directed edge accepted by `accept` that passes within `radius` metres of `coordinate`,
    /// nearest first (both directions of a two-way road are listed, with their own fraction and bearing).
    public func nearestEdges(
        to coordinate: Coordinate, within radius: Meters, where accept: (EdgeID) -> Bool = { _ in true }
    ) -> [EdgeSnap] {
        var result: [EdgeSnap] = []
        scan(around: coordinate, radius: radius, stopWhenFound: false) { snap in
            if accept(snap.edge) { result.append(snap) }
        }
        result.sort { ($0.distance, $0.edge) < ($1.distance, $1.edge) }  // in place: `sorted` would copy
        return result
    }

    /// The closest directed edge accepted by `accept` within `radius` metres of `coordinate`, nil when none.
    public func nearestEdge(
        to coordinate: Coordinate, within radius: Meters, where accept: (EdgeID) -> Bool = { _ in true }
    ) -> EdgeSnap? {
        var best: EdgeSnap?
        scan(around: coordinate, radius: radius, stopWhenFound: true) { snap in
            guard accept(snap.edge) else { return }
            if best == nil || (snap.distance, snap.edge) < (best!.distance, best!.edge) { best = snap }
            return
        }
        return best
    }

    /// Visits the snaps of all edges on shapes within `radius`, ring by ring; with `stopWhenFound`
    /// it stops once the next ring cannot hold anything closer than what `visit` has seen.
    private func scan(around coordinate: Coordinate, radius: Meters, stopWhenFound: Bool, visit: (EdgeSnap) -> Void) {
        guard coordinate.isValid, shapeCount > 0 else { return }
        let projection = LocalProjection(origin: coordinate)
        let center = grid.cell(of: coordinate)
        var seen = SeenIndexes()
        var closest = Meters.infinity
        let maxRing = Int(radius / grid.cellMeters) + 1
        for ring in 0...max(0, maxRing) {
            let lowerBound = Meters(max(0, ring - 1)) * grid.cellMeters
            if lowerBound > radius || (stopWhenFound && lowerBound > closest) { break }
            if ring > grid.columns + grid.rows + abs(center.column) + abs(center.row) { break }
            grid.forEachShape(inRing: ring, around: center) { shape in
                guard seen.insert(shape), let hit = project(coordinate, onto: shape, projection, within: radius) else { return }
                guard hit.distance <= radius else { return }
                closest = min(closest, hit.distance)
                let forward = shapeEdges[2 * Int(shape)], backward = shapeEdges[2 * Int(shape) + 1]
                if forward >= 0 {
                    visit(EdgeSnap(edge: EdgeID(forward), coordinate: hit.point, distance: hit.distance, fraction: hit.fraction, bearing: hit.bearing))
                }
                if backward >= 0 {
                    visit(
                        EdgeSnap(
                            edge: EdgeID(backward), coordinate: hit.point, distance: hit.distance, fraction: 1 - hit.fraction,
                            bearing: Bearing.normalized(hit.bearing + 180)))
                }
            }
        }
    }

    /// The closest point of a shape to the projection origin: point, distance, fraction by length,
    /// bearing (in stored order); nil, without projecting its segments, for a shape whose bounding
    /// box lies farther than `radius` (most of the shapes in the grid's cells around a waypoint):
    /// no point of it can be within `radius`, so the caller would drop it anyway.
    private func project(_ coordinate: Coordinate, onto shape: Int32, _ projection: LocalProjection, within radius: Meters) -> (
        point: Coordinate, distance: Meters, fraction: Double, bearing: Degrees
    )? {
        let vertices = shapeVertices(shape)
        guard vertices.count >= 2 else { return nil }
        var south = Double.infinity, west = Double.infinity, north = -Double.infinity, east = -Double.infinity
        for v in vertices {
            south = min(south, v.latitude)
            north = max(north, v.latitude)
            west = min(west, v.longitude)
            east = max(east, v.longitude)
        }
        // The projection is monotonic in each axis, so these corners bound every projected vertex
        // (and so every segment); the metre of slack is far above any rounding of the distances below.
        let low = projection.project(Coordinate(latitude: south, longitude: west))
        let high = projection.project(Coordinate(latitude: north, longitude: east))
        let dx = max(0, low.x, -high.x), dy = max(0, low.y, -high.y)
        if (dx * dx + dy * dy).squareRoot() > radius + 1 { return nil }
        let origin = PlanarPoint(x: 0, y: 0)
        var total: Meters = 0
        var best: (distance: Meters, along: Meters, point: PlanarPoint, segment: Int)?
        var a = projection.project(vertices[vertices.startIndex])
        for i in vertices.startIndex..<(vertices.endIndex - 1) {
            let b = projection.project(vertices[i + 1])
            let s = origin.projected(ontoSegmentFrom: a, to: b)
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            if best == nil || s.distance < best!.distance {
                best = (s.distance, total + s.fraction * length, s.point, i)
            }
            total += length
            a = b
        }
        guard let best else { return nil }
        let bearing = vertices[best.segment].bearing(to: vertices[best.segment + 1])
        return (projection.unproject(best.point), best.distance, total > 0 ? best.along / total : 0, bearing)
    }
}
