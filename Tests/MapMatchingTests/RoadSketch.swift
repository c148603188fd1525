import Geodesy
import Positioning
import RoadGraph
import Timekeeping

/// A small road network drawn as ASCII art (valhalla gurka style): every letter is a node placed
/// on a grid of `cell` metres (columns east, rows south), other characters are decoration; ways
/// are listed separately as strings of node letters. Built directly through `RoadGraph.init`.
struct RoadSketch {
    /// One OSM way through the drawing's nodes.
    struct Way {
        var nodes: String
        var id: Int64
        var name: String?
        var ref: String?
        var roadClass: RoadClass = .residential
        var oneway = false
        var roundabout = false
        var maxspeed: SpeedLimit?
    }

    let graph: RoadGraph
    let projection: LocalProjection
    let positions: [Character: PlanarPoint]
    private let nodeIndex: [Character: Int32]

    /// Draws `drawing` with `cell` metres per character, south-west of (60.17 N, 24.94 E) in Helsinki.
    init(_ drawing: String, cell: Meters = 5, ways: [Way], origin: Coordinate = Coordinate(latitude: 60.17, longitude: 24.94)) throws {
        let projection = LocalProjection(origin: origin)
        self.projection = projection
        var positions: [Character: PlanarPoint] = [:]
        for (row, line) in drawing.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for (column, ch) in line.enumerated() where ch.isLetter {
                positions[ch] = PlanarPoint(x: Double(column) * cell, y: -Double(row) * cell)
            }
        }
        self.positions = positions
        let letters = positions.keys.sorted()
        var nodeIndex: [Character: Int32] = [:]
        for (i, ch) in letters.enumerated() { nodeIndex[ch] = Int32(i) }
        self.nodeIndex = nodeIndex
        let nodes = letters.map { projection.unproject(positions[$0]!) }
        var strings: [String] = []
        func intern(_ s: String?) -> Int32 {
            guard let s else { return -1 }
            if let i = strings.firstIndex(of: s) { return Int32(i) }
            strings.append(s)
            return Int32(strings.count - 1)
        }
        var shapePoints: [Coordinate] = []
        var offsets: [Int32] = [0]
        var edges: [RoadEdge] = []
        for way in ways {
            let letters = Array(way.nodes)
            for (a, b) in zip(letters, letters.dropFirst()) {
                let (from, to) = (NodeID(nodeIndex[a]!), NodeID(nodeIndex[b]!))
                let shape = Int32(offsets.count - 1)
                shapePoints += [nodes[from.index], nodes[to.index]]
                offsets.append(Int32(shapePoints.count))
                let length = Float(nodes[from.index].distance(to: nodes[to.index]))
                let seconds = length / 10
                var flags: EdgeFlags = way.oneway ? [.oneway] : []
                if way.roundabout { flags.insert(.roundabout) }
                func edge(_ f: NodeID, _ t: NodeID, _ extra: EdgeFlags) -> RoadEdge {
                    RoadEdge(
                        from: f, to: t, shape: shape, length: length, wayID: way.id, name: intern(way.name), ref: intern(way.ref),
                        roadClass: way.roadClass, speedLimit: way.maxspeed, defaultSpeed: 50, flags: flags.union(extra),
                        durations: ProfileDurations(car: seconds, bike: seconds * 2, foot: seconds * 7))
                }
                edges.append(edge(from, to, []))
                if !way.oneway { edges.append(edge(to, from, [.reversedShape])) }
            }
        }
        graph = try RoadGraph(nodes: nodes, shapePoints: shapePoints, shapeOffsets: offsets, edges: edges, strings: strings, restrictions: [])
    }

    /// The coordinate of node `letter`.
    func coordinate(_ letter: Character) -> Coordinate { projection.unproject(positions[letter]!) }

    /// The coordinate `east` and `north` metres from node `letter`.
    func coordinate(_ letter: Character, east: Meters, north: Meters) -> Coordinate {
        let p = positions[letter]!
        return projection.unproject(PlanarPoint(x: p.x + east, y: p.y + north))
    }

    /// The polyline through the nodes `letters`, in order.
    func line(_ letters: String) -> Polyline { Polyline(letters.map { coordinate($0) }) }
}

/// Builds 1 Hz fixes for tests.
enum Drive {
    static let start = Timestamp(secondsSince1970: 1_800_000_000)

    /// A fix at second `t` of the drive with course, speed and accuracy.
    static func fix(_ t: Double, _ c: Coordinate, course: Degrees? = nil, speed: MetersPerSecond? = nil, accuracy: Meters? = 5) -> Fix {
        var fix = Fix(time: start.adding(t), mode: .threeD, coordinate: c)
        fix.course = course
        fix.speed = speed
        fix.horizontalAccuracy = accuracy
        return fix
    }

    /// Fixes every second along `line` at `speed` m/s starting at second `t0`, each displaced by
    /// `offset(i)` metres (east, north), with the line's course.
    static func along(
        _ line: Polyline, speed: MetersPerSecond, from t0: Double = 0, accuracy: Meters = 5,
        offset: (Int) -> (east: Meters, north: Meters) = { _ in (0, 0) }
    ) -> [Fix] {
        var fixes: [Fix] = []
        var i = 0
        var d: Meters = 0
        while d <= line.length {
            let p = line.coordinate(atDistance: d)!
            let (east, north) = offset(i)
            let projection = LocalProjection(origin: p)
            let shifted = projection.unproject(PlanarPoint(x: east, y: north))
            fixes.append(fix(t0 + Double(i), shifted, course: line.bearing(atDistance: d), speed: speed, accuracy: accuracy))
            i += 1
            d += speed
        }
        return fixes
    }
}
