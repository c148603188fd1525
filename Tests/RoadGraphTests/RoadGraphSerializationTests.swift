import Foundation
import OSMImport
import RoadGraph
import TestSupport
import Testing

@Suite("RoadGraph binary form: versioned, checksummed, identical after a round trip")
struct RoadGraphSerializationTests {
    static func helsinki() throws -> RoadGraph {
        let bytes = [UInt8](try Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf")))
        return try OSMImporter().importGraph(from: bytes).graph
    }

    @Test("Helsinki survives save and load unchanged, and saves to the same bytes again")
    func roundTrip() throws {
        let graph = try Self.helsinki()
        let bytes = graph.serialized()
        let loaded = try RoadGraph(serialized: bytes)
        #expect(loaded.nodes == graph.nodes)
        #expect(loaded.edges == graph.edges)
        #expect(loaded.strings == graph.strings)
        #expect(loaded.restrictions == graph.restrictions)
        #expect(loaded.shapeCount == graph.shapeCount)
        #expect(loaded.serialized() == bytes)
        let probe = graph.nodes[100]
        #expect(loaded.nearestEdges(to: probe, within: 30) == graph.nearestEdges(to: probe, within: 30))
    }

    @Test("a flipped byte, a cut file, a wrong magic and a newer version each give their own error")
    func damage() throws {
        let bytes = try Self.helsinki().serialized()
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x40
        #expect {
            _ = try RoadGraph(serialized: flipped)
        } throws: { error in
            guard case .checksumMismatch = error as? RoadGraphError else { return false }
            return true
        }
        #expect(throws: RoadGraphError.self) { _ = try RoadGraph(serialized: Array(bytes.prefix(5_000))) }
        #expect(throws: RoadGraphError.notAGraphFile) { _ = try RoadGraph(serialized: Array("PK\u{3}\u{4}not a graph".utf8)) }
        var newer = bytes
        newer[4] = 99
        #expect(throws: RoadGraphError.unsupportedVersion(99)) { _ = try RoadGraph(serialized: newer) }
    }
}
