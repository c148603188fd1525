import Geodesy
import Testing

@Suite("Geodesy")
struct GeodesyTests {
    @Test("haversine distance between two known points")
    func distance() {
        let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let milan = Coordinate(latitude: 45.4642, longitude: 9.19)
        #expect(abs(helsinki.distance(to: milan) - 1_930_000) < 10_000)
        // Given the latitudes' cosines, the same metres bit for bit.
        #expect(helsinki.distance(to: milan, cosines: (helsinki.latitudeCosine, milan.latitudeCosine)) == helsinki.distance(to: milan))
    }

    @Test("an unknown end (NaN) gives an unknown distance, not half the Earth, spherical and ellipsoidal")
    func unknownEnd() {
        let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let unknown = Coordinate(latitude: .nan, longitude: .nan)
        #expect(helsinki.distance(to: unknown).isNaN)
        #expect(unknown.distance(to: helsinki).isNaN)
        #expect(helsinki.ellipsoidalDistance(to: unknown).isNaN)
        // Antipodes are still half the Earth.
        #expect(abs(Coordinate(latitude: 0, longitude: 0).distance(to: Coordinate(latitude: 0, longitude: 180)) - .pi * earthRadius) < 1)
    }

    @Test("bearings wrap into [0, 360) as the remainder gives them, one turn off or more")
    func normalized() {
        for angle in [0, 359.5, 360, 365.25, 719.75, 720, 725, -0.5, -10, -359.75, -360, -725, 1e6, -1e6] {
            let r = angle.truncatingRemainder(dividingBy: 360)
            #expect(Bearing.normalized(angle) == (angle >= 0 && angle < 360 ? angle : r < 0 ? r + 360 : r))
        }
        #expect(Bearing.normalized(365.25) == 5.25 && Bearing.normalized(-10) == 350 && Bearing.normalized(725) == 5)
    }

    @Test("bearing north, east, south, west")
    func bearings() {
        let o = Coordinate(latitude: 0, longitude: 0)
        #expect(abs(o.bearing(to: Coordinate(latitude: 1, longitude: 0)) - 0) < 1e-9)
        #expect(abs(o.bearing(to: Coordinate(latitude: 0, longitude: 1)) - 90) < 1e-9)
        #expect(abs(o.bearing(to: Coordinate(latitude: -1, longitude: 0)) - 180) < 1e-9)
        #expect(abs(o.bearing(to: Coordinate(latitude: 0, longitude: -1)) - 270) < 1e-9)
        #expect(Bearing.turn(from: 350, to: 10) == 20)
        #expect(Bearing.turn(from: 10, to: 350) == -20)
    }

    @Test("destination then distance round-trips")
    func destination() {
        let a = Coordinate(latitude: 45.46, longitude: 9.19)
        let b = a.destination(distance: 1000, bearing: 45)
        #expect(abs(a.distance(to: b) - 1000) < 0.01)
        #expect(abs(a.bearing(to: b) - 45) < 0.01)
    }

    @Test("polyline6 encodes the OSRM reference example")
    func polyline() {
        // The example from Google's polyline documentation at precision 5.
        let coords = [Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
                      Coordinate(latitude: 43.252, longitude: -126.453)]
        #expect(PolylineCodec.encode(coords, precision: 5) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(PolylineCodec.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5) == coords)
        let six = PolylineCodec.encode(coords, precision: 6)
        #expect(PolylineCodec.decode(six, precision: 6) == coords)
        #expect(PolylineCodec.decode("_p~iF~ps|U_", precision: 5) == nil)
    }

    @Test("polyline projection, point at distance and slicing")
    func polylineOps() throws {
        let a = Coordinate(latitude: 60.0, longitude: 25.0)
        let b = a.destination(distance: 100, bearing: 90)
        let c = b.destination(distance: 100, bearing: 0)
        let line = Polyline([a, b, c])
        #expect(abs(line.length - 200) < 0.01)
        let p = try #require(line.project(a.destination(distance: 50, bearing: 90).destination(distance: 10, bearing: 180)))
        #expect(abs(p.distanceAlong - 50) < 0.1)
        #expect(abs(p.distanceFromLine - 10) < 0.1)
        #expect(p.segmentIndex == 0)
        let mid = try #require(line.coordinate(atDistance: 150))
        #expect(abs(mid.distance(to: b) - 50) < 0.1)
        #expect(abs(line.bearing(atDistance: 150)! - 0) < 0.1)
        let s = line.slice(from: 50, to: 150)
        #expect(abs(s.length - 100) < 0.1)
        #expect(s.coordinates.count == 3)
    }
}
