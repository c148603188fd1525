import Foundation
import Geodesy
import Positioning
import Testing

@Suite("Positioning: fixes, source ids and dilutions of precision")
struct PositioningTests {
    @Test("a fix has a position only in 2D or 3D with a coordinate")
    func hasPosition() {
        let here = Coordinate(latitude: 60.1699, longitude: 24.9384)
        #expect(Fix(mode: .threeD, coordinate: here).hasPosition)
        #expect(Fix(mode: .twoD, coordinate: here).hasPosition)
        #expect(!Fix(mode: .noFix, coordinate: here).hasPosition)
        #expect(!Fix(mode: .threeD).hasPosition)
        #expect(FixMode.noFix < FixMode.twoD && FixMode.twoD < FixMode.threeD)
    }

    @Test("source ids are spelled as the wire shows them")
    func sourceIDs() {
        #expect(SourceID.serial("/dev/ttyACM0").rawValue == "serial:/dev/ttyACM0")
        #expect(SourceID.gpsd(host: "127.0.0.1", port: 2947).description == "gpsd:127.0.0.1:2947")
        #expect(SourceID.replay("drive.nmea").rawValue == "replay:drive.nmea")
        #expect(SourceID.simulator.rawValue == "simulator")
    }

    @Test("DOPs of one satellite at the zenith and three on the horizon match the closed form; fewer than four used give none")
    func dilution() throws {
        // Rows of G: (0,0,1,1) and (sin a, cos a, 0, 1) for a = 0°, 120°, 240°. GᵀG has east and
        // north 1.5 on the diagonal and the up/clock block [[1,1],[1,4]], whose inverse is
        // [[4,-1],[-1,1]]/3: xdop = ydop = √(2/3), hdop = vdop = √(4/3), tdop = √(1/3).
        let sats = [(90.0, 0.0), (0.0001, 0.0), (0.0001, 120.0), (0.0001, 240.0)].enumerated().map { i, s in
            Satellite(prn: i + 1, gnss: .gps, svid: i + 1, elevation: s.0, azimuth: s.1, snr: 40, used: true)
        }
        let dop = try #require(DilutionOfPrecision(satellites: sats))
        #expect(abs(dop.east - (2.0 / 3).squareRoot()) < 1e-3)
        #expect(abs(dop.north - (2.0 / 3).squareRoot()) < 1e-3)
        #expect(abs(dop.horizontal - (4.0 / 3).squareRoot()) < 1e-3)
        #expect(abs(dop.vertical - (4.0 / 3).squareRoot()) < 1e-3)
        #expect(abs(dop.time - (1.0 / 3).squareRoot()) < 1e-3)
        #expect(DilutionOfPrecision(satellites: Array(sats.prefix(3))) == nil)
        var unused = sats
        unused[0].used = false
        #expect(DilutionOfPrecision(satellites: unused) == nil)
    }
}
