import Foundation
import TestSupport
import Testing

/// `waygate map build` and `map info` as a user runs them, on a copy of the Helsinki extract.
@Suite("waygate map build and map info")
struct MapCommandTests {
    /// A temporary directory holding a copy of the Helsinki extract (so its cache lands there).
    static func helsinkiCopy() throws -> (TemporaryDirectory, String) {
        let dir = try TemporaryDirectory(prefix: "mapcmd")
        let map = dir.file("helsinki.osm.pbf")
        try FileManager.default.copyItem(atPath: Fixtures.trace("maps/helsinki.osm.pbf").path, toPath: map)
        return (dir, map)
    }

    @Test("info says the cache is missing; build writes it with a summary; info then shows its counts")
    func buildThenInfo() throws {
        let (dir, map) = try Self.helsinkiCopy()
        defer { dir.remove() }
        let before = try WaygateRunner.run(["map", "info", map])
        #expect(before.status == 0)
        #expect(before.lines.contains("cache \(map).waygate-cache: missing (run 'waygate map build \(map)')"))

        let built = try WaygateRunner.run(["map", "build", map, "--memory", "256M"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.lines.first == "built \(map).waygate-cache")
        #expect(built.lines.contains { $0.hasPrefix("  graph:     3605 nodes, 10387 edges, ") })
        #expect(built.lines.last?.contains("peak memory") == true)
        #expect(built.lines.last?.contains("(budget 256 MB)") == true)
        // Not a terminal: one plain line per phase, in order.
        let phases = built.stderr.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(phases == ["reading ways", "reading nodes", "building graph", "indexing graph", "building hierarchy", "writing cache"])
        #expect(FileManager.default.fileExists(atPath: map + ".waygate-cache"))

        let after = try WaygateRunner.run(["map", "info", map])
        #expect(after.status == 0)
        #expect(after.lines.contains { $0.hasPrefix("cache \(map).waygate-cache: valid, format version ") })
        #expect(after.lines.contains { $0.hasPrefix("  graph: 3605 nodes, 10387 edges, ") })
        #expect(after.lines.contains { $0.hasPrefix("  car hierarchy: ") && $0.hasSuffix(" arcs") })
        #expect(after.lines.contains { $0.hasPrefix("  bounding box: 60.1") })

        // A route on the map now starts from the cache the build wrote.
        let route = try WaygateRunner.run(["route", "--map", map, "--from", "60.164199,24.936660", "--to", "60.175082,24.952825", "--format", "text"])
        #expect(route.status == 0)
        #expect(route.stderr.isEmpty)

        // Touching the map makes the cache stale.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: map)
        let stale = try WaygateRunner.run(["map", "info", map])
        #expect(stale.lines.contains { $0.hasPrefix("cache \(map).waygate-cache: stale") })
    }

    @Test("info --verify checks every byte: a cache damaged inside the graph passes the plain info, fails --verify with exit 1")
    func verify() throws {
        let (dir, map) = try Self.helsinkiCopy()
        defer { dir.remove() }
        #expect(try WaygateRunner.run(["map", "build", map]).status == 0)
        let cache = map + ".waygate-cache"
        let good = try WaygateRunner.run(["map", "info", map, "--verify"])
        #expect(good.status == 0)
        #expect(good.lines.contains { $0.hasPrefix("cache \(cache): valid, ") && $0.hasSuffix(", every byte and index checked") })

        // 16 bytes inverted inside the graph image (it starts at byte 96), the header left alone.
        let handle = try #require(FileHandle(forUpdatingAtPath: cache))
        try handle.seek(toOffset: 8192)
        let bytes = try #require(try handle.read(upToCount: 16))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data(bytes.map { ~$0 }))
        try handle.close()
        let plain = try WaygateRunner.run(["map", "info", map])
        #expect(plain.status == 0)
        #expect(plain.lines.contains { $0.hasPrefix("cache \(cache): valid, ") })
        let damaged = try WaygateRunner.run(["map", "info", map, "--verify"])
        #expect(damaged.status == 1)
        #expect(damaged.lines.contains { $0.hasPrefix("cache \(cache): stale (") })
        #expect(damaged.stderr == "waygate: \(cache): not a valid cache of \(map)\n")
        #expect(try WaygateRunner.run(["map", "build", map, "--verify"]).status == 2)
    }

    @Test("--cache writes and reads the cache at the given path")
    func explicitCachePath() throws {
        let (dir, map) = try Self.helsinkiCopy()
        defer { dir.remove() }
        let cache = dir.file("elsewhere/h.cache")
        let built = try WaygateRunner.run(["map", "build", map, "--cache", cache])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.lines.first == "built \(cache)")
        #expect(!FileManager.default.fileExists(atPath: map + ".waygate-cache"))
        let info = try WaygateRunner.run(["map", "info", map, "--cache", cache])
        #expect(info.lines.contains { $0.hasPrefix("cache \(cache): valid") })
    }

    @Test("a missing map, a file that is no map, and a budget too small fail with one line naming them")
    func badMaps() throws {
        let (dir, map) = try Self.helsinkiCopy()
        defer { dir.remove() }
        let missing = try WaygateRunner.run(["map", "build", dir.file("nope.osm.pbf")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "waygate: cannot read map \(dir.file("nope.osm.pbf")): no such file\n")
        let text = dir.file("notes.osm.pbf")
        try Data("hello, this is not a map".utf8).write(to: URL(fileURLWithPath: text))
        let notMap = try WaygateRunner.run(["map", "build", text])
        #expect(notMap.status == 1)
        #expect(notMap.stderr.hasSuffix("waygate: bad map \(text): not an OSM file (expected .osm.pbf or .osm XML)\n"))
        let infoMissing = try WaygateRunner.run(["map", "info", dir.file("nope.osm.pbf")])
        #expect(infoMissing.status == 1)
        #expect(infoMissing.stderr == "waygate: cannot read map \(dir.file("nope.osm.pbf")): no such file\n")
        let tight = try WaygateRunner.run(["map", "build", map, "--memory", "1M"])
        #expect(tight.status == 1)
        #expect(tight.stderr.hasSuffix("over the memory budget of 1 MB (allow more with --memory)\n"))
        // The PBF is read blob by blob, so its node references fit in 1 MB; the graph does not.
        #expect(tight.stderr.contains("waygate: cannot import map \(map): building the graph of "))
        #expect(tight.stderr.contains(" ways over ") && tight.stderr.contains(" needs about "))
        #expect(!FileManager.default.fileExists(atPath: map + ".waygate-cache"))
    }

    @Test("bad usage: an unknown action, a bad --memory value, --memory on info, a missing MAP")
    func badUsage() throws {
        let unknown = try WaygateRunner.run(["map", "frobnicate", "x.osm.pbf"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "waygate: map: expected 'build' or 'info', got \"frobnicate\"\n")
        for value in ["lots", "12Q", "-5G", "0", "512K"] {
            let bad = try WaygateRunner.run(["map", "build", "x.osm.pbf", "--memory", value])
            #expect(bad.status == 2)
            #expect(bad.stderr == "waygate: --memory: expected a size of at least 1M such as 512M or 2G, got \"\(value)\"\n")
        }
        let onInfo = try WaygateRunner.run(["map", "info", "x.osm.pbf", "--memory", "1G"])
        #expect(onInfo.status == 2)
        #expect(onInfo.stderr == "waygate: --memory: only 'map build' takes a memory budget\n")
        let noMap = try WaygateRunner.run(["map", "build"])
        #expect(noMap.status == 2)
    }
}
