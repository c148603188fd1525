import Geodesy
import OSMImport
import RoadGraph
import Routing
import TestSupport
import Testing

@Suite("ContractionHierarchy bytes: deterministic, round-trip, clear errors")
struct ContractionHierarchySerializationTests {
    let map = ASCIIMap(
        """
        a-----b-----c
        |     |     |
        d-----e-----f
        """, gridSize: 40)
    var ways: [ASCIIMap.Way] {
        [("abc", ["highway": "primary"]), ("def", ["highway": "residential", "oneway": "yes"]), ("ad", ["highway": "residential"]),
         ("be", ["highway": "residential"]), ("cf", ["highway": "residential"])]
    }

    @Test("the same graph gives the same bytes; bytes → hierarchy → bytes is identical")
    func roundTrip() throws {
        let p = try planner(map, ways)
        let h = p.buildHierarchy(for: .car)
        let bytes = h.serialized()
        #expect(try planner(map, ways).buildHierarchy(for: .car).serialized() == bytes)
        let loaded = try ContractionHierarchy(serialized: bytes)
        #expect(loaded == h)
        #expect(loaded.serialized() == bytes)
        #expect(loaded.profile == .car)
        #expect(loaded.nodeCount == p.graph.edgeCount)
        #expect(p.isCurrent(loaded))
    }

    @Test("on Helsinki: bytes → hierarchy → bytes is identical")
    func helsinki() throws {
        let (_, h) = try #require(HelsinkiHierarchyTests.built)
        let bytes = h.serialized()
        #expect(try ContractionHierarchy(serialized: bytes).serialized() == bytes)
    }

    @Test("bad magic, another version, truncation and a flipped byte each give one clear error")
    func errors() throws {
        let bytes = try planner(map, ways).buildHierarchy(for: .car).serialized()
        #expect(throws: RoutingError.badHierarchy("not a hierarchy (bad magic)")) { try ContractionHierarchy(serialized: Array("WGRG12345678".utf8)) }
        #expect(throws: RoutingError.badHierarchy("not a hierarchy (bad magic)")) { try ContractionHierarchy(serialized: []) }
        var version = bytes
        version[4] = 9
        #expect(throws: RoutingError.badHierarchy("unsupported format version 9")) { try ContractionHierarchy(serialized: version) }
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x01
        #expect {
            try ContractionHierarchy(serialized: flipped)
        } throws: { error in
            (error as? RoutingError)?.description.hasPrefix("bad contraction hierarchy data: checksum mismatch") == true
        }
        #expect(throws: RoutingError.self) { try ContractionHierarchy(serialized: Array(bytes.prefix(bytes.count - 9))) }
        #expect(throws: RoutingError.self) { try ContractionHierarchy(serialized: Array(bytes.prefix(10))) }
    }
}
