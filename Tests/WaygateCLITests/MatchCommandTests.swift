import Foundation
import TestSupport
import Testing

@Suite("waygate match", .serialized)
struct MatchCommandTests {
    @Test("offline and --live: one entry per fix in order, every fix of a clean drive matched onto named streets")
    func matchesADrive() throws {
        let dir = try TemporaryDirectory(prefix: "match")
        defer { dir.remove() }
        let (log, _) = try ServeMapTests.driveLog(dir: dir)
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        for mode in [[], ["--live"]] {
            let result = try WaygateRunner.run(["match", "--map", map, log] + mode)
            #expect(result.status == 0)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let fixes = try #require(json["fixes"] as? [[String: Any]])
            #expect(fixes.count > 100)
            let matched = fixes.compactMap { $0["matched"] as? [String: Any] }
            #expect(matched.count == fixes.count)
            // Within 2 m: the drive ends 10 m after a left turn at the end of Snellmaninkatu, and one
            // fix in that corner is matched 1.5 m away onto Snellmaninkatu, the street it came from.
            #expect(matched.allSatisfy { ($0["distance"] as? Double ?? 99) < 2 })
            #expect(matched.first?["name"] as? String == "Bulevardi")
            let path = try #require(json["path"] as? [String: Any])
            #expect((path["way_ids"] as? [Any])?.isEmpty == false)
        }
        let geo = try WaygateRunner.run(["match", "--map", map, "--format", "geojson", log])
        #expect(geo.stdout.hasPrefix("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{\"kind\":\"path\"}"))
    }

    @Test("an empty or unreadable trace and a missing --map are clear errors")
    func badInput() throws {
        let dir = try TemporaryDirectory(prefix: "match")
        defer { dir.remove() }
        try Data().write(to: URL(fileURLWithPath: dir.file("empty.jsonl")))
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let empty = try WaygateRunner.run(["match", "--map", map, dir.file("empty.jsonl")])
        #expect(empty.status == 1)
        #expect(empty.stderr.hasPrefix("waygate: \(dir.file("empty.jsonl")):"))
        let missing = try WaygateRunner.run(["match", "--map", map, dir.file("nope.gpx")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "waygate: cannot read trace \(dir.file("nope.gpx")): no such file\n")
        let usage = try WaygateRunner.run(["match", dir.file("nope.gpx")])
        #expect(usage.status == 2)
        #expect(usage.stderr == "waygate: match needs --map MAP\n")
    }

    @Test("one fix with a bad time is skipped with a warning; the rest of the trace is matched")
    func badTimestamp() throws {
        let dir = try TemporaryDirectory(prefix: "match-time")
        defer { dir.remove() }
        let (log, _) = try ServeMapTests.driveLog(dir: dir)
        let decoded = try WaygateRunner.run(["decode", "--format", "json", log])
        var lines = decoded.lines.filter { $0.contains(#""class":"LOCATION""#) }
        #expect(lines.count > 20)
        // Fix 10 jumps back a year; fix 11 loses its time.
        lines[10] = lines[10].replacingOccurrences(of: "\"time\":\"20", with: "\"time\":\"19")
        lines[11] = lines[11].replacingOccurrences(of: #""time":"[^"]*","#, with: "", options: .regularExpression)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: dir.file("bad.jsonl")))
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let result = try WaygateRunner.run(["match", "--map", map, dir.file("bad.jsonl")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "waygate: \(dir.file("bad.jsonl")): skipped 2 of \(lines.count) fixes without a time or earlier than the fix before\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["fixes"] as? [Any])?.count == lines.count - 2)
    }
}
