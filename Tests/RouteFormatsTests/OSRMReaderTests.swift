import Geodesy
import RouteFormats
import RouteModel
import Testing

@Suite("OSRMReader")
struct OSRMReaderTests {
    @Test("OSRM polyline5 response: legs, steps, maneuvers, intersections, annotations, waypoints")
    func osrmResponse() throws {
        let response = try OSRMReader().readResponse(try fixtureBytes("osrm/two-legs.json"))
        #expect(response.code == "Ok")
        #expect(response.routes.count == 1)
        let route = response.routes[0]
        #expect(route.distance == 536.6)
        #expect(route.duration == 72.6)
        #expect(route.weightName == "routability")
        #expect(route.geometry.count == 5)
        #expect(route.geometry[0] == Coordinate(latitude: 45.4642, longitude: 9.1899))
        #expect(route.geometry[4] == Coordinate(latitude: 45.4665, longitude: 9.1935))
        #expect(route.legs.count == 2)
        #expect(route.waypoints.map(\.name) == ["Via Mazzini", "Corso Vittorio Emanuele II", "Via Montenapoleone"])
        #expect(route.waypoints[0].distance == 3.2)
        let leg = route.legs[0]
        #expect(leg.summary == "Via Mazzini, Corso Vittorio Emanuele II")
        #expect(leg.steps.map(\.maneuver.type) == [.depart, .turn, .arrive])
        #expect(leg.steps[0].ref == "SS 33")
        let turn = leg.steps[1]
        #expect(turn.maneuver.modifier == .right)
        #expect(turn.maneuver.location == Coordinate(latitude: 45.465, longitude: 9.1899))
        #expect(turn.maneuver.bearingBefore == 0)
        #expect(turn.maneuver.bearingAfter == 90)
        #expect(turn.geometry == [Coordinate(latitude: 45.465, longitude: 9.1899), Coordinate(latitude: 45.465, longitude: 9.192)])
        #expect(turn.intersections[0].bearings == [0, 90, 180, 270])
        #expect(turn.intersections[0].entry == [true, true, false, true])
        #expect(turn.intersections[0].inIndex == 2)
        #expect(turn.intersections[0].outIndex == 1)
        #expect(turn.intersections[0].classes == ["restricted"])
        #expect(leg.annotation?.distance == [89, 163.8])
        #expect(leg.annotation?.maxSpeed == [SpeedLimit(value: 50, unit: "km/h"), nil])
        #expect(route.legs[1].steps[1].maneuver.type == .endOfRoad)
    }

    @Test("polyline precision is detected from the first maneuver, or forced")
    func polylinePrecision() throws {
        let osrm = try OSRMReader().readRoute(try fixtureBytes("osrm/two-legs.json"))
        let mapbox = try OSRMReader().readRoute(try fixtureBytes("mapbox/banners-voice.json"))
        #expect(osrm.geometry[0] == mapbox.geometry[0])
        #expect(osrm.legs[0].steps[1].geometry == mapbox.legs[0].steps[1].geometry)
        let forced = try OSRMReader(polylinePrecision: 6).readRoute(try fixtureBytes("osrm/two-legs.json"))
        #expect(abs(forced.geometry[0].latitude - 4.54642) < 1e-9)
    }

    @Test("Mapbox response: banners with components and lanes, voice with SSML, maxspeed none, route options")
    func mapbox() throws {
        let route = try OSRMReader().readRoute(try fixtureBytes("mapbox/banners-voice.json"))
        let depart = route.legs[0].steps[0]
        #expect(depart.voiceInstructions.count == 2)
        #expect(depart.voiceInstructions[1].distanceAlongGeometry == 30)
        #expect(depart.voiceInstructions[1].announcement == "Turn right onto Corso Vittorio Emanuele II.")
        #expect(depart.voiceInstructions[1].ssmlAnnouncement.hasPrefix("<speak><amazon:effect name=\"drc\"><prosody rate=\"1.08\">"))
        let banner = try #require(depart.bannerInstructions.first)
        #expect(banner.distanceAlongGeometry == 89)
        #expect(banner.primary.text == "Corso Vittorio Emanuele II")
        #expect(banner.primary.type == .turn)
        #expect(banner.primary.modifier == .right)
        #expect(banner.primary.components == [
            BannerComponent(text: "Corso Vittorio Emanuele II", abbreviation: "C.so V. Emanuele II", abbreviationPriority: 0)
        ])
        #expect(banner.secondary?.text == "San Babila")
        #expect(banner.sub?.components.map(\.isActive) == [false, true])
        #expect(banner.sub?.components[1].directions == ["straight", "right"])
        #expect(route.legs[0].steps[1].destinations == "San Babila")
        #expect(route.legs[0].steps[1].intersections[0].classes == ["toll"])
        #expect(route.legs[0].annotation?.maxSpeed == [SpeedLimit(value: 30), .unlimited])
        #expect(route.options.language == "en")
        #expect(route.options.units == .imperial)
        #expect(route.weightName == "auto")
    }

    @Test("Valhalla format=osrm: roundabout exit, rotary name, lanes and extra fields ignored, missing SSML")
    func valhalla() throws {
        let route = try OSRMReader().readRoute(try fixtureBytes("valhalla/roundabout-osrm.json"))
        let steps = route.legs[0].steps
        #expect(steps.map(\.maneuver.type) == [.depart, .roundabout, .arrive])
        #expect(steps[1].maneuver.exit == 2)
        #expect(steps[1].rotaryName == "Piazza San Babila")
        #expect(steps[0].voiceInstructions[0].ssmlAnnouncement == "")
        #expect(steps[0].bannerInstructions[0].primary.degrees == 90)
        #expect(steps[2].geometry == [Coordinate(latitude: 45.465, longitude: 9.192)])
        #expect(route.legs[0].annotation?.maxSpeed == [SpeedLimit(value: 50), SpeedLimit(value: 30, unit: "mph")])
        #expect(route.geometry.count == 3)
    }

    @Test("a bare route object without distances, durations or step geometry is completed")
    func completesMissingValues() throws {
        let json = """
            {"legs":[{"steps":[
              {"maneuver":{"type":"depart","location":[9.1899,45.4642]},"name":"Via Mazzini"},
              {"maneuver":{"type":"new name","location":[9.1899,45.465]},"name":"Via Verri"},
              {"maneuver":{"type":"arrive","location":[9.1899,45.4665]},"name":"Via Verri","mode":"walking"}]}]}
            """
        let route = try OSRMReader().readRoute(bytes(json))
        let steps = route.legs[0].steps
        #expect(abs(steps[0].distance - 88.96) < 0.1)
        #expect(abs(steps[0].duration - steps[0].distance / (50 / 3.6)) < 1e-9)
        #expect(steps[2].distance == 0)
        #expect(abs(route.distance - (steps[0].distance + steps[1].distance)) < 1e-9)
        #expect(route.geometry.count == 3)
        #expect(route.waypoints.count == 2)
        #expect(steps[1].maneuver.type == .newName)
    }

    @Test("an unknown maneuver type reads as turn, an unknown modifier as none")
    func unknownManeuverType() throws {
        let json = #"{"legs":[{"steps":[{"maneuver":{"type":"teleport","modifier":"sideways","location":[9.19,45.46]}},"#
            + #"{"maneuver":{"type":"arrive","location":[9.2,45.47]}}]}]}"#
        let step = try OSRMReader().readRoute(bytes(json)).legs[0].steps[0]
        #expect(step.maneuver.type == .turn)
        #expect(step.maneuver.modifier == nil)
    }

    @Test(
        "malformed input gets one exact message",
        arguments: [
            (#"{"code":"Ok","routes":[{"legs":[{"steps":[]},{"distance":3}]}]}"#, "route JSON: routes[0].legs[1].steps missing"),
            (#"{"code":"Ok"}"#, "route JSON: routes missing"),
            (#"{"code":"Ok","routes":[]}"#, "route JSON: no routes"),
            (#"{"code":"NoRoute","message":"Impossible route between points","routes":[]}"#,
             "route JSON: service answered NoRoute: Impossible route between points"),
            (#"{"routes":[{"distance":"far","legs":[]}]}"#, "route JSON: routes[0].distance is not a number"),
            (#"{"routes":[{"legs":[{"steps":[{"maneuver":{"location":[9,45]}}]}]}]}"#,
             "route JSON: routes[0].legs[0].steps[0].maneuver.type missing"),
            (#"{"routes":[{"legs":[{"steps":[{"maneuver":{"type":"depart","location":[9]}}]}]}]}"#,
             "route JSON: routes[0].legs[0].steps[0].maneuver.location is not a [lon, lat] position"),
            (#"{"routes":[{"legs":[{"steps":[{"maneuver":{"type":"depart","location":[9,95]}}]}]}]}"#,
             "route JSON: routes[0].legs[0].steps[0].maneuver.location is not a valid [lon, lat] position"),
            (#"{"routes":[{"geometry":"??`","legs":[]}]}"#, "route JSON: routes[0].geometry is not a valid encoded polyline"),
            (#"{"routes":[{"geometry":{"type":"Point","coordinates":[9,45]},"legs":[]}]}"#,
             "route JSON: routes[0].geometry is a GeoJSON Point, expected a LineString"),
            ("{\"routes\": [\n  {\"legs\" [] }]}", "route JSON line 2, column 11: expected ':' after a member name"),
            (#"{"routes":[1,2"#, "route JSON line 1, column 15: unexpected end of input, expected ',' or ']'"),
            ("[]", "route JSON: document is not an object"),
            (#"{"trip":{"legs":[]}}"#, "unrecognised route or trace format: Valhalla's native trip JSON; request it with format=osrm"),
        ])
    func malformed(input: String, message: String) {
        #expect(throws: RouteFormatError.self) { try OSRMReader().readRoute(bytes(input)) }
        do {
            _ = try OSRMReader().readRoute(bytes(input))
        } catch {
            #expect(String(describing: error) == message)
        }
    }
}
