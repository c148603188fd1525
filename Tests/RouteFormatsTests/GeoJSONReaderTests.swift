import Geodesy
import Positioning
import RouteFormats
import RouteModel
import Testing
import Timekeeping

@Suite("GeoJSONReader")
struct GeoJSONReaderTests {
    @Test("a bare LineString becomes a route with one leg and a depart/arrive pair")
    func lineString() throws {
        let json = #"{"type":"LineString","coordinates":[[9.1899,45.4642],[9.1899,45.465],[9.192,45.465]]}"#
        let route = try RouteFile.readRoute(bytes(json), profile: "foot")
        #expect(route.geometry.count == 3)
        #expect(abs(route.distance - 252.7) < 0.2)
        #expect(abs(route.duration - route.distance / (5 / 3.6)) < 1e-9)
        #expect(route.legs[0].steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(route.legs[0].steps[0].mode == "walking")
        #expect(route.options.profile == "foot")
    }

    @Test("a FeatureCollection: points skipped, the line named, duration from coordTimes, trace with altitudes")
    func featureCollection() throws {
        let data = try fixtureBytes("geojson/feature-collection.geojson")
        #expect(try RouteFileFormat.sniff(data) == .geoJSON)
        let route = try RouteFile.readRoute(data)
        #expect(route.legs[0].summary == "Duomo to San Babila")
        #expect(route.duration == 40)
        let fixes = try RouteFile.readTrace(data)
        #expect(fixes.count == 3)
        #expect(fixes[1].altitudeMSL == 123)
        #expect(fixes[2].time == Timestamp(year: 2026, month: 11, day: 29, hour: 8, second: 40))
    }

    @Test("routes written as GeoJSON read back with the same shape")
    func writeAndRead() throws {
        let route = try OSRMReader().readRoute(try fixtureBytes("osrm/two-legs.json"))
        let again = try GeoJSONReader.routes(GeoJSONWriter.featureCollection([route]))
        #expect(again.count == 1)
        #expect(again[0].geometry == route.geometry)
        #expect(abs(again[0].distance - route.distance) < 0.5)
    }

    @Test(
        "malformed GeoJSON gets one exact message",
        arguments: [
            (#"{"type":"Point","coordinates":[9,45]}"#, "GeoJSON: no LineString"),
            (#"{"type":"Feature","geometry":{"type":"LineString"}}"#, "GeoJSON: geometry.coordinates missing"),
            (#"{"type":"LineString","coordinates":[[9,45],[9,"x"]]}"#, "GeoJSON: coordinates[1][1] is not a number"),
            (#"{"type":"FeatureCollection","features":[{"type":"Blob"}]}"#, "GeoJSON: features[0] has unknown GeoJSON type \"Blob\""),
        ])
    func malformed(input: String, message: String) {
        do {
            _ = try GeoJSONReader.routes(bytes(input))
            Issue.record("no error for \(input)")
        } catch {
            #expect(String(describing: error) == message)
        }
    }
}
