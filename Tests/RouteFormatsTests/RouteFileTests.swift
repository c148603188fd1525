import RouteFormats
import RouteModel
import Testing

@Suite("RouteFile")
struct RouteFileTests {
    static let fixtures = [
        "osrm/two-legs.json", "osrm/milan-duomo-centrale.json", "mapbox/banners-voice.json", "valhalla/roundabout-osrm.json",
        "gpx/route.gpx", "gpx/track.gpx", "geojson/feature-collection.geojson", "jsonl/drive.jsonl",
    ]

    @Test("every fixture cut short anywhere is read or refused with a RouteFormatError, never a crash", arguments: fixtures)
    func truncated(name: String) throws {
        let data = try fixtureBytes(name)
        let cuts = stride(from: 0, to: data.count, by: max(1, data.count / 41)).map { $0 }
        for cut in cuts {
            let prefix = Array(data[..<cut])
            do { _ = try RouteFile.readRoutes(prefix) } catch { #expect(error is RouteFormatError) }
            do { _ = try RouteFile.readTrace(prefix) } catch { #expect(error is RouteFormatError) }
        }
    }

    @Test("bytes flipped inside a fixture are read or refused, never a crash", arguments: fixtures)
    func flipped(name: String) throws {
        let data = try fixtureBytes(name)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<30 {
            var copy = data
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                copy[Int(state >> 33) % copy.count] = UInt8(truncatingIfNeeded: state >> 17)
            }
            do { _ = try RouteFile.readRoutes(copy) } catch { #expect(error is RouteFormatError) }
        }
    }

    @Test("a hostile polyline with overlong values is refused before decoding")
    func hostilePolyline() {
        let hostile = String(repeating: "~~~~~~~~~~~?", count: 40)
        let json = #"{"routes":[{"geometry":"\#(hostile)","legs":[]}]}"#
        #expect(throws: RouteFormatError.invalidValue(source: "route JSON", path: "routes[0].geometry", problem: "is not a valid encoded polyline")) {
            try OSRMReader(polylinePrecision: 6).readRoute(bytes(json))
        }
    }

    @Test("absurd numbers are refused or kept finite, never a crash")
    func absurdNumbers() {
        #expect(throws: RouteFormatError.self) { try FixLog.read(bytes(#"{"time":1e300,"lat":45,"lon":9}"#)) }
        #expect(throws: RouteFormatError.self) {
            try GPXReader.read(bytes(#"<gpx><trk><trkseg><trkpt lat="45" lon="9"><sat>1e300</sat></trkpt></trkseg></trk></gpx>"#))
        }
        #expect(throws: RouteFormatError.self) { try OSRMReader().readRoute(bytes(#"{"legs":[{"steps":[{"maneuver":{"type":"roundabout","exit":1e300,"location":[9,45]}}]}]}"#)) }
    }
}
