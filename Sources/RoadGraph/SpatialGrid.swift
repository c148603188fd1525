import Geodesy

/// A uniform grid over the graph's bounding box listing, per cell, the shapes whose bounding box
/// touches it. Cells are about 200 m square; a query scans rings of cells outwards.
struct SpatialGrid: Sendable {
    /// South-west corner of the grid.
    let minLatitude: Degrees, minLongitude: Degrees
    /// Cell size in degrees of latitude and longitude.
    let cellLatitude: Degrees, cellLongitude: Degrees
    /// Number of columns (longitude) and rows (latitude).
    let columns: Int, rows: Int
    /// `cellOffsets[c]..<cellOffsets[c + 1]` index `cellShapes` for cell `c = row * columns + column`.
    let cellOffsets: MappedArray<Int32>
    let cellShapes: MappedArray<Int32>
    /// The cell edge length in metres (the smaller of its two sides).
    let cellMeters: Meters

    /// A grid from its stored parts.
    init(
        minLatitude: Degrees, minLongitude: Degrees, cellLatitude: Degrees, cellLongitude: Degrees, columns: Int, rows: Int,
        cellOffsets: MappedArray<Int32>, cellShapes: MappedArray<Int32>, cellMeters: Meters
    ) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.cellLatitude = cellLatitude
        self.cellLongitude = cellLongitude
        self.columns = columns
        self.rows = rows
        self.cellOffsets = cellOffsets
        self.cellShapes = cellShapes
        self.cellMeters = cellMeters
    }

    /// Indexes the shapes `shapeOffsets` cuts `shapePoints` into.
    /// - Throws: `RoadGraphError.inconsistent` when the shapes' bounding boxes would cover more
    ///   cells in all than `SegmentIndex.maximumEntries` allows for their points (shapes spanning a
    ///   continent, a hostile map), naming the map's numbers.
    init(shapePoints: [Coordinate], shapeOffsets: [Int32], cellSize: Meters = 200) throws(RoadGraphError) {
        var minLat = 90.0, maxLat = -90.0, minLon = 180.0, maxLon = -180.0
        for p in shapePoints {
            minLat = min(minLat, p.latitude)
            maxLat = max(maxLat, p.latitude)
            minLon = min(minLon, p.longitude)
            maxLon = max(maxLon, p.longitude)
        }
        if shapePoints.isEmpty { (minLat, maxLat, minLon, maxLon) = (0, 0, 0, 0) }
        let projection = LocalProjection(origin: Coordinate(latitude: (minLat + maxLat) / 2, longitude: minLon))
        let east = projection.project(Coordinate(latitude: (minLat + maxLat) / 2, longitude: minLon + 1)).x
        let north = earthRadius * .pi / 180
        // Grow the cells for continent-sized graphs so the grid stays under ~4 million cells.
        let area = ((maxLat - minLat) * north + cellSize) * ((maxLon - minLon) * max(east, 1) + cellSize)
        let cellSize = max(cellSize, (area / 4_000_000).squareRoot())
        cellLatitude = cellSize / north
        cellLongitude = cellSize / max(east, 1)
        minLatitude = minLat
        minLongitude = minLon
        columns = max(1, Int(((maxLon - minLon) / cellLongitude).rounded(.down)) + 1)
        rows = max(1, Int(((maxLat - minLat) / cellLatitude).rounded(.down)) + 1)
        cellMeters = cellSize
        let shapeCount = shapeOffsets.count - 1
        var boxes: [(Int, Int, Int, Int)] = []
        boxes.reserveCapacity(max(0, shapeCount))
        var entries = 0
        for s in 0..<max(0, shapeCount) {
            var c0 = Int.max, c1 = Int.min, r0 = Int.max, r1 = Int.min
            for p in shapePoints[Int(shapeOffsets[s])..<Int(shapeOffsets[s + 1])] {
                let c = Int((p.longitude - minLon) / cellLongitude), r = Int((p.latitude - minLat) / cellLatitude)
                c0 = min(c0, c)
                c1 = max(c1, c)
                r0 = min(r0, r)
                r1 = max(r1, r)
            }
            boxes.append((c0, c1, r0, r1))
            if c0 <= c1 { entries += (c1 - c0 + 1) * (r1 - r0 + 1) }
        }
        let limit = SegmentIndex.maximumEntries(vertices: shapePoints.count)
        guard entries <= limit else {
            let (width, height) = (Int(Double(columns) * cellSize / 1000), Int(Double(rows) * cellSize / 1000))
            throw .inconsistent(
                "\(shapePoints.count) road points over \(width) km × \(height) km: the nearest-edge grid's \(Int(cellSize)) m cells "
                    + "would list their shapes \(entries) times, more than \(limit)")
        }
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for (c0, c1, r0, r1) in boxes where c0 <= c1 {
            for r in r0...r1 { for c in c0...c1 { counts[r * columns + c + 1] += 1 } }
        }
        for i in 0..<(columns * rows) { counts[i + 1] += counts[i] }
        var fill = counts
        var shapes = [Int32](repeating: 0, count: Int(counts[columns * rows]))
        for (s, (c0, c1, r0, r1)) in boxes.enumerated() where c0 <= c1 {
            for r in r0...r1 {
                for c in c0...c1 {
                    shapes[Int(fill[r * columns + c])] = Int32(s)
                    fill[r * columns + c] += 1
                }
            }
        }
        cellOffsets = MappedArray(counts)
        cellShapes = MappedArray(shapes)
    }

    /// The indexes into `cellShapes` of cell `cell`'s shapes (empty when a mapped file's offsets are out of order).
    func entries(ofCell cell: Int) -> Range<Int> {
        let start = Int(cellOffsets[cell]), end = min(Int(cellOffsets[cell + 1]), cellShapes.count)
        return start..<Swift.max(start, end)
    }

    /// The (column, row) of a coordinate, possibly outside the grid.
    func cell(of coordinate: Coordinate) -> (column: Int, row: Int) {
        (
            Int(((coordinate.longitude - minLongitude) / cellLongitude).rounded(.down)),
            Int(((coordinate.latitude - minLatitude) / cellLatitude).rounded(.down))
        )
    }

    /// Calls `body` with each shape listed in the cells of ring `ring` (cells at Chebyshev distance `ring`) around `center`.
    func forEachShape(inRing ring: Int, around center: (column: Int, row: Int), _ body: (Int32) -> Void) {
        for r in (center.row - ring)...(center.row + ring) where r >= 0 && r < rows {
            for c in (center.column - ring)...(center.column + ring) where c >= 0 && c < columns {
                if ring > 0 && abs(r - center.row) != ring && abs(c - center.column) != ring { continue }
                let cell = r * columns + c
                for i in entries(ofCell: cell) { body(cellShapes[i]) }
            }
        }
    }
}
