import Foundation
import Geodesy
import OSMImport
import RoadGraph
import TestSupport
import Testing

@Suite("OSMImporter on the Helsinki extract and on bad input")
struct OSMImporterTests {
    static func helsinkiBytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf")))
    }

    @Test("imports the Helsinki PBF: 24,260 nodes, 982 car ways, 3,605 graph nodes, 10,387 edges, 42 restrictions")
    func helsinkiCounts() throws {
        var phases: [ImportProgress.Phase] = []
        var last = 0.0
        let result = try OSMImporter().importGraph(from: Self.helsinkiBytes()) { p in
            if phases.last != p.phase { phases.append(p.phase) }
            if p.phase == .nodes { last = p.fraction }
        }
        let s = result.statistics
        #expect(phases == [.ways, .nodes, .building, .indexing])
        #expect(last == 1)
        #expect(s.osmNodes == 24_260)
        #expect(s.osmWays == 2_702)  // 51 of them railway and public transport platforms, which bikes and walkers use
        // 1,002 ways with a car class and no access ban, minus 5 `area=yes` squares OSRM also skips, plus the
        // footways and paths whose access tags open them to cars (`access=permissive`; OSRM drives them at
        // 10 km/h), without the 15 flights of steps tagged so (OSRM avoids steps whatever their access).
        #expect(s.carWays == 981)  // one way one-way by `oneway:motor_vehicle` and closed to cars the other way
        // Footways and steps too, walking the bike (OSRM bicycle.lua); and, for both, `highway` values
        // without a class where an access tag allows them (2 for bikes, 4 for walkers, as `highway=construction`
        // with `foot=designated`).
        #expect(s.bikeWays == 2_108)
        #expect(s.footWays == 2_468)
        // Nodes closed to cars (bollards, blocks…) are graph nodes too, so cars can turn back there, and
        // so are gates (11 more nodes, 22 more edges), so a route stopping before one does not wait there.
        #expect(s.graphNodes == 3_605)  // bike and foot barriers (fences, `access=no` gates) are graph nodes too
        #expect(s.graphEdges == 10_387)
        #expect(s.restrictions == 42)
        #expect(s.danglingReferences == 924)
        #expect(s.trafficSignals == 135)
        #expect(s.carBarriers == 132)
        #expect(result.graph.nodeCount == s.graphNodes)
        #expect(result.graph.nodes.allSatisfy { $0.latitude > 60.16 && $0.latitude < 60.18 && $0.longitude > 24.93 && $0.longitude < 24.96 })
    }

    @Test("a truncated PBF file fails with one clear error")
    func truncated() throws {
        let bytes = Array(try Self.helsinkiBytes().prefix(100_000))
        #expect {
            _ = try OSMImporter().importGraph(from: bytes)
        } throws: { error in
            guard case .corruptPBF = error as? OSMImportError else { return false }
            return "\(error)".hasPrefix("corrupt OSM PBF at byte ")
        }
    }

    @Test("a flipped byte inside a compressed blob is reported as an inflate failure, not a crash")
    func corruptedBlob() throws {
        var bytes = try Self.helsinkiBytes()
        bytes[200] ^= 0xFF
        bytes[201] ^= 0xFF
        #expect(throws: OSMImportError.self) { _ = try OSMImporter().importGraph(from: bytes) }
    }

    @Test("bytes that are neither PBF nor XML are rejected as an unrecognised format")
    func garbage() {
        #expect(throws: OSMImportError.unrecognizedFormat) {
            _ = try OSMImporter().importGraph(from: Array("hello, this is not a map".utf8))
        }
    }

    @Test("XML without any routable way fails with noRoutableWays; broken XML names its line")
    func badXML() {
        let xml = "<osm version=\"0.6\"><node id=\"1\" lat=\"60\" lon=\"24\"/><way id=\"1\"><nd ref=\"1\"/><tag k=\"building\" v=\"yes\"/></way></osm>"
        #expect(throws: OSMImportError.noRoutableWays) { _ = try OSMImporter().importGraph(from: Array(xml.utf8)) }
        #expect {
            _ = try OSMImporter().importGraph(from: Array("<osm>\n<node id=\"1\" lat=\"x\"/>\n</osm>".utf8))
        } throws: { error in
            guard case .malformedXML(line: 2, _) = error as? OSMImportError else { return false }
            return true
        }
    }
}
