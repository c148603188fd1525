import Foundation
import Geodesy
import NMEA
import Positioning
import Simulation
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

    @Test("sentences stay intact however the decoder is copied and reads are dropped or kept")
    func sentenceTextsIntact() throws {
        let lines = (0..<40).map { "$GPTXT,01,01,02,line \($0)" }  // no checksum: taken, as gpsd takes it
        var decoder = NMEAStreamDecoder()
        var kept: [(SentenceText, String)] = []
        for (i, line) in lines.enumerated() {
            // A copy decodes the same reads: it never writes into the original's blocks.
            var copy = decoder
            let events = decoder.push(Array((line + "\r\n").utf8))
            let copied = copy.push(Array("$GPTXT,01,01,02,copy\r\n".utf8))
            #expect(copied.count == 1)
            guard case .sentence(let text)? = events.first else {
                Issue.record("no sentence for \(line)")
                continue
            }
            if i % 3 == 0 { kept.append((text, line)) }  // the others are dropped, their blocks free again
        }
        #expect(kept.count == 14)
        for (text, line) in kept { #expect(text.string == line) }
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

@Suite("NMEAStreamDecoder malformed input")
struct NMEAStreamDecoderMalformedTests {
    @Test("sentences with every field empty, missing or non-numeric decode without fixes and without crashing")
    func emptyAndJunkFields() {
        let bodies = ["GPGGA,,,,,,,,,,,,,,", "GPRMC,,,,,,,,,,,", "GPGSA,,,,,,,,,,,,,,,,,", "GPGSV,,,,", "GPGSV,1,1,01,xx,yy,zz,ww",
                      "GPVTG,,,,,,,,,", "GPGLL,,,,,,", "GNGNS,,,,,,,,,,,,", "GPGST,,,,,,,,", "GPZDA,,,,,,", "GPHDT,,",
                      "GPTXT,,,,", "GPGGA,-,-,-,-,-,-,-,-,-,-,-,-,-,-", "GPRMC,999999,A,9999.99,N,99999.99,E,x,y,999999,,",
                      "GPGGA,1", "G", "GPXYZ,1,2,3", "PUBX,00"]
        let text = bodies.map { body in "$" + body + "*" + NMEAChecksum.hex(NMEAChecksum.of(body.utf8)) + "\r\n" }.joined()
        var decoder = NMEAStreamDecoder()
        let events = decoder.push(Array(text.utf8)) + decoder.finish()
        #expect(!events.contains { if case .fix(let f) = $0 { f.hasPosition } else { false } })
        #expect(decoder.statistics.badChecksum == 0)
        #expect(decoder.statistics.sentences == bodies.count - 1)  // "$G*47" is too short to be a sentence
    }

    @Test("random binary noise mixed into a real log never crashes and the log's fixes survive")
    func noiseFuzz() throws {
        var rng = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        let log = Array("$GNRMC,000941.00,A,4404.13387,N,12118.85628,W,0.029,,100117,,,A*7D\r\n$GNGGA,000941.00,4404.13387,N,12118.85628,W,1,12,1.01,1144.8,M,-21.4,M,,*4D\r\n".utf8)
        var input: [UInt8] = []
        for _ in 0..<200 {
            input += (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            input += [0x0D, 0x0A] + log
        }
        var decoder = NMEAStreamDecoder()
        let events = decoder.push(input) + decoder.finish()
        let fixes = events.filter { if case .fix = $0 { true } else { false } }
        #expect(fixes.count >= 1)
        #expect(decoder.statistics.discardedBytes > 0)
        #expect(decoder.statistics.sentences >= 300)
    }

    @Test("field parsing treats signs and points without digits as empty")
    func numbers() throws {
        guard case .gga(let g, _) = try SentenceParser.parse("$GPGGA,120000,4807.038,N,01131.000,E,1,08,-,.,M,+,M,,*00") else {
            Issue.record("not GGA"); return
        }
        #expect(g.hdop == nil && g.altitude == nil && g.geoidSeparation == nil)
        #expect(throws: NMEAError.self) { try SentenceParser.parse("") }
    }
}
