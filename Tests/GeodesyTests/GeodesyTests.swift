import Geodesy
import Testing

@Suite("Geodesy")
struct GeodesyTests {
    @Test("haversine distance between two known points")
    func distance() {
        let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let milan = Coordinate(latitude: 45.4642, longitude: 9.19)
        #expect(abs(helsinki.distance(to: milan) - 1_930_000) < 10_000)
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
