import Geodesy

extension RoadGraph {
    /// Calls `body` once for every shape (an undirected road stretch between two nodes) whose
    /// vertices' bounding box meets `box`, found through the spatial grid, with one directed edge
    /// running on it (the one along the stored vertex order when it exists) and its vertices in
    /// stored order. Used to draw the roads of a map view.
    public func forEachShape(in box: BoundingBox, _ body: (_ edge: EdgeID, _ vertices: Slice<MappedArray<Coordinate>>) -> Void) {
        guard shapeCount > 0, box.south <= box.north, box.west <= box.east else { return }
        let low = grid.cell(of: Coordinate(latitude: box.south, longitude: box.west))
        let high = grid.cell(of: Coordinate(latitude: box.north, longitude: box.east))
        let c0 = max(0, low.column), c1 = min(grid.columns - 1, high.column)
        let r0 = max(0, low.row), r1 = min(grid.rows - 1, high.row)
        guard c0 <= c1, r0 <= r1 else { return }
        var seen = Set<Int32>()
        for r in r0...r1 {
            for c in c0...c1 {
                let cell = r * grid.columns + c
                for i in grid.entries(ofCell: cell) {
                    let shape = grid.cellShapes[i]
                    guard seen.insert(shape).inserted else { continue }
                    let vertices = shapeVertices(shape)
                    guard let extent = BoundingBox(enclosing: vertices), extent.intersects(box) else { continue }
                    let forward = shapeEdges[2 * Int(shape)], backward = shapeEdges[2 * Int(shape) + 1]
                    let edge = forward >= 0 ? forward : backward
                    guard edge >= 0 else { continue }
                    body(EdgeID(edge), vertices)
                }
            }
        }
    }
}
