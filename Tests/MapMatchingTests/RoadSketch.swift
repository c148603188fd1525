import Geodesy
import OSMImport
import Positioning
import RoadGraph
import TestSupport
import Timekeeping

/// A small road network drawn with TestSupport's `ASCIIMap` (letters are nodes on a grid of
/// `cell` metres, the first row north) and built by the real OSM importer, so tags such as
/// `oneway`, `junction=roundabout` and `maxspeed` go through the same policy as real maps.
/// The n-th way listed gets OSM way id n (1-based).
struct RoadSketch {
    /// One OSM way through the drawing's nodes, described by the tags that matter for matching.
    struct Way {
        var nodes: String
        var name: String?
        var ref: String?
        var roadClass: RoadClass = .residential
        var oneway = false
        var roundabout = false
        var maxspeed: String?
        var access: String?

        var tags: [String: String] {
            var tags = ["highway": roadClass.osmValue]
            tags["name"] = name
            tags["ref"] = ref
            tags["maxspeed"] = maxspeed
            tags["access"] = access
            if oneway { tags["oneway"] = "yes" }
            if roundabout { tags["junction"] = "roundabout" }
            return tags
        }
    }

    let map: ASCIIMap
    let graph: RoadGraph

    /// Draws `drawing` with `cell` metres per character in central Helsinki and imports `ways` and
    /// `relations` (e.g. `ASCIIMap.restriction("no_left_turn", from: "ab", via: "b", to: "bd")`).
    init(_ drawing: String, cell: Meters = 5, ways: [Way], relations: [ASCIIMap.Relation] = []) throws {
        map = ASCIIMap(drawing, gridSize: cell)
        let xml = map.osmXML(ways: ways.map { ($0.nodes, $0.tags) }, relations: relations)
        graph = try OSMImporter().importGraph(from: Array(xml.utf8)).graph
    }

    /// The coordinate of node `letter`.
    func coordinate(_ letter: Character) -> Coordinate { map.coordinate(of: letter) }

    /// The coordinate `east` and `north` metres from node `letter`.
    func coordinate(_ letter: Character, east: Meters, north: Meters) -> Coordinate {
        LocalProjection(origin: map.coordinate(of: letter)).unproject(PlanarPoint(x: east, y: north))
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
