import Geodesy
import JSON
import RouteFormats
import RouteModel
import Testing
import Timekeeping

@Suite("OSRMWriter sorted route objects")
struct OSRMSortedWriterTests {
    static let fixtures = [
        "osrm/two-legs.json", "osrm/milan-duomo-centrale.json", "osrm/milan-polyline6.json", "osrm/milan-via-geojson.json",
        "osrm/milan-no-steps.json", "mapbox/banners-voice.json", "valhalla/roundabout-osrm.json",
        "valhalla/milan-via-italian-osrm.json", "valhalla/milan-duomo-centrale-osrm.json",
    ]

    @Test("sorted, a route object is byte for byte the documented one with its members sorted, in every geometry format, with and without times",
          arguments: fixtures, GeometryFormat.allCases)
    func sameBytes(fixture: String, format: GeometryFormat) throws {
        let routes = try OSRMReader().readResponse(try fixtureBytes(fixture)).routes
        #expect(!routes.isEmpty)
        let departure = try #require(Timestamp(iso8601: "2026-11-29T07:59:59Z"))
        for writer in [OSRMWriter(geometry: format), OSRMWriter(geometry: format, departureTime: departure)] {
            for route in routes {
                var tree = JSONWriter(), streamed = JSONWriter()
                tree.sortedValue(try JSONParser.parse(writer.route(route), source: fixture))
                writer.writeRouteObject(route, order: .sorted, to: &streamed)
                #expect(String(decoding: streamed.bytes, as: UTF8.self) == String(decoding: tree.bytes, as: UTF8.self))
            }
        }
    }

    @Test("optional members of every kind (exits, rotary name, components' abbreviations, speed limits none and unknown) keep their sorted place")
    func optionalMembers() throws {
        var route = try OSRMReader().readRoute(try fixtureBytes("mapbox/banners-voice.json"))
        route.legs[0].steps[0].exits = "12"
        route.legs[0].steps[0].rotaryName = "Piazzale Loreto"
        route.legs[0].steps[0].maneuver.exit = 3
        route.legs[0].steps[0].intersections[0].classes = ["motorway", "toll"]
        route.legs[0].annotation = LegAnnotation(distance: [1.5, 2], duration: [0.25, 1], speed: [6, 2],
                                                 maxSpeed: [nil, SpeedLimit(value: 50, unit: "km/h"), .unlimited])
        if var banner = route.legs[0].steps[0].bannerInstructions.first {
            banner.primary.degrees = 270
            banner.primary.components = [BannerComponent(text: "A4", type: "icon", abbreviation: "A", abbreviationPriority: 1, directions: ["left"], isActive: true)]
            banner.sub = banner.primary
            route.legs[0].steps[0].bannerInstructions = [banner]
        }
        let writer = OSRMWriter()
        var tree = JSONWriter(), streamed = JSONWriter()
        tree.sortedValue(try JSONParser.parse(writer.route(route), source: "banners-voice"))
        writer.writeRouteObject(route, order: .sorted, to: &streamed)
        #expect(String(decoding: streamed.bytes, as: UTF8.self) == String(decoding: tree.bytes, as: UTF8.self))
        #expect(String(decoding: streamed.bytes, as: UTF8.self).contains(#""exits":"12""#))
    }
}
