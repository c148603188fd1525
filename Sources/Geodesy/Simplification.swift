/// Ramer–Douglas–Peucker line simplification: drops the vertices that lie within a tolerance of
/// the line through their kept neighbours, keeping the first and last vertex.
public enum LineSimplification {
    /// The indexes (ascending) of the vertices of `points` kept at `tolerance` metres.
    ///
    /// Distances are measured on a local plane around the first point, which is exact enough for
    /// the few kilometres of a map view. With fewer than three points, or a tolerance ≤ 0, every
    /// index is kept.
    public static func keptIndexes(_ points: some RandomAccessCollection<Coordinate>, tolerance: Meters) -> [Int] {
        let count = points.count
        guard count > 2, tolerance > 0, let first = points.first else { return Array(0..<count) }
        let projection = LocalProjection(origin: first)
        let planar = points.map(projection.project)
        var keep = [Bool](repeating: false, count: count)
        keep[0] = true
        keep[count - 1] = true
        var stack = [(0, count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            var farthest = -1
            var distance = tolerance
            for i in (a + 1)..<b {
                let d = planar[i].projected(ontoSegmentFrom: planar[a], to: planar[b]).distance
                if d > distance {
                    distance = d
                    farthest = i
                }
            }
            if farthest >= 0 {
                keep[farthest] = true
                stack.append((a, farthest))
                stack.append((farthest, b))
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    /// The vertices of `points` kept at `tolerance` metres, in order.
    public static func simplified(_ points: some RandomAccessCollection<Coordinate>, tolerance: Meters) -> [Coordinate] {
        let array = Array(points)
        return keptIndexes(array, tolerance: tolerance).map { array[$0] }
    }
}
