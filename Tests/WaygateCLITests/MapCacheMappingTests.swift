import Foundation
import Gateway
import RoadGraph
import Routing
import TestSupport
import Testing

@Suite("Map cache used in place: shared by processes, rebuilt when truncated, stale or damaged", .serialized)
struct MapCacheMappingTests {
    static let helsinki = Fixtures.repositoryRoot.appendingPathComponent("traces/maps/helsinki.osm.pbf").path
    static let route = ["--from", "60.164199,24.936660", "--to", "60.175082,24.952825", "--format", "text"]

    /// A copy of the Helsinki extract in `dir` (so its cache goes there too).
    func copyHelsinki(into dir: TemporaryDirectory) throws -> String {
        let path = dir.file("helsinki.osm.pbf")
        try FileManager.default.copyItem(atPath: Self.helsinki, toPath: path)
        return path
    }

    /// The cache file's inode, modification time and bytes.
    func snapshot(_ path: String) throws -> (inode: UInt64, modified: Date, bytes: Data) {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (
            try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value), try #require(attributes[.modificationDate] as? Date),
            try Data(contentsOf: URL(fileURLWithPath: path))
        )
    }

    @Test("two waygate processes route on the same cached map at once, answer alike, and leave the cache as it was")
    func twoProcesses() throws {
        let dir = try TemporaryDirectory(prefix: "mmap-two")
        defer { dir.remove() }
        let map = try copyHelsinki(into: dir)
        let first = try WaygateRunner.run(["route", "--map", map] + Self.route)
        #expect(first.status == 0, "\(first.stderr)")
        let cache = map + ".waygate-cache"
        let before = try snapshot(cache)
        let children = try (0..<2).map { i in
            try ChildProcess(
                Fixtures.waygateExecutable.path, ["route", "--map", map] + Self.route, stdout: dir.file("out\(i)"), stderr: dir.file("err\(i)"))
        }
        defer { for child in children { _ = child.stop() } }
        for child in children { #expect(child.wait(timeout: 60) == 0) }
        let outputs = try (0..<2).map { try String(contentsOfFile: dir.file("out\($0)"), encoding: .utf8) }
        #expect(outputs[0] == first.stdout)
        #expect(outputs[1] == first.stdout)
        #expect(first.stdout.hasPrefix("Route: "))
        let after = try snapshot(cache)
        #expect(after.inode == before.inode)
        #expect(after.modified == before.modified)
        #expect(after.bytes == before.bytes)
    }

    @Test("a truncated cache and a stale one (the map's modification time changed) are rebuilt; the route stays the same")
    func truncatedAndStale() throws {
        let dir = try TemporaryDirectory(prefix: "mmap-stale")
        defer { dir.remove() }
        let map = try copyHelsinki(into: dir)
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        let fresh = try store.load(map)
        #expect(fresh.origin == .imported)
        let cache = try #require(fresh.cachePath)
        let good = try Data(contentsOf: URL(fileURLWithPath: cache))
        let expected = try WaygateRunner.run(["route", "--map", map] + Self.route)
        #expect(expected.status == 0)

        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: cache), options: .atomic)
        #expect(try store.load(map).origin == .imported)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == good)
        #expect(try WaygateRunner.run(["route", "--map", map] + Self.route).stdout == expected.stdout)

        let later = Date(timeIntervalSinceNow: 60)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: map)
        let stale = try store.load(map)
        #expect(stale.origin == .imported)
        #expect(stale.graph.edgeCount == fresh.graph.edgeCount)
        #expect(try store.load(map).origin == .cache)
        #expect(try WaygateRunner.run(["route", "--map", map] + Self.route).stdout == expected.stdout)
    }

    @Test("a damaged section table (graph or hierarchy) is rejected without a crash: the graph is imported again, the hierarchy rebuilt")
    func damagedSectionTable() throws {
        let dir = try TemporaryDirectory(prefix: "mmap-table")
        defer { dir.remove() }
        let map = dir.file("town.osm")
        let xml = ASCIIMap("a---b---c\n    |\n    d", gridSize: 30).osmXML(ways: [
            ("abc", ["highway": "residential", "name": "Main St"]), ("bd", ["highway": "residential", "name": "Side St"]),
        ])
        try Data(xml.utf8).write(to: URL(fileURLWithPath: map))
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        let first = try store.load(map)
        let cache = try #require(first.cachePath)
        let good = try Data(contentsOf: URL(fileURLWithPath: cache))
        // The graph image starts at byte 96 of the cache; its section table at byte 16 of the image.
        var badGraph = good
        badGraph[96 + 16 + 3 * 16] ^= 0x08
        try badGraph.write(to: URL(fileURLWithPath: cache), options: .atomic)
        let reimported = try store.load(map)
        #expect(reimported.origin == .imported)
        #expect(reimported.graph.edges == first.graph.edges)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == good)
        // The hierarchy image's offset is at byte 56 of the cache header.
        let hierarchyStart = Int(good[56..<64].reversed().reduce(0) { $0 << 8 | UInt64($1) })
        var badHierarchy = good
        badHierarchy[hierarchyStart + 16 + 2 * 16 + 8] ^= 0x01
        try badHierarchy.write(to: URL(fileURLWithPath: cache), options: .atomic)
        let rebuilt = try store.load(map)
        #expect(rebuilt.origin == .cache)
        #expect(rebuilt.hierarchies == first.hierarchies)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == good)
        // A cache cut inside its header is no cache.
        try good.prefix(60).write(to: URL(fileURLWithPath: cache), options: .atomic)
        #expect(try store.load(map).origin == .imported)
    }
}
