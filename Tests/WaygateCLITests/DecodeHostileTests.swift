import Foundation
import TestSupport
import Testing

/// Issue 11 item 6: `decode` on a directory, and impossible values that made the gpsd and JSON
/// outputs disagree (a 309-digit speed in one, a vanished fix in the other).
@Suite("waygate decode with hostile input")
struct DecodeHostileTests {
    @Test("a directory is a one-line error, exit 1, not a crash")
    func directory() throws {
        let dir = try TemporaryDirectory(prefix: "decode-dir")
        defer { dir.remove() }
        let result = try WaygateRunner.run(["decode", dir.path])
        #expect(result.status == 1)
        #expect(result.stderr == "waygate: cannot read \(dir.path): is a directory\n")
    }

    @Test("a speed of 1e308 is dropped by both formats alike: the fix stays, without a speed")
    func hugeSpeed() throws {
        let dir = try TemporaryDirectory(prefix: "decode-speed")
        defer { dir.remove() }
        let text = nmeaSentence("GPRMC,030719.000,A,3747.0873,S,17518.8938,E,1e308,181.39,311214,,,A")
            + nmeaSentence("GPRMC,030720.000,A,3747.0873,S,17518.8938,E,1e308,181.39,311214,,,A")
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir.file("speed.nmea")))
        let gpsd = try WaygateRunner.run(["decode", "--format", "gpsd", "--stats", dir.file("speed.nmea")])
        let json = try WaygateRunner.run(["decode", "--format", "json", dir.file("speed.nmea")])
        #expect(gpsd.status == 0 && json.status == 0)
        #expect(gpsd.lines.count == 2)
        #expect(json.lines.count == 2)
        #expect(gpsd.lines.allSatisfy { $0.count < 300 && $0.contains(#""lat":-37.784788333"#) })
        #expect(json.lines.allSatisfy { $0.contains(#""lat":-37.784788333"#) && !$0.contains("e+") })
        #expect(gpsd.stderr.contains("rejectedValues: 2"))
    }
}
