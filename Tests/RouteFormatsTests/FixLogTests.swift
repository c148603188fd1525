import Geodesy
import Positioning
import RouteFormats
import RouteModel
import Testing
import Timekeeping

@Suite("FixLog")
struct FixLogTests {
    @Test("JSON lines become fixes: ISO or epoch time, optional fields, comments and blank lines skipped")
    func read() throws {
        let fixes = try RouteFile.readTrace(try fixtureBytes("jsonl/drive.jsonl"))
        #expect(fixes.count == 3)
        #expect(fixes[0].time == Timestamp(year: 2026, month: 11, day: 29, hour: 8))
        #expect(fixes[0].coordinate == Coordinate(latitude: 45.4642, longitude: 9.1899))
        #expect(fixes[0].altitudeMSL == 122)
        #expect(fixes[0].mode == .threeD)
        #expect(fixes[0].horizontalAccuracy == 3.5)
        #expect(fixes[0].isSimulated)
        #expect(fixes[1].speed == 5.6)
        #expect(fixes[1].course == 0.4)
        #expect(fixes[1].mode == .twoD)
        #expect(!fixes[1].isSimulated)
        #expect(fixes[2].time == Timestamp(year: 2026, month: 11, day: 29, hour: 8, second: 2.5))
    }

    @Test("fixes written as JSON lines read back equal, with the LOCATION field names")
    func roundTrip() throws {
        let fixes = try FixLog.read(try fixtureBytes("jsonl/drive.jsonl"))
        let written = FixLog.write(fixes)
        #expect(try FixLog.read(written) == fixes)
        let firstLine = String(decoding: written.prefix { $0 != 0x0A }, as: UTF8.self)
        #expect(firstLine == #"{"time":"2026-11-29T08:00:00.000Z","lat":45.4642,"lon":9.1899,"alt":122,"speed":0,"course":0,"h_acc":3.5,"simulated":true}"#)
    }

    @Test("a JSONL trace can be driven as a route, timed by its fixes")
    func asRoute() throws {
        let route = try RouteFile.readRoute(try fixtureBytes("jsonl/drive.jsonl"))
        #expect(route.duration == 2.5)
        #expect(route.legs[0].steps.count == 2)
    }

    @Test(
        "malformed lines get one exact message naming the line",
        arguments: [
            ("{\"time\":\"2026-11-29T08:00:00Z\",\"lat\":45,\"lon\":9}\n{\"time\":\"2026-11-29T08:00:01Z\",\"lon\":9}\n", "JSONL line 2: lat missing"),
            ("{\"lat\":45,\"lon\":9}\n\n{\"lat\":45,\"lon\":9,\"time\":\"noon\"}\n", "JSONL line 3: time \"noon\" is not an ISO 8601 time"),
            ("{\"lat\":45,\"lon\":\"9\"}\n", "JSONL line 1: lon is not a number"),
            ("{\"lat\":45,\"lon\":9\n", "JSONL line 1, column 18: unexpected end of input, expected ',' or '}'"),
            ("{\"lat\":145,\"lon\":9}\n", "JSONL line 1: lat/lon 145.0,9.0 is not a position"),
            ("# only a comment\n", "JSONL: no fixes"),
        ])
    func malformed(input: String, message: String) {
        do {
            _ = try FixLog.read(bytes(input))
            Issue.record("no error for \(input)")
        } catch {
            #expect(String(describing: error) == message)
        }
    }
}
