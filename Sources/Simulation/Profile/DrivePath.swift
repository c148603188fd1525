import Geodesy

/// The line the simulator drives along: the route geometry without zero-length segments, with
/// cumulative distances, an unwrapped heading per segment (for turn detection and a smooth course)
/// and optional per-vertex elevations.
struct DrivePath: Sendable {
    /// The de-duplicated vertices and their cumulative distances, metres.
    let polyline: Polyline
    /// Elevation of each vertex of `polyline`, metres, when known.
    let elevations: [Meters]?
    /// Heading of each segment, degrees, unwrapped so that consecutive values differ by the turn
    /// actually made (U-turns go round the side given by `drivingSide`).
    let headings: [Degrees]
    /// `headingIntegral[i]` is ∫ heading ds from the start to vertex `i` (degree-metres).
    let headingIntegral: [Double]

    /// For each kept vertex, its index in the original geometry.
    let keptIndices: [Int]

    /// A path through `coordinates`; consecutive points closer than 1 cm are merged.
    /// `uTurnsToTheLeft` picks the side a U-turn swings to (left where traffic drives on the right).
    init(coordinates: [Coordinate], elevations: [Meters]?, uTurnsToTheLeft: Bool) {
        var kept: [Coordinate] = []
        var keptIndices: [Int] = []
        for (i, c) in coordinates.enumerated() {
            if let last = kept.last, last.distance(to: c) < 0.01 { continue }
            kept.append(c)
            keptIndices.append(i)
        }
        // Keep the exact destination even if the last point was merged into its predecessor.
        if let last = coordinates.last, kept.count > 1, kept[kept.count - 1] != last {
            kept[kept.count - 1] = last
            keptIndices[keptIndices.count - 1] = coordinates.count - 1
        }
        polyline = Polyline(kept)
        self.keptIndices = keptIndices
        self.elevations = elevations.map { e in keptIndices.map { e[$0] } }
        var headings: [Degrees] = []
        var integral: [Double] = [0]
        headings.reserveCapacity(max(0, kept.count - 1))
        for i in 0..<max(0, kept.count - 1) {
            let raw = kept[i].bearing(to: kept[i + 1])
            var heading = raw
            if let previous = headings.last {
                var turn = Bearing.turn(from: previous, to: raw)
                if abs(turn) > 178 { turn = uTurnsToTheLeft ? -abs(turn) : abs(turn) }
                heading = previous + turn
            }
            headings.append(heading)
            let length = polyline.cumulativeDistances[i + 1] - polyline.cumulativeDistances[i]
            integral.append(integral[i] + heading * length)
        }
        self.headings = headings
        headingIntegral = integral
    }

    /// Total length, metres.
    var length: Meters { polyline.length }

    /// The point `distance` metres along (clamped to the ends).
    func coordinate(at distance: Meters) -> Coordinate {
        polyline.coordinate(atDistance: distance) ?? Coordinate(latitude: 0, longitude: 0)
    }

    /// The unwrapped heading of the segment `distance` metres along, nil on a single-point path.
    func heading(at distance: Meters) -> Degrees? {
        guard !headings.isEmpty else { return nil }
        return headings[min(headings.count - 1, polyline.segmentIndex(atDistance: distance))]
    }

    /// The course at `distance`: the mean unwrapped heading over `window` metres either side,
    /// wrapped to [0, 360). It turns smoothly through corners and never jumps the long way round.
    func course(at distance: Meters, window: Meters) -> Degrees? {
        guard !headings.isEmpty else { return nil }
        return meanHeading(from: distance - window, to: distance + window).map(Bearing.normalized)
    }

    /// The mean unwrapped heading between two distances along (`from` < `to`), degrees.
    func meanHeading(from lower: Meters, to upper: Meters) -> Degrees? {
        guard !headings.isEmpty else { return nil }
        let lo = max(0, lower), hi = min(length, upper)
        guard hi > lo else { return heading(at: lo) }
        return (integral(at: hi) - integral(at: lo)) / (hi - lo)
    }

    /// The elevation at `distance`, interpolated, when known.
    func elevation(at distance: Meters) -> Meters? {
        guard let elevations, let first = elevations.first else { return nil }
        guard elevations.count > 1 else { return first }
        let i = polyline.segmentIndex(atDistance: distance)
        let a = polyline.cumulativeDistances[i], b = polyline.cumulativeDistances[i + 1]
        let t = b > a ? min(1, max(0, (distance - a) / (b - a))) : 0
        return elevations[i] + (elevations[i + 1] - elevations[i]) * t
    }

    /// The grade (rise over run) of the segment at `distance`, when elevations are known.
    func grade(at distance: Meters) -> Double? {
        guard let elevations, elevations.count > 1 else { return nil }
        let i = polyline.segmentIndex(atDistance: distance)
        let run = polyline.cumulativeDistances[i + 1] - polyline.cumulativeDistances[i]
        return run > 0 ? (elevations[i + 1] - elevations[i]) / run : 0
    }

    private func integral(at distance: Meters) -> Double {
        let i = min(headings.count - 1, polyline.segmentIndex(atDistance: distance))
        return headingIntegral[i] + headings[i] * (distance - polyline.cumulativeDistances[i])
    }
}
