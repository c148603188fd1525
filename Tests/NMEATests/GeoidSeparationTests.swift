@testable import NMEA
import Testing

/// Waygate's geoid grid (EGM2008, tide-free, sampled on gpsd's 5° layout by scripts/geoid-table)
/// and its bilinear interpolation, at nodes, between nodes and on the edges of the grid. Where
/// gpsd 3.22 was probed (`gpsdecode -j`, behaviour-geoid-table) it prints the same values.
@Suite("Geoid separation grid")
struct GeoidSeparationTests {
    @Test("grid nodes give EGM2008's value there, rounded to the centimetre (gpsd's 17.23, 21.51, 21.26)")
    func nodes() {
        #expect(GeoidSeparation.metres(latitude: 0, longitude: 0) == 17.23)
        #expect(GeoidSeparation.metres(latitude: 10, longitude: 10) == 21.51)
        #expect(GeoidSeparation.metres(latitude: 5, longitude: 5) == 21.26)
        #expect(GeoidSeparation.metres(latitude: -90, longitude: -180) == -30.15)
        // The last row and column (90° N, 180° E) interpolate along the edge only.
        #expect(GeoidSeparation.metres(latitude: 90, longitude: 0) == 14.9)
    }

    @Test("between nodes the separation is the bilinear blend of the four around the position")
    func interpolated() throws {
        let cases: [(latitude: Double, longitude: Double, metres: Double)] = [
            (45.46, 9.19, 41.79377888),  // Milan (gpsd prints 41.794)
            (-33.925, 18.424, 30.53117368),  // Cape Town (30.531)
            (64.1, -21.9, 65.327416),  // Reykjavík (65.327)
            (12.5, 180, 10.735),  // on the 180° E edge
        ]
        for c in cases {
            let value = try #require(GeoidSeparation.metres(latitude: c.latitude, longitude: c.longitude))
            #expect(abs(value - c.metres) < 1e-9, "\(c.latitude), \(c.longitude): \(value)")
        }
    }

    @Test("no separation off the grid or for a position that is not a number")
    func offGrid() {
        #expect(GeoidSeparation.metres(latitude: 95, longitude: 0) == nil)
        #expect(GeoidSeparation.metres(latitude: -90.5, longitude: 0) == nil)
        #expect(GeoidSeparation.metres(latitude: 0, longitude: -180.5) == nil)
        #expect(GeoidSeparation.metres(latitude: 0, longitude: 185) == nil)
        #expect(GeoidSeparation.metres(latitude: .nan, longitude: 0) == nil)
    }
}
