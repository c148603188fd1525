import Foundation
import NMEA
import Positioning
import Testing
import TestSupport

/// The mode of an RMC, which has no altitude, as gpsd 3.22's `processRMC` sets it: 2D, or the 3D
/// of the last timed fix; no fix without a position; 3D either way when the last GSAs listed more
/// than 3 satellites used or the fix so far has an altitude.
@Suite("RMC mode")
struct RMCModeTests {
    /// The modes of the fixes `bytes` decode to, in order.
    static func modes(_ bytes: [UInt8]) -> [Int] {
        var decoder = NMEAStreamDecoder()
        return (decoder.push(bytes) + decoder.finish()).compactMap { if case .fix(let f) = $0 { f.mode.rawValue } else { nil } }
    }

    @Test("a stream starting with GSA reports every mode gpsd 3.22 reports (behaviour-gsa-first)")
    func gsaFirst() throws {
        let name = "gpsd/behaviour-gsa-first"
        let input = try Data(contentsOf: Fixtures.url("\(name).nmea", target: "NMEATests"))
        let expected = try String(contentsOf: Fixtures.url("\(name).expected.json", target: "NMEATests"), encoding: .utf8)
            .split(separator: "\n").compactMap { line -> Int? in
                guard line.contains("\"class\":\"TPV\""), let r = line.range(of: "\"mode\":") else { return nil }
                return line[r.upperBound...].first?.wholeNumberValue
            }
        // The first cycle's RMC comes after a GGA without altitude (2D) and is 3D by the GSA's 9 satellites.
        #expect(expected.prefix(3) == [3, 2, 3])
        #expect(Self.modes([UInt8](input)) == expected)
    }

    @Test("an RMC whose position was dropped as impossible stays no fix after a GSA of 9 satellites")
    func rejectedPosition() {
        let bodies = [
            "GPGSA,A,3,01,02,12,16,17,21,22,27,31,,,,1.08,0.58,0.91",
            "GPRMC,082000.00,A,9999.9999,N,00911.3532274,E,5.0,69.84,071226,,,A",
        ]
        #expect(Self.modes(Array(bodies.map(nmeaSentence).joined().utf8)) == [3, 1])
    }
}
