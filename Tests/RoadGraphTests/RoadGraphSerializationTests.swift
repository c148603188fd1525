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
        #expect(output.readBacks == 9)  // the extent, the cell offsets, then one walk per further array
        let loaded = try RoadGraph(serialized: output.bytes)
        let near = loaded.nearestSegments(to: probe, within: 30) { _ in true }
        #expect(!near.isEmpty)
        #expect(near == indexed.nearestSegments(to: probe, within: 30) { _ in true })
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
