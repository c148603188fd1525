import Foundation
import Geodesy
import NMEA
import Positioning
import Testing
import Timekeeping
import TestSupport

@Suite("NMEAStreamDecoder")
struct NMEAStreamDecoderTests {
    static let logs = ["beidou-gb", "bu353-glonass", "bu353s4", "firefly-II", "garmin15x", "gp-320fw-2019-04-07-coldboot",
                       "mt3339", "neo-m8n", "nl551e", "nmea-fuzzy-cases", "quectel-L70", "sirfstarv-nmea",
                       "telit-pls83-w", "tomtom-mkII", "ublox-8", "ublox-zed-f9p-nmea"]

    @Test("drip-feeding byte by byte gives the same events as all at once", arguments: logs)
    func dripFeed(log: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Fixtures.trace("nmea/\(log).nmea")))
        var whole = NMEAStreamDecoder()
        let all = whole.push(bytes) + whole.finish()
        var drip = NMEAStreamDecoder()
        var dripped: [SourceEvent] = []
        for b in bytes { dripped += drip.push(CollectionOfOne(b)) }
        dripped += drip.finish()
        #expect(all == dripped)
        #expect(whole.statistics == drip.statistics)
        #expect(whole.statistics.sentences > 0)
    }

    @Test("the u-blox 8 log decodes to fixes with the receiver's position and counts what it saw")
    func ublox() throws {
        let bytes = [UInt8](try Data(contentsOf: Fixtures.trace("nmea/ublox-8.nmea")))
        var decoder = NMEAStreamDecoder()
        let events = decoder.push(bytes) + decoder.finish()
        let fixes = events.compactMap { if case .fix(let f) = $0 { f } else { nil } }
        let first3D = try #require(fixes.first { $0.mode == .threeD })
        #expect(abs(first3D.coordinate!.latitude - 44.068897833) < 1e-9)
        #expect(first3D.altitudeMSL == 1144.8)
        #expect(first3D.time?.iso8601 == "2017-01-10T00:09:41.000Z")
        #expect(decoder.statistics.fixes == fixes.count)
        #expect(decoder.statistics.badChecksum == 0)
        #expect(decoder.statistics.discardedBytes > 0)  // the leading binary noise
    }

    @Test("sentences with a bad checksum are dropped and counted")
    func badChecksum() {
        var decoder = NMEAStreamDecoder()
        let events = decoder.push(Array("$GPGGA,000941.00,4404.13387,N,12118.85628,W,1,12,1.01,1144.8,M,-21.4,M,,*00\r\n".utf8))
        #expect(events.isEmpty)
        #expect(decoder.statistics.badChecksum == 1)
    }
}
