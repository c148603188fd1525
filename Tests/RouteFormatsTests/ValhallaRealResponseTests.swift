import Geodesy
import RouteFormats
import RouteModel
import Testing

/// Responses of a real Valhalla 3.9.1 `valhalla_service` (`format=osrm`, banner and voice
/// instructions on, auto costing) on traces/maps/milan.osm.pbf (© OpenStreetMap contributors,
/// ODbL), stored unmodified. Built without admin data, so they say `driving_side: left` and
/// carry an empty admin object — quirks a reader must survive.
@Suite("Valhalla real responses")
struct ValhallaRealResponseTests {
    @Test("Duomo → Centrale: polyline6 detected, rotary with exit and name, banners and voice with SSML")
    func duomoCentrale() throws {
        let response = try OSRMReader().readResponse(try fixtureBytes("valhalla/milan-duomo-centrale-osrm.json"))
        let route = response.routes[0]
        #expect(route.distance == 2988.884)
        #expect(route.weightName == "auto")
        #expect(route.options.language == "en")
        #expect(route.geometry.first == Coordinate(latitude: 45.464931, longitude: 9.189254))
        let steps = route.legs[0].steps
        #expect(steps.count == 14)
        #expect(steps[0].maneuver.modifier == nil)
        #expect(steps[0].drivingSide == "left")
        let rotary = steps[11]
        #expect(rotary.maneuver.type == .rotary)
        #expect(rotary.maneuver.exit == 2)
        #expect(rotary.rotaryName == "Piazza Luigi di Savoia")
        #expect(steps[12].maneuver.type == .exitRotary)
        #expect(steps[0].voiceInstructions.count == 2)
        #expect(steps[0].voiceInstructions[0].announcement == "Drive north on Via Silvio Pellico. Then Turn left onto Via Carlo Cattaneo.")
        #expect(steps[0].voiceInstructions[0].ssmlAnnouncement.hasPrefix("<speak>Drive north"))
        #expect(steps[0].bannerInstructions[0].primary.text == "Via Carlo Cattaneo")
        #expect(steps[0].bannerInstructions[0].distanceAlongGeometry == 23)
        #expect(steps.last?.maneuver.instruction == "Your destination is on the right.")
        #expect(abs(steps.reduce(0) { $0 + $1.distance } - route.distance) < 0.01)
        #expect(response.waypoints.map(\.name) == ["Via Silvio Pellico", "Piazza Duca d'Aosta"])
    }

    @Test("an Italian two-leg response: the first leg ends at the via waypoint, Italian text kept")
    func viaItalian() throws {
        let response = try OSRMReader().readResponse(try fixtureBytes("valhalla/milan-via-italian-osrm.json"))
        let route = response.routes[0]
        #expect(route.options.language == "it")
        #expect(route.legs.map(\.steps.count) == [20, 18])
        #expect(route.legs[0].steps[0].maneuver.instruction == "Guida verso nord su Via Silvio Pellico.")
        #expect(route.legs[0].steps.last?.maneuver.location == response.waypoints[1].location)
        #expect(route.legs[0].steps.last?.maneuver.instruction == "La tua destinazione è sulla destra.")
    }

    @Test("real Valhalla responses survive write → read unchanged",
          arguments: ["valhalla/milan-duomo-centrale-osrm.json", "valhalla/milan-via-italian-osrm.json"])
    func roundTrip(name: String) throws {
        let original = try OSRMReader().readResponse(try fixtureBytes(name))
        #expect(try OSRMReader().readResponse(OSRMWriter().response(original.routes)) == original)
        #expect(try OSRMReader().readResponse(OSRMWriter(geometry: .geoJSON).response(original.routes)) == original)
    }
}
