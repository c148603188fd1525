import Foundation
import GPSDProtocol
import TestSupport
import Testing

@Suite("waygate decode")
struct DecodeCommandTests {
    @Test("--format gpsd prints exactly the report stream for a real receiver log")
    func gpsdFormat() throws {
        let trace = Fixtures.trace("nmea/bu353s4.nmea")
        let result = try WaygateRunner.run(["decode", "--format", "gpsd", trace.path])
        #expect(result.status == 0)
        let expected = GPSDReportStream.reports(for: [UInt8](try Data(contentsOf: trace)))
        #expect(result.lines == expected)
        #expect(result.lines.first?.hasPrefix("{\"class\":\"TPV\",\"mode\":3,\"lat\":-37.784788333,") == true)
    }

    @Test("reading standard input with '-' gives the same output as the file")
    func standardInput() throws {
        let trace = Fixtures.trace("nmea/garmin15x.nmea").path
        let fromFile = try WaygateRunner.run(["decode", trace])
        let fromStdin = try WaygateRunner.run(["decode", "-"], stdin: trace)
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout == fromFile.stdout)
        #expect(!fromFile.lines.isEmpty)
    }

    @Test("--format json prints LOCATION and SKY with rounded values and the fix time")
    func jsonFormat() throws {
        let result = try WaygateRunner.run(["decode", "--format", "json", Fixtures.trace("nmea/bu353s4.nmea").path])
        #expect(result.status == 0)
        #expect(result.lines[2] == #"{"alt":59.9,"class":"LOCATION","course":181.39,"h_acc":20.9,"hdop":1.1,"lat":-37.784788333,"lon":175.314896667,"mode":3,"sats_used":8,"simulated":false,"source":"decode","speed":0.355,"time":"2014-12-31T03:07:19.000Z","v_acc":34.5}"#)
        #expect(result.lines.contains { $0.contains(#""class":"SKY""#) })
    }

    @Test("a missing file is a runtime error naming it; a bad option is a usage error")
    func errors() throws {
        let missing = try WaygateRunner.run(["decode", "/nonexistent/x.nmea"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "waygate: cannot read /nonexistent/x.nmea: no such file\n")
        let bad = try WaygateRunner.run(["decode", "--format", "xml", "a"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "waygate: --format: expected one of gpsd, json, got \"xml\"\n")
        let none = try WaygateRunner.run(["decode"])
        #expect(none.status == 2)
    }

    @Test("binary noise and garbage never crash the decoder")
    func garbage() throws {
        let dir = try TemporaryDirectory(prefix: "garbage")
        defer { dir.remove() }
        var bytes = [UInt8]()
        var state: UInt64 = 42
        for _ in 0..<200_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes.append(UInt8(truncatingIfNeeded: state >> 33))
        }
        bytes += Array("$GPGGA,030719.000,3747.0873,S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000*7D\r\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: dir.file("noise.nmea")))
        let result = try WaygateRunner.run(["decode", "--stats", dir.file("noise.nmea")])
        #expect(result.status == 0)
        #expect(result.stderr.contains("discardedBytes"))
    }
}
