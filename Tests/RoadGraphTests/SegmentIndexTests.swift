import Geodesy
import OSMImport
@testable import RoadGraph
import Testing

@Suite("The matcher's segment index stores only the cells that hold roads")
struct SegmentIndexTests {
    /// Where the map is centred: its index projects around this point.
    static let origin = Coordinate(latitude: 45, longitude: 14)

    /// Two small L-shaped roads 802 km apart on the plane around `origin` (x from -401,065 m to
    /// -400,945 m and from 400,945 m to 401,065 m, y from -40 m to 40 m): each runs 120 m east,
    /// then 80 m north.
    static func twoTowns() throws -> (xml: String, west: [Coordinate], east: [Coordinate]) {
        let projection = LocalProjection(origin: origin)
        func town(_ x: Double) -> [Coordinate] {
            [(x, -40.0), (x + 120, -40), (x + 120, 40)].map { projection.unproject(PlanarPoint(x: $0.0, y: $0.1)) }
        }
        let (west, east) = (town(-401_065), town(400_945))
        var xml = "<osm version=\"0.6\">\n"
        for (i, c) in (west + east).enumerated() { xml += "<node id=\"\(i + 1)\" lat=\"\(c.latitude)\" lon=\"\(c.longitude)\"/>\n" }
        xml += "<way id=\"1\"><nd ref=\"1\"/><nd ref=\"2\"/><nd ref=\"3\"/><tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"West Rd\"/></way>\n"
        xml += "<way id=\"2\"><nd ref=\"4\"/><nd ref=\"5\"/><nd ref=\"6\"/><tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"East Rd\"/></way>\n"
        return (xml + "</osm>\n", west, east)
    }

    @Test("two towns 802 km apart: 8 cells stored (4 a town), not the box's 16,043 × 2")
    func farApartTowns() throws {
        let (xml, west, east) = try Self.twoTowns()
        let graph = try OSMImporter().importGraph(from: Array(xml.utf8)).graph
        let index = graph.segmentIndex
        #expect(index.columns == 16_043 && index.rows == 2)
        // Row 0 (y -40 to 10): the east-running pieces' 3 cells and the north-running piece's; row 1: the north-running pieces'.
        #expect(Array(index.rowOffsets) == [0, 6, 8])
        #expect(Array(index.cellColumns) == [0, 1, 2, 16_040, 16_041, 16_042, 2, 16_042])
        #expect(Array(index.cellOffsets) == [0, 1, 2, 4, 5, 6, 8, 9, 10])
        // 10 m south of the middle of the west town's first piece: West Rd both ways, at 10 m, halfway along its 120 m.
        let projection = LocalProjection(origin: Self.origin)
        let south = graph.nearestSegments(to: projection.unproject(PlanarPoint(x: -401_005, y: -50)), within: 30) { _ in true }
        #expect(south.map { graph.name(of: $0.edge) } == ["West Rd", "West Rd"])
        #expect(south.allSatisfy { abs($0.distance - 10) < 0.01 })
        #expect(south.map { ($0.fraction * 200).rounded() }.sorted() == [60, 140])  // 60 m of 200, either way
        // 10 m east of the east town's north-running piece.
        let beside = graph.nearestSegments(to: projection.unproject(PlanarPoint(x: 401_075, y: 0)), within: 30) { _ in true }
        #expect(beside.map { graph.name(of: $0.edge) } == ["East Rd", "East Rd"])
        #expect(beside.allSatisfy { abs($0.distance - 10) < 0.01 })
        #expect(Set(beside.map { $0.bearing.rounded() }) == [0, 180])
        // Nothing in the empty middle, nor 1 km from either town.
        #expect(graph.nearestSegments(to: Self.origin, within: 5_000) { _ in true }.isEmpty)
        #expect(graph.nearestSegments(to: projection.unproject(PlanarPoint(x: -402_100, y: 0)), within: 1_000) { _ in true }.isEmpty)
        #expect(graph.nearestSegments(to: west[1], within: 1) { _ in true }.count == 2)
        #expect(graph.nearestSegments(to: east[2], within: 1) { _ in true }.count == 2)
    }


    @Test("one road 7,000 km long is listed only in the 50 m cells it crosses (not its box's ~10^10), and found along its length")
    func continentalRoad() throws {
        let nodes = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 40, longitude: 60)]
        let edge = RoadEdge(
            from: NodeID(0), to: NodeID(1), shape: 0, length: 7_000_000, wayID: 1, roadClass: .residential, defaultSpeed: 25,
            durations: .forbidden)
        let graph = try RoadGraph(nodes: nodes, shapePoints: nodes, shapeOffsets: [0, 2], edges: [edge], strings: [], restrictions: [])
        let index = graph.segmentIndex
        #expect(index.columns == 125_388 && index.rows == 88_957)
        // The cells it crosses, columns + rows - 1, and 8 more where it passes within a millimetre of a cell's corner.
        #expect(index.cellColumns.count == 214_352 && index.cellSegments.count == 214_352)
        #expect(graph.nearestSegments(to: nodes[0], within: 1) { _ in true }.map(\.fraction) == [0])
        #expect(graph.nearestSegments(to: nodes[1], within: 1) { _ in true }.map(\.fraction) == [1])
        let middle = try #require(graph.nearestSegments(to: Coordinate(latitude: 20, longitude: 30), within: 1) { _ in true }.first)
        #expect(abs(middle.fraction - 0.5) < 1e-9 && middle.distance < 1e-6)
    }

    @Test("a road zigzagging 10,000 times across 100 km, listed in more than 2^24 cells, is refused naming the map's numbers")
    func zigzagRefused() {
        let points = (0...10_000).map { Coordinate(latitude: 45 + Double($0) * 0.0001, longitude: $0 % 2 == 0 ? 9 : 10.3) }
        let edge = RoadEdge(
            from: NodeID(0), to: NodeID(1), shape: 0, length: 1_000_000_000, wayID: 1, roadClass: .residential, defaultSpeed: 25,
            durations: .forbidden)
        do {
            _ = try RoadGraph(
                nodes: [points[0], points[10_000]], shapePoints: points, shapeOffsets: [0, 10_001], edges: [edge], strings: [], restrictions: [])
            Issue.record("a zigzag road of 10,001 points was accepted")
        } catch {
            #expect(
                error.description
                    == "inconsistent road graph: 10001 road points over 101 km × 111 km: the map matcher's 50 m grid would list their segments in more than 16777216 cells"
            )
        }
    }
}
