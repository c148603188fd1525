import Foundation
import Geodesy
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

    /// An image output in memory: what `writeImage` streams, read back as a copy.
    final class MemoryOutput: ImageOutput {
        var bytes: [UInt8] = []
        var readBacks = 0
        func append(_ piece: UnsafeRawBufferPointer) throws { bytes += piece }
        func overwriteStart(with header: UnsafeRawBufferPointer) throws { bytes.replaceSubrange(0..<header.count, with: header) }
        func readBack(_ count: Int) throws -> (bytes: UnsafeRawBufferPointer, owner: any ByteOwner) {
            readBacks += 1
            let heap = HeapBytes(copying: Array(bytes.prefix(count)))
            return (heap.buffer, heap)
        }
    }

    @Test("a graph streamed without its segment index, the index made from what was written, gives the bytes of serialized()")
    func streamedImage() throws {
        let indexed = try Self.helsinki()
        let bytes = [UInt8](try Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf")))
        let unindexed = try OSMImporter().importGraph(from: bytes, indexingSegments: false).graph
        let probe = indexed.nodes[100]
        #expect(unindexed.nearestSegments(to: probe, within: 30) { _ in true }.isEmpty)
        let output = MemoryOutput()
        let size = try RoadGraph.writeImage(of: unindexed, to: output)
        #expect(size == output.bytes.count)
        #expect(output.bytes == indexed.serialized())
        #expect(output.readBacks == 10)  // the extent, the rows' entry counts, the cells, then one walk per further array
        let loaded = try RoadGraph(serialized: output.bytes)
        let near = loaded.nearestSegments(to: probe, within: 30) { _ in true }
        #expect(!near.isEmpty)
        #expect(near == indexed.nearestSegments(to: probe, within: 30) { _ in true })
    }

    @Test("on a drawn town (two-way, oneway and oneway=-1 roads, a bend, a lone road), the in-memory segment index equals the streamed one")
    func inMemoryIndexEqualsStreamed() throws {
        let town = ASCIIMap(
            """
            a---b---c   k---l
            |   |   |
            d---e---f
             \\      |
              g-----h
            """, gridSize: 40)
        let xml = town.osmXML(ways: [
            ("abc", ["highway": "primary", "name": "Main St"]), ("def", ["highway": "residential", "oneway": "yes"]),
            ("hgd", ["highway": "residential", "oneway": "-1"]), ("ad", ["highway": "residential"]), ("be", ["highway": "service"]),
            ("cfh", ["highway": "secondary", "name": "Bend Rd"]), ("kl", ["highway": "tertiary", "name": "Lone Rd"]),
        ])
        let indexed = try OSMImporter().importGraph(from: Array(xml.utf8)).graph
        let output = MemoryOutput()
        let size = try RoadGraph.writeImage(of: try OSMImporter().importGraph(from: Array(xml.utf8), indexingSegments: false).graph, to: output)
        let bytes = indexed.serialized()
        #expect(size == bytes.count)
        #expect(output.bytes == bytes)
        #expect(output.readBacks == 10)
        // The index answers from its one walk: both directions of Main St within 25 m of a point a quarter of the way from a to b.
        let (a, b) = (town.coordinate(of: "a"), town.coordinate(of: "b"))
        let probe = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) / 4, longitude: a.longitude + (b.longitude - a.longitude) / 4)
        let near = indexed.nearestSegments(to: probe, within: 25) { _ in true }
        #expect(near.count == 2)
        #expect(near.allSatisfy { indexed.name(of: $0.edge) == "Main St" && $0.distance < 0.01 })
        #expect(near.map(\.fraction).sorted().map { ($0 * 100).rounded() } == [25, 75])
        let loaded = try RoadGraph(serialized: output.bytes)
        #expect(loaded.nearestSegments(to: probe, within: 25) { _ in true } == near)
        #expect(indexed.nearestSegments(to: town.coordinate(of: "l"), within: 10) { _ in true }.compactMap { indexed.name(of: $0.edge) } == ["Lone Rd", "Lone Rd"])
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
