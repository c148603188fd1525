import RouteFormats
import RouteModel
import Testing

/// Issue 11 item 1: route files whose `routes`, `legs` or geometry are empty are refused with
/// one clear error by every reader, never indexed.
@Suite("Empty routes, legs and geometry")
struct EmptyRouteTests {
    private func read(_ text: String) -> RouteFormatError? {
        do {
            _ = try RouteFile.readRoute(Array(text.utf8))
            return nil
        } catch let error as RouteFormatError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test("an Ok response with no routes is refused by readRoute, readRoutes and OSRMReader")
    func noRoutes() {
        let text = #"{"code":"Ok","routes":[]}"#
        #expect(read(text)?.description == "route JSON: no routes")
        #expect(throws: RouteFormatError.empty(source: "route JSON", what: "routes")) { try RouteFile.readRoutes(Array(text.utf8)) }
        #expect(throws: RouteFormatError.empty(source: "route JSON", what: "routes")) { try OSRMReader().readResponse(Array(text.utf8)) }
        #expect(throws: RouteFormatError.empty(source: "route JSON", what: "routes")) { try OSRMReader().readRoute(Array(text.utf8)) }
    }

    @Test("a route without legs, or legs without steps and no shape, is refused naming the path")
    func noLegsOrGeometry() {
        #expect(read(#"{"code":"Ok","routes":[{"legs":[]}]}"#)?.description == "route JSON: routes[0].legs is empty")
        #expect(read(#"{"legs":[]}"#)?.description == "route JSON: legs is empty")
        #expect(read(#"{"routes":[{"legs":[{"steps":[]}]}]}"#)?.description
            == "route JSON: routes[0].geometry has fewer than two positions")
        #expect(read(#"{"routes":[{"geometry":{"type":"LineString","coordinates":[[9.19,45.46]]},"legs":[{"steps":[]}]}]}"#)?.description
            == "route JSON: routes[0].geometry has fewer than two positions")
        // The second route is the bad one: its index is named.
        let good = #"{"geometry":{"type":"LineString","coordinates":[[9.19,45.46],[9.2,45.47]]},"legs":[{"steps":[]}]}"#
        #expect(read(#"{"routes":[\#(good),{"legs":[]}]}"#)?.description == "route JSON: routes[1].legs is empty")
        #expect(read(#"{"routes":[\#(good)]}"#) == nil)
    }

    @Test("GPX, GeoJSON and JSON lines without two positions are refused")
    func otherFormats() {
        #expect(read(#"<gpx version="1.1"><rte><rtept lat="45.46" lon="9.19"/></rte></gpx>"#)?.description
            == "GPX: no rte or trk with two points")
        #expect(read(#"<gpx version="1.1"></gpx>"#)?.description == "GPX: no rte or trk with two points")
        #expect(read(#"{"type":"LineString","coordinates":[]}"#)?.description == "GeoJSON: no LineString with two positions")
        #expect(read(#"{"type":"FeatureCollection","features":[]}"#)?.description == "GeoJSON: no LineString")
        #expect(read("{\"time\":\"2026-01-01T00:00:00Z\",\"lat\":45.46,\"lon\":9.19}\n")?.description
            == "JSONL: no two fixes with positions")
    }
}
