import NMEA
import Positioning
import Testing

/// Speed and climb worked out from successive fixes, as gpsd 3.22's error model does, up to its
/// sanity limit of 9999.9 m/s (behaviour-derived-speed-limit has gpsd's own output for the same).
@Suite("Derived speed and climb")
struct DerivedSpeedTests {
    /// The fixes `lines` (GGA-only cycles after a ZDA's date, each reported) decode to, in order.
    static func fixes(_ lines: [String]) -> [Fix] {
        var decoder = NMEAStreamDecoder()
        let bytes = Array(lines.map { $0 + "\r\n" }.joined().utf8)
        return (decoder.push(bytes) + decoder.finish()).compactMap { if case .fix(let f) = $0 { f } else { nil } }
    }

    @Test("a fix 5.30′ of latitude from the last one a second later gives 9822.09 m/s, one 5.45′ on gives no speed")
    func speedLimit() {
        let fixes = Self.fixes([
            "$GPGGA,120000.00,4807.0380,N,01131.0000,E,1,08,0.9,100.0,M,46.9,M,,*66",
            "$GPRMC,120000.00,A,4807.0380,N,01131.0000,E,0.1,45.0,011226,,,A*69",
            "$GPGGA,120001.00,4812.3380,N,01131.0000,E,1,08,0.9,100.0,M,46.9,M,,*60",
            "$GPRMC,120001.00,A,4812.3380,N,01131.0000,E,,,011226,,,A*5F",
            "$GPGGA,120002.00,4817.7880,N,01131.0000,E,1,08,0.9,100.0,M,46.9,M,,*69",
            "$GPRMC,120002.00,A,4817.7880,N,01131.0000,E,,,011226,,,A*56",
        ])
        let speeds = fixes.filter { $0.time != nil }.map { $0.speed.map { ($0 * 100).rounded() / 100 } }
        #expect(speeds.suffix(2) == [9822.09, nil])
    }

    @Test("an altitude 10100 m above the last fix's a second later gives no climb, 8800 m gives 8800 m/s")
    func climbLimit() {
        let fixes = Self.fixes([
            "$GPGGA,120000.00,4807.0380,N,01131.0000,E,1,08,0.9,100.0,M,46.9,M,,*66",
            "$GPRMC,120000.00,A,4807.0380,N,01131.0000,E,0.1,45.0,011226,,,A*69",
            "$GPGGA,120001.00,4807.0380,N,01131.0000,E,1,08,0.9,10200.0,M,46.9,M,,*65",
            "$GPRMC,120001.00,A,4807.0380,N,01131.0000,E,0.1,45.0,011226,,,A*68",
            "$GPGGA,120002.00,4807.0380,N,01131.0000,E,1,08,0.9,19000.0,M,46.9,M,,*6D",
            "$GPRMC,120002.00,A,4807.0380,N,01131.0000,E,0.1,45.0,011226,,,A*6B",
        ])
        #expect(fixes.filter { $0.time != nil }.map { $0.climb.map { ($0 * 100).rounded() / 100 } }.suffix(2) == [nil, 8800])
    }
}
