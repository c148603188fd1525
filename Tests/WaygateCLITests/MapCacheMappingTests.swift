import Foundation
import Gateway
import JSON
import RoadGraph
import Routing
import TestSupport
import Testing
import WireProtocol

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

    /// Copies of `source` at `paths` (their directories made) with one stamp (size and
    /// modification time), so each would get the same cache.
    static func stampedCopies(of source: String, at paths: [String]) throws {
        let stamp = Date(timeIntervalSince1970: 1_764_000_000)
        for copy in paths {
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: copy).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: source, toPath: copy)
            try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: copy)
        }
    }

    @Test("the first serve --map on an uncached map writes the very cache map build writes, byte for byte, and routes alike from it")
    func firstServeImportsAsMapBuild() throws {
        let dir = try TemporaryDirectory(prefix: "mmap-serve")
        defer { dir.remove() }
        let (built, served) = (dir.file("built/helsinki.osm.pbf"), dir.file("served/helsinki.osm.pbf"))
        try Self.stampedCopies(of: Self.helsinki, at: [built, served])
        let build = try WaygateRunner.run(["map", "build", built])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.lines.contains { $0.hasPrefix("  graph:     3605 nodes, 10387 edges, ") })

        let server = try ChildProcess(
            Fixtures.waygateExecutable.path, ["serve", "--map", served, "--socket", dir.file("s.sock")],
            environment: ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": dir.file("user-cache")]) { $1 },
            stderr: dir.file("serve.log"))
        defer { _ = server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 120)
        _ = try client.next()
        try client.send(.status, id: 1)
        let status = try client.next(where: { if case .reply(let r) = $0 { r.id == .integer(1) } else { false } })
        #expect(status != nil)
        #expect(server.stop() != nil)

        let expected = try Data(contentsOf: URL(fileURLWithPath: built + ".waygate-cache"))
        let written = try Data(contentsOf: URL(fileURLWithPath: served + ".waygate-cache"))
        #expect(written.count == expected.count)
        #expect(written == expected)
        #expect(!FileManager.default.fileExists(atPath: dir.file("user-cache")))
        let fromBuilt = try WaygateRunner.run(["route", "--map", built] + Self.route)
        let fromServed = try WaygateRunner.run(["route", "--map", served] + Self.route)
        #expect(fromBuilt.stdout.hasPrefix("Route: "))
        #expect(fromServed.stdout == fromBuilt.stdout)
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        let (a, b) = (try store.load(built), try store.load(served))
        #expect(a.origin == .cache)
        #expect(b.origin == .cache)
        #expect((b.graph.nodeCount, b.graph.edgeCount, b.graph.restrictions.count) == (3605, 10387, a.graph.restrictions.count))
        #expect(b.graph.edges == a.graph.edges)
        #expect(b.hierarchies == a.hierarchies)
    }

    @Test("an uncached map opened in process is imported as map build imports it: same cache bytes, same graph and hierarchy")
    func loadImportsAsBuild() throws {
        let dir = try TemporaryDirectory(prefix: "mmap-load")
        defer { dir.remove() }
        let (built, loaded) = (dir.file("b/helsinki.osm.pbf"), dir.file("l/helsinki.osm.pbf"))
        try Self.stampedCopies(of: Self.helsinki, at: [built, loaded])
        let store = MapStore(userCacheDirectory: dir.file("user-cache"))
        let build = try store.build(built)
        let fresh = try store.load(loaded)
        #expect(fresh.origin == .imported)
        #expect(fresh.cachePath == loaded + ".waygate-cache")
        #expect(try Data(contentsOf: URL(fileURLWithPath: loaded + ".waygate-cache")) == Data(contentsOf: URL(fileURLWithPath: build.cachePath)))
        let cached = try store.load(built)
        #expect((fresh.graph.nodeCount, fresh.graph.edgeCount) == (3605, 10387))
        #expect(fresh.graph.edges == cached.graph.edges)
        #expect(fresh.hierarchies.map(\.arcCount) == [build.hierarchyArcs])
        #expect(fresh.hierarchies == cached.hierarchies)
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
