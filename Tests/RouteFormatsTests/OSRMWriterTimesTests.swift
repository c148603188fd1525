import Geodesy
import RouteFormats
import RouteModel
import Testing
import Timekeeping

@Suite("OSRMWriter and GeoJSONWriter: departure and arrival times, banner degrees")
struct OSRMWriterTimesTests {
    @Test("a departure is echoed with the arrival (departure + duration, whole seconds, UTC) on every route; absent, neither is written")
    func times() throws {
        var route = try OSRMReader().readRoute(try fixtureBytes("osrm/two-legs.json"))
        route.duration = 754.6
        let departure = try #require(Timestamp(iso8601: "2026-11-29T07:59:59.6+01:00"))
        let text = String(decoding: OSRMWriter(departureTime: departure).response([route, route]), as: UTF8.self)
        let pair = #""departure_time":"2026-11-29T07:00:00Z","arrival_time":"2026-11-29T07:12:34Z""#
        #expect(text.split(separator: pair).count == 3)
        let plain = String(decoding: OSRMWriter().response([route]), as: UTF8.self)
        #expect(!plain.contains("departure_time") && !plain.contains("arrival_time") && !plain.contains("null"))
        // The reader takes the times as unknown members and keeps the route.
        #expect(try OSRMReader().readResponse(Array(text.utf8)).routes[0] == route)
        let geoJSON = String(decoding: GeoJSONWriter.featureCollection([route], departureTime: departure), as: UTF8.self)
        #expect(geoJSON.contains(pair))
        #expect(RouteTimes(departure: nil, duration: 10) == nil)
    }

    @Test("banner degrees are written as primary.degrees and read back")
    func degrees() throws {
        var route = try OSRMReader().readRoute(try fixtureBytes("osrm/two-legs.json"))
        let primary = BannerText(text: "North St", type: .roundabout, modifier: .right, degrees: 270, components: [BannerComponent(text: "North St")])
        route.legs[0].steps[0].bannerInstructions = [BannerInstruction(distanceAlongGeometry: 80, primary: primary)]
        let bytes = OSRMWriter().route(route)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""primary":{"text":"North St","type":"roundabout","modifier":"right","degrees":270,"#))
        let again = try OSRMReader().readRoute(bytes)
        #expect(again.legs[0].steps[0].bannerInstructions[0].primary.degrees == 270)
        #expect(again == route)
    }
}
