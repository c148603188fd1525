import Geodesy
import RouteFormats
import RouteModel
import Testing

@Suite("OSRMWriter")
struct OSRMWriterTests {
    @Test(
        "read → write → read gives an equal route, in every geometry format",
        arguments: ["osrm/two-legs.json", "mapbox/banners-voice.json", "valhalla/roundabout-osrm.json"], GeometryFormat.allCases)
    func roundTrip(fixture: String, format: GeometryFormat) throws {
        let original = try OSRMReader().readResponse(try fixtureBytes(fixture))
        let written = OSRMWriter(geometry: format).response(original.routes)
        let again = try OSRMReader(polylinePrecision: format.polylinePrecision).readResponse(written)
        if format == .polyline5 {
            // Five digits keep ~1 m: compare shapes loosely, the rest exactly.
            #expect(again.routes[0].legs[0].steps.map(\.maneuver) == original.routes[0].legs[0].steps.map(\.maneuver))
            #expect(again.routes[0].geometry.count == original.routes[0].geometry.count)
        } else {
            #expect(again == original)
        }
    }

    @Test("the written response has OSRM's shape: code, routes, waypoints; polyline6 by default")
    func shape() throws {
        let route = try OSRMReader().readRoute(try fixtureBytes("osrm/two-legs.json"))
        let text = String(decoding: OSRMWriter().response([route]), as: UTF8.self)
        #expect(text.hasPrefix(#"{"code":"Ok","routes":[{"distance":536.6,"duration":72.6,"weight":72.6,"weight_name":"routability","geometry":"og|uuAw_|oP_q@??gbCw|A??w|A","#))
        #expect(text.contains(#""maneuver":{"type":"turn","modifier":"right","location":[9.1899,45.465],"bearing_before":0,"bearing_after":90,"instruction":""}"#))
        #expect(text.contains(#""maxspeed":[{"speed":50,"unit":"km/h"},{"unknown":true}]"#))
        #expect(text.hasSuffix(#""waypoints":[{"name":"Via Mazzini","location":[9.1899,45.4642],"distance":3.2},{"name":"Corso Vittorio Emanuele II","location":[9.192,45.465],"distance":0.5},{"name":"Via Montenapoleone","location":[9.1935,45.4665],"distance":1.7}]}"#))
        #expect(!text.contains("null"))
    }

    @Test("GeoJSON geometry option writes LineString objects with [lon, lat] positions")
    func geoJSONGeometry() throws {
        let route = try OSRMReader().readRoute(try fixtureBytes("osrm/two-legs.json"))
        let text = String(decoding: OSRMWriter(geometry: .geoJSON).route(route), as: UTF8.self)
        #expect(text.contains(#""geometry":{"type":"LineString","coordinates":[[9.1899,45.4642],[9.1899,45.465],[9.192,45.465],[9.192,45.4665],[9.1935,45.4665]]}"#))
    }

    @Test("polyline5 output is what OSRM itself writes")
    func polyline5() throws {
        let route = try OSRMReader().readRoute(try fixtureBytes("osrm/two-legs.json"))
        let text = String(decoding: OSRMWriter(geometry: .polyline5).route(route), as: UTF8.self)
        #expect(text.contains(#""geometry":"gvntG{{aw@_D??cLkH??kH""#))
    }
}
