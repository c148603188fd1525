import Geodesy
import NMEA
import Positioning
import Testing
import Timekeeping

@Suite("NMEAEncoder")
struct NMEAEncoderTests {
    @Test("a fix and sky encoded as one cycle decode back to the same values within NMEA precision")
    func roundTrip() throws {
        var fix = Fix(time: Timestamp(year: 2026, month: 11, day: 29, hour: 18, minute: 0, second: 1), mode: .threeD,
                      coordinate: Coordinate(latitude: 60.1699123, longitude: -24.9384567))
        fix.altitudeMSL = 12.3
        fix.geoidSeparation = 18.1
        fix.speed = 13.5
        fix.course = 271.25
        fix.hdop = 0.9
        fix.satellitesUsed = 5
        var sky = SkyView(satellites: [5, 12, 17, 24, 29].enumerated().map { i, prn in
            Satellite(prn: prn, gnss: .gps, svid: prn, elevation: Double(20 + i * 10), azimuth: Double(i * 70), snr: 40, used: true)
        })
        sky.pdop = 1.6; sky.hdop = 0.9; sky.vdop = 1.3
        let text = NMEAEncoder().cycle(fix, sky: sky).map { $0 + "\r\n" }.joined() + NMEAEncoder().rmc(fix.advanced()) + "\r\n"
        var decoder = NMEAStreamDecoder()
        let events = decoder.push(Array(text.utf8)) + decoder.finish()
        #expect(decoder.statistics.badChecksum == 0)
        let decoded = try #require(events.compactMap { if case .fix(let f) = $0, f.mode == .threeD { f } else { nil } }.last)
        #expect(abs(decoded.coordinate!.latitude - 60.1699123) < 1e-7)
        #expect(abs(decoded.coordinate!.longitude + 24.9384567) < 1e-7)
        #expect(decoded.altitudeMSL == 12.3)
        #expect(abs(decoded.speed! - 13.5) < 0.001)
        #expect(decoded.course == 271.25)
        let decodedSky = try #require(events.compactMap { if case .sky(let s) = $0 { s } else { nil } }.last)
        #expect(decodedSky.satellites.map(\.prn) == [5, 12, 17, 24, 29])
        #expect(decodedSky.usedCount == 5)
    }

    @Test("sentences carry correct checksums")
    func checksum() {
        let s = NMEAEncoder().sentence("TXT", ["01", "01", "02", "u-blox AG - www.u-blox.com"])
        #expect(s == "$GPTXT,01,01,02,u-blox AG - www.u-blox.com*50")
    }
}

extension Fix {
    /// The same fix one second later (to close the encoder's cycle).
    func advanced() -> Fix {
        var f = self
        f.time = time?.adding(1)
        return f
    }
}
