import NMEA
import Positioning
import Testing
import TestSupport
import Timekeeping

/// Issue 11 item 6: impossible values (positions past the poles, non-finite numbers, courses
/// outside 0–360°, negative speeds, dates a month does not have) are dropped and counted,
/// never passed on and never turned into a fix without a position.
@Suite("Impossible NMEA values")
struct ImpossibleValuesTests {
    static let goodRMC = "GPRMC,030719.000,A,3747.0873,S,17518.8938,E,0.69,181.39,311214,,,A"

    /// The fixes and statistics of `bodies` decoded in order.
    static func decode(_ bodies: [String]) -> (fixes: [Fix], statistics: NMEAStatistics) {
        var decoder = NMEAStreamDecoder()
        let events = decoder.push(Array(bodies.map(nmeaSentence).joined().utf8)) + decoder.finish()
        return (events.compactMap { if case .fix(let f) = $0 { f } else { nil } }, decoder.statistics)
    }

    @Test("a GGA with latitude 9999.9999, nan or 1e308 reports no fix instead of mode 3 without a position",
          arguments: ["9999.9999", "nan", "1e308", "4807.038e5", "-4807.038"])
    func impossibleLatitude(latitude: String) throws {
        let gga = { (time: String) in "GPGGA,\(time),\(latitude),S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000" }
        let (fixes, statistics) = Self.decode([Self.goodRMC, gga("030720.000"), gga("030721.000")])
        let last = try #require(fixes.last)
        #expect(last.mode == .noFix)
        #expect(last.coordinate == nil)
        #expect(last.time?.iso8601 == "2014-12-31T03:07:21.000Z")
        #expect(statistics.rejectedValues == 2)
        #expect(fixes.allSatisfy { $0.mode < .twoD || $0.coordinate != nil })
    }

    @Test("a GGA with quality 1 but no position at all is no fix, as gpsd reports it")
    func emptyPosition() throws {
        let gga = { (time: String) in "GPGGA,\(time),,,,,1,08,1.1,59.9,M,23.7,M,,0000" }
        let (fixes, statistics) = Self.decode([Self.goodRMC, gga("030720.000"), gga("030721.000")])
        #expect(try #require(fixes.last).mode == .noFix)
        #expect(statistics.rejectedValues == 0)
    }

    @Test("a speed of 1e308, a negative speed and a course of -400 are dropped and counted; the position stays")
    func speedAndCourse() throws {
        let (fixes, statistics) = Self.decode([
            "GPRMC,030723.000,A,3747.0873,S,17518.8938,E,1e308,-400,311214,,,A",
            "GPRMC,030724.000,A,3747.0873,S,17518.8938,E,-5,181.39,311214,,,A",
            "GPVTG,361,T,,M,-1,N,-1.9,K,A",
        ])
        #expect(statistics.rejectedValues == 6)
        #expect(fixes.count >= 2)
        for fix in fixes {
            #expect(fix.coordinate != nil)
            #expect(fix.speed.map { $0 >= 0 && $0 < 1_100 } ?? true, "speed \(String(describing: fix.speed))")
            #expect(fix.course.map { (0...360).contains($0) } ?? true, "course \(String(describing: fix.course))")
        }
        #expect(fixes[1].course == 181.39)
    }

    @Test("31 February 2099 is refused and keeps the last good date; two-digit years as gpsd reads them")
    func dates() throws {
        let rmc = { (time: String, date: String) in "GPRMC,\(time),A,3747.0873,S,17518.8938,E,0.69,181.39,\(date),,,A" }
        let (fixes, statistics) = Self.decode([rmc("030719.000", "311214"), rmc("030720.000", "310299"), rmc("030721.000", "290223")])
        #expect(statistics.rejectedValues == 2)  // 31 Feb (1999 or 2099 alike), 29 Feb 2023
        #expect(fixes.map { $0.time?.iso8601 ?? "none" }.allSatisfy { $0.hasPrefix("2014-12-31T03:07:") || $0 == "none" })
        #expect(!fixes.contains { $0.time?.iso8601.hasPrefix("2099-03") == true })
        // gpsd: years from 2080 are 19xx (week-rollover receivers), the century moves on at 99 → 00.
        let old = Self.decode([rmc("030719.000", "010180")]).fixes
        #expect(old.last?.time?.iso8601 == "1980-01-01T03:07:19.000Z")
        let leap = Self.decode([rmc("030719.000", "290224")]).fixes
        #expect(leap.last?.time?.iso8601 == "2024-02-29T03:07:19.000Z")
        let wrap = Self.decode([rmc("235959.000", "311299"), rmc("000000.000", "010100")]).fixes
        #expect(wrap.compactMap { $0.time?.iso8601 } == ["1999-12-31T23:59:59.000Z", "2000-01-01T00:00:00.000Z"])
    }

    @Test("a ZDA with an impossible day is counted and sets no date")
    func zda() {
        let (fixes, statistics) = Self.decode(["GPZDA,030719.00,31,04,2025,00,00", "GPGGA,030720.000,3747.0873,S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000"])
        #expect(statistics.rejectedValues == 1)
        #expect(fixes.allSatisfy { $0.time == nil })
    }
}
