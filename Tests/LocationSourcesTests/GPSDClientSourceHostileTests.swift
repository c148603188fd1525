import Foundation
import Geodesy
import LocationSources
import Positioning
import SystemIO
import Testing
import TestSupport
import Timekeeping

/// What `GPSDClientSource` makes of reports a real gpsd never sends but anything speaking its
/// protocol on the network can: a scripted server on loopback stands in for gpsd.
@Suite("GPSDClientSource against a hostile gpsd")
struct GPSDClientSourceHostileTests {
    /// The probe's TPV: a latitude past 90° and values no receiver reports.
    static let hostileTPV = #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-12-01T10:00:00.000Z","lat":1e300,"lon":9.19,"altHAE":-1e308,"altMSL":1e308,"speed":1e308,"track":1e308,"magtrack":-1,"magvar":500,"climb":1e308,"eph":1e308,"epx":1e308,"epy":-5,"epv":1e308,"eps":1e308,"epd":1e308,"epc":1e308,"ept":1e308,"sep":1e308,"geoidSep":1e308}"#
    /// A TPV as gpsd writes it (values exact in binary, so they compare equal after parsing).
    static let normalTPV = #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-12-01T10:00:01.000Z","ept":0.5,"lat":45.46875,"lon":9.1875,"altHAE":160.25,"altMSL":120.5,"alt":120.5,"epx":3.125,"epy":4.25,"epv":7.5,"track":87.25,"magtrack":84.5,"magvar":2.75,"speed":13.875,"climb":-0.25,"epd":12.5,"eps":0.75,"epc":1.5,"geoidSep":39.75,"eph":6.5,"sep":9.25}"#
    /// A SKY with one impossible dilution.
    static let hostileSKY = #"{"class":"SKY","device":"/dev/ttyACM0","hdop":1e308,"pdop":1.5,"satellites":[]}"#

    @Test("a TPV with a latitude of 1e300 and speed, track, altitude and errors of 1e308 is no fix without them; the next TPV comes through unchanged")
    func impossibleValues() async throws {
        let gpsd = try ScriptedGPSD(lines: [Self.hostileTPV, Self.hostileSKY, Self.normalTPV])
        defer { gpsd.close() }
        let source = GPSDClientSource(port: gpsd.port, timeSource: SystemTimeSource())
        let collector = EventCollector()
        await collector.run(source.events()) { _, all in all.fixes.count >= 2 }
        let events = collector.events
        let fixes = events.fixes
        try #require(fixes.count == 2)

        // Every absurd field dropped, and with the position the fix: mode 1, as the NMEA path does.
        #expect(fixes[0] == Fix(time: Timestamp(iso8601: "2026-12-01T10:00:00.000Z"), mode: .noFix))
        #expect(!fixes[0].hasPosition)

        var normal = Fix(time: Timestamp(iso8601: "2026-12-01T10:00:01.000Z"), mode: .threeD,
                         coordinate: Coordinate(latitude: 45.46875, longitude: 9.1875))
        normal.altitudeHAE = 160.25
        normal.altitudeMSL = 120.5
        normal.geoidSeparation = 39.75
        normal.speed = 13.875
        normal.course = 87.25
        normal.magneticCourse = 84.5
        normal.magneticVariation = 2.75
        normal.climb = -0.25
        normal.horizontalAccuracy = 6.5
        normal.verticalAccuracy = 7.5
        normal.speedAccuracy = 0.75
        normal.courseAccuracy = 12.5
        normal.latitudeError = 4.25
        normal.longitudeError = 3.125
        normal.climbError = 1.5
        normal.timeError = 0.5
        normal.sphericalError = 9.25
        #expect(fixes[1] == normal)

        let sky = try #require(events.compactMap { if case .sky(let s) = $0 { s } else { nil } }.first)
        #expect(sky.hdop == nil)
        #expect(sky.pdop == 1.5)
    }

    @Test("a GST arrives as noise statistics (gpsd's bytes), an impossible deviation dropped")
    func noise() async throws {
        let gst = #"{"class":"GST","device":"/dev/ttyACM0","time":"2022-03-09T15:01:19.000Z","rms":4.000,"major":8.700,"minor":4.700,"orient":132.300,"lat":6.800,"lon":7.200,"alt":14.000}"#
        let hostile = #"{"class":"GST","device":"/dev/ttyACM0","time":"2022-03-09T15:01:20.000Z","rms":1e308,"major":-3,"orient":999}"#
        let gpsd = try ScriptedGPSD(lines: [Self.normalTPV, gst, hostile, Self.normalTPV])
        defer { gpsd.close() }
        let source = GPSDClientSource(port: gpsd.port, timeSource: SystemTimeSource())
        let collector = EventCollector()
        await collector.run(source.events()) { _, all in all.fixes.count >= 2 }
        let noise = collector.events.compactMap { if case .noise(let n) = $0 { n } else { nil } }
        #expect(noise == [
            NoiseReport(time: Timestamp(iso8601: "2022-03-09T15:01:19.000Z"), rms: 4, major: 8.7, minor: 4.7, orientation: 132.3,
                        latitude: 6.8, longitude: 7.2, altitude: 14),
            NoiseReport(time: Timestamp(iso8601: "2022-03-09T15:01:20.000Z")),
        ])
    }
}
