@testable import NMEA
import Testing

/// Waygate's magnetic variation grid (WMM2015 at 2020.0 on gpsd's 5° layout, scripts/magvar-table)
/// and its interpolation. Where gpsd 3.22 was probed (gpsfake, behaviour-magnetic-variation and
/// behaviour-vtg-magnetic) it derives the same values: magtrack − track, or magtrack − magvar.
@Suite("Magnetic variation grid")
struct MagneticVariationTests {
    @Test("grid nodes give WMM2015's declination at 2020.0, in hundredths of a degree")
    func nodes() {
        #expect(MagneticVariation.degrees(latitude: 0, longitude: 0) == -4.84)
        #expect(MagneticVariation.degrees(latitude: 45, longitude: 10) == 2.89)
        #expect(MagneticVariation.degrees(latitude: -90, longitude: -180) == 149.2)
        // The last row (90° N) interpolates along the edge only.
        #expect(MagneticVariation.degrees(latitude: 90, longitude: 0) == 1.75)
    }

    @Test("between nodes the variation is the bilinear blend gpsd derives its tracks from")
    func interpolated() throws {
        let cases: [(latitude: Double, longitude: Double, degrees: Double)] = [
            (52.493333333, 5.296666667, 1.57873056),  // IJsselmeer: gpsd's track 76.7213 from magtrack 78.3
            (-33.833333333, 151.166666667, 12.59568889),  // Sydney: magtrack 212.5957 from track 200
            (64.166666667, -21.833333333, -13.19388889),  // Reykjavík: magtrack 356.8061 from track 10
            (45.46, 9.19, 2.70792304),  // Milan: gpsd prints magvar 2.7
        ]
        for c in cases {
            let value = try #require(MagneticVariation.degrees(latitude: c.latitude, longitude: c.longitude))
            #expect(abs(value - c.degrees) < 1e-8, "\(c.latitude), \(c.longitude): \(value)")
        }
    }

    @Test("no variation off the grid or for a position that is not a number")
    func offGrid() {
        #expect(MagneticVariation.degrees(latitude: 95, longitude: 0) == nil)
        #expect(MagneticVariation.degrees(latitude: 0, longitude: 185) == nil)
        #expect(MagneticVariation.degrees(latitude: .nan, longitude: 0) == nil)
    }
}
