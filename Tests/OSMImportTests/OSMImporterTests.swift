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

    @Test("imports the Helsinki PBF with the expected counts")
    func helsinkiCounts() throws {
        var phases: [ImportProgress.Phase] = []
        let result = try OSMImporter().importGraph(from: Self.helsinkiBytes()) { p in
            if phases.last != p.phase { phases.append(p.phase) }
        }
        let s = result.statistics
        print("STATS", s)
        #expect(phases == [.reading, .building, .indexing])
    }
}
