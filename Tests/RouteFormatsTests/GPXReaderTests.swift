import Geodesy
import Positioning
import RouteFormats
import RouteModel
import Testing
import Timekeeping

@Suite("GPXReader")
struct GPXReaderTests {
    @Test("a GPX rte becomes a drivable route: one leg, depart then arrive, distance and default-speed duration")
    func routeFromRte() throws {
        let routes = try RouteFile.readRoutes(try fixtureBytes("gpx/route.gpx"))
        #expect(routes.count == 1)
        let route = routes[0]
        #expect(route.geometry.count == 5)
        #expect(abs(route.distance - 536.5) < 0.5)
        #expect(abs(route.duration - route.distance / (50 / 3.6)) < 1e-9)
        #expect(route.legs.count == 1)
        let steps = route.legs[0].steps
        #expect(steps.map(\.maneuver.type) == [.depart, .arrive])
        #expect(steps[0].name == "Duomo & Montenapoleone")
        #expect(steps[0].maneuver.bearingAfter == 0)
        #expect(steps[1].maneuver.bearingBefore == 90)
        #expect(steps[1].maneuver.location == Coordinate(latitude: 45.4665, longitude: 9.1935))
        #expect(route.waypoints.map(\.location) == [route.geometry[0], route.geometry[4]])
    }

    @Test("a GPX trk read as a trace keeps time, elevation, hdop, satellites and extension speed/course across segments")
    func trackAsTrace() throws {
        let fixes = try RouteFile.readTrace(try fixtureBytes("gpx/track.gpx"))
        #expect(fixes.count == 3)
        #expect(fixes[0].time == Timestamp(year: 2026, month: 11, day: 29, hour: 8))
        #expect(fixes[0].altitudeMSL == 122.5)
        #expect(fixes[0].mode == .threeD)
        #expect(fixes[0].hdop == 0.9)
        #expect(fixes[0].satellitesUsed == 9)
        #expect(fixes[1].time == Timestamp(year: 2026, month: 11, day: 29, hour: 8, second: 12.5))
        #expect(fixes[1].speed == 7.4)
        #expect(fixes[1].course == 0)
        #expect(fixes[2].mode == .twoD)
        #expect(fixes[2].coordinate == Coordinate(latitude: 45.465, longitude: 9.192))
    }

    @Test("a GPX trk read as a route takes its duration from the first and last times")
    func trackAsRoute() throws {
        let route = try RouteFile.readRoute(try fixtureBytes("gpx/track.gpx"))
        #expect(route.duration == 33)
        #expect(route.legs[0].steps[0].name == "Morning drive")
    }

    @Test("a trace written as GPX reads back to the same fixes")
    func writeTrack() throws {
        let fixes = try RouteFile.readTrace(try fixtureBytes("gpx/track.gpx")).map { fix -> Fix in
            var f = fix
            f.hdop = nil
            f.satellitesUsed = nil
            return f
        }
        #expect(try GPXReader.read(GPXWriter.track(fixes, name: "x")).trace() == fixes)
    }

    @Test("a route written as GPX rte reads back to the same shape")
    func writeRoute() throws {
        let route = try OSRMReader().readRoute(try fixtureBytes("osrm/two-legs.json"))
        let again = try RouteFile.readRoute(GPXWriter.route(route))
        #expect(again.geometry == route.geometry)
        #expect(again.legs[0].summary == "Via Mazzini, Corso Vittorio Emanuele II")
    }

    @Test(
        "malformed GPX gets one exact message naming the line",
        arguments: [
            ("<gpx><trk><trkseg><trkpt lat=\"45\" lon=\"x\"/></trkseg></trk></gpx>", "GPX line 1: trkpt lon \"x\" is not a longitude"),
            ("<gpx>\n<rte>\n<rtept lat=\"95\" lon=\"9\"/></rte></gpx>", "GPX line 3: rtept lat \"95\" is not a latitude"),
            ("<gpx><trk><trkseg>\n<trkpt lat=\"45\" lon=\"9\"><time>yesterday</time></trkpt></trkseg></trk></gpx>",
             "GPX line 2: time \"yesterday\" is not an ISO 8601 time"),
            ("<gpx><trk><trkseg><trkpt lat=\"45\" lon=\"9\"><ele>high</ele></trkpt></trkseg></trk></gpx>",
             "GPX line 1: ele \"high\" is not a number"),
            ("<gpx>\n<trk>\n</rte></gpx>", "GPX line 3: </rte> closes <trk>"),
            ("<gpx>\n<trk>\n<!-- never closed\n", "GPX line 3: unterminated comment"),
            ("<gpx><trk>", "GPX line 1: unexpected end of document inside <trk>"),
            ("<kml></kml>", "GPX line 1: root element is <kml>, not <gpx>"),
            ("<gpx><rte><name>A &bogus; B</name></rte></gpx>", "GPX line 1: unknown entity &bogus;"),
        ])
    func malformed(input: String, message: String) {
        do {
            _ = try GPXReader.read(bytes(input))
            Issue.record("no error for \(input)")
        } catch {
            #expect(String(describing: error) == message)
        }
    }

    @Test("the trkpt without lat on line 12 of a fixture is named")
    func missingLatitudeFixture() throws {
        let input = try fixtureBytes("gpx/trkpt-without-lat.gpx")
        #expect(throws: RouteFormatError.invalidValue(source: "GPX line 12", path: "trkpt", problem: "without lat")) {
            try RouteFile.readTrace(input)
        }
        #expect(String(describing: RouteFormatError.invalidValue(source: "GPX line 12", path: "trkpt", problem: "without lat"))
            == "GPX line 12: trkpt without lat")
    }

    @Test("a GPX file with only one point has no drivable route")
    func tooShort() {
        #expect(throws: RouteFormatError.empty(source: "GPX", what: "rte or trk with two points")) {
            try RouteFile.readRoutes(bytes("<gpx><rte><rtept lat=\"45\" lon=\"9\"/></rte></gpx>"))
        }
    }
}
