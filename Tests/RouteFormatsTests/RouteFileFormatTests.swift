import RouteFormats
import Testing

@Suite("RouteFileFormat")
struct RouteFileFormatTests {
    @Test(
        "formats are told apart by content",
        arguments: [
            ("osrm/two-legs.json", RouteFileFormat.directionsJSON), ("mapbox/banners-voice.json", .directionsJSON),
            ("valhalla/roundabout-osrm.json", .directionsJSON), ("gpx/route.gpx", .gpx), ("gpx/track.gpx", .gpx),
            ("geojson/feature-collection.geojson", .geoJSON), ("jsonl/drive.jsonl", .jsonLines),
        ])
    func fixtures(name: String, format: RouteFileFormat) throws {
        #expect(try RouteFileFormat.sniff(try fixtureBytes(name)) == format)
    }

    @Test("inline samples: NMEA, a single-line JSONL fix, a bare route object, BOM and leading space")
    func samples() throws {
        #expect(try RouteFileFormat.sniff(bytes("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n")) == .nmea)
        #expect(try RouteFileFormat.sniff(bytes(#"{"lat":45,"lon":9}"#)) == .jsonLines)
        #expect(try RouteFileFormat.sniff(bytes(#"{"legs":[]}"#)) == .directionsJSON)
        #expect(try RouteFileFormat.sniff([0xEF, 0xBB, 0xBF] + bytes("\n  <?xml version=\"1.0\"?><gpx/>")) == .gpx)
    }

    @Test(
        "unknown content is refused with what it looks like",
        arguments: [
            ("", "unrecognised route or trace format: the input is empty"),
            ("<?xml version=\"1.0\"?><osm version=\"0.6\"/>", "unrecognised route or trace format: an OpenStreetMap XML file, not a route"),
            ("PK\u{3}\u{4}zipdata", "unrecognised route or trace format: binary data that is neither JSON, XML nor NMEA"),
            // Issue 11 item 3: the content is described, never quoted.
            ("root:*:20228:0:99999:7:::\n", "unrecognised route or trace format: text that is neither JSON, XML nor NMEA"),
            (#"{"hello":"world"}"#, "unrecognised route or trace format: a JSON object that is neither Directions JSON, GeoJSON nor a fix"),
        ])
    func unknown(input: String, message: String) {
        do {
            _ = try RouteFileFormat.sniff(bytes(input))
            Issue.record("no error for \(input)")
        } catch {
            #expect(String(describing: error) == message)
        }
    }

    @Test("an NMEA log is not a route, and must go to the NMEA decoder as a trace")
    func nmeaIsNotARoute() {
        let nmea = bytes("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\n")
        #expect(throws: RouteFormatError.unrecognizedFormat(reason: "an NMEA log is a trace, not a route")) { try RouteFile.readRoutes(nmea) }
        #expect(throws: RouteFormatError.unrecognizedFormat(reason: "an NMEA log; read it with the NMEA decoder")) { try RouteFile.readTrace(nmea) }
    }
}
