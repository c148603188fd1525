import Geodesy
import RouteFormats
import RouteModel
import Testing

/// Responses of a real `osrm-routed` (v26.10.0, car profile) on traces/maps/milan.osm.pbf
/// (© OpenStreetMap contributors, ODbL), Duomo → Stazione Centrale, stored unmodified.
@Suite("OSRM real responses")
struct OSRMRealResponseTests {
    @Test("a real polyline5 response reads with every step, consistent sums and annotations")
    func duomoCentrale() throws {
        let route = try OSRMReader().readRoute(try fixtureBytes("osrm/milan-duomo-centrale.json"))
        #expect(route.distance == 2972.9)
        #expect(route.duration == 412)
        let steps = route.legs[0].steps
        #expect(steps.count == 17)
        #expect(steps.first?.maneuver.type == .depart)
        #expect(steps.last?.maneuver.type == .arrive)
        #expect(steps[1].name == "Via Carlo Cattaneo")
        #expect(steps[1].maneuver.modifier == .left)
        #expect(steps[1].maneuver.location == Coordinate(latitude: 45.465141, longitude: 9.189254))
        #expect(abs(steps.reduce(0) { $0 + $1.distance } - route.distance) < 1)
        // Each step starts where its maneuver is (maneuvers have 6 digits, polyline5 shapes 5).
        for s in steps {
            let start = try #require(s.geometry.first)
            #expect(abs(start.latitude - s.maneuver.location.latitude) <= 1e-5 && abs(start.longitude - s.maneuver.location.longitude) <= 1e-5)
        }
        #expect(steps.contains { $0.maneuver.type == .roundabout && $0.maneuver.exit != nil })
        let annotation = try #require(route.legs[0].annotation)
        #expect(annotation.distance.count == route.geometry.count - 1)
        #expect(annotation.speed.count == annotation.distance.count)
    }

    @Test("the same route requested as polyline6 decodes to the same shape within 1e-5°")
    func polyline5And6() throws {
        let p5 = try OSRMReader().readRoute(try fixtureBytes("osrm/milan-duomo-centrale.json"))
        let p6 = try OSRMReader().readRoute(try fixtureBytes("osrm/milan-polyline6.json"))
        #expect(p5.geometry.count == p6.geometry.count)
        for (a, b) in zip(p5.geometry, p6.geometry) {
            #expect(abs(a.latitude - b.latitude) <= 1e-5 && abs(a.longitude - b.longitude) <= 1e-5)
        }
    }

    @Test("a real GeoJSON response with a via point has two legs ending at the via waypoint")
    func viaGeoJSON() throws {
        let response = try OSRMReader().readResponse(try fixtureBytes("osrm/milan-via-geojson.json"))
        let route = response.routes[0]
        #expect(route.legs.map(\.steps.count) == [16, 24])
        #expect(response.waypoints.count == 3)
        #expect(route.legs[0].steps.last?.maneuver.location == response.waypoints[1].location)
        #expect(route.legs[1].steps.first?.maneuver.type == .depart)
    }

    @Test("real responses survive write → read unchanged in polyline6 and GeoJSON",
          arguments: ["osrm/milan-duomo-centrale.json", "osrm/milan-via-geojson.json", "osrm/milan-polyline6.json"])
    func roundTrip(name: String) throws {
        let original = try OSRMReader().readResponse(try fixtureBytes(name))
        for format in [GeometryFormat.polyline6, .geoJSON] {
            let again = try OSRMReader().readResponse(OSRMWriter(geometry: format).response(original.routes))
            if name.hasSuffix("duomo-centrale.json") {
                // polyline5 input: equal after one polyline6 pass (5 digits are exact in 6).
                #expect(again.routes[0].legs == original.routes[0].legs)
            }
            #expect(again == original)
        }
    }

    @Test("a response requested without steps becomes drivable: depart over the whole shape, then arrive")
    func noSteps() throws {
        let route = try OSRMReader().readRoute(try fixtureBytes("osrm/milan-no-steps.json"))
        let steps = route.legs[0].steps
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(steps[0].distance == 2972.9)
        #expect(steps[0].duration == 412)
        #expect(steps[0].geometry.count == route.geometry.count)
        #expect(steps[1].maneuver.location == route.geometry.last)
    }
}
