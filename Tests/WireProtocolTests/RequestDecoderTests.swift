import Testing
import JSON
import WireProtocol

@Suite("RequestDecoder")
struct RequestDecoderTests {
    func decode(_ text: String) -> Result<Request, ErrorMessage> { RequestDecoder.decode(line: Array(text.utf8)) }

    func error(_ text: String) -> ErrorMessage? {
        if case .failure(let error) = decode(text) { return error }
        return nil
    }

    @Test("subscribe with an id decodes and echoes the id")
    func subscribe() throws {
        let request = try decode(#"{"cmd":"subscribe","channels":["location","match","progress"],"id":1}"#).get()
        #expect(request.id == .integer(1))
        #expect(request.command == .subscribe([.location, .match, .progress]))
    }

    @Test("every command decodes with its fields")
    func allCommands() throws {
        #expect(try decode(#"{"cmd":"unsubscribe","channels":["all"]}"#).get().command == .unsubscribe([.all]))
        #expect(try decode(#"{"cmd":"status","id":"s1"}"#).get() == Request(id: .string("s1"), command: .status))
        let route = try decode(#"{"cmd":"route","waypoints":[[24.93,60.17],[24.95,60.2]],"profile":"bike","alternatives":true,"avoid":["ferry"],"units":"imperial","language":"fi","departure_time":"2026-11-29T18:00:00Z"}"#).get()
        guard case .route(let r) = route.command else { Issue.record("not a route: \(route)"); return }
        #expect(r.waypoints == [[24.93, 60.17], [24.95, 60.2]])
        #expect(r.profile == .bike && r.alternatives && r.avoid == [.ferry] && r.units == .imperial && r.language == "fi")
        #expect(r.departureTime?.description == "2026-11-29T18:00:00.000Z")
        #expect(try decode(#"{"cmd":"select_route","index":1}"#).get().command == .selectRoute(index: 1))
        #expect(try decode(#"{"cmd":"start","route_index":0,"simulate":"on_poor_gps","speed_multiplier":4}"#).get().command
            == .start(StartRequest(route: .index(0), simulate: .onPoorGPS, speedMultiplier: 4)))
        #expect(try decode(#"{"cmd":"start","route_file":"/tmp/r.json"}"#).get().command == .start(StartRequest(route: .file("/tmp/r.json"))))
        #expect(try decode(#"{"cmd":"stop"}"#).get().command == .stop)
        #expect(try decode(#"{"cmd":"camera","state":"overview"}"#).get().command == .camera(.overview))
        #expect(try decode(#"{"cmd":"simulate","mode":"always"}"#).get().command == .simulate(SimulateRequest(mode: .always)))
    }

    @Test("requests encode deterministically and decode back to the same request")
    func encodeRoundTrip() throws {
        let requests = [
            Request(id: .integer(4), command: .subscribe([.location, .sky])),
            Request(command: .route(RouteRequest(waypoints: [[24.9, 60.1]], avoid: [.toll, .motorway]))),
            Request(id: .string("x"), command: .start(StartRequest(route: .route(JSONValue(["distance": .number(12.5)]))))),
            Request(command: .simulate(SimulateRequest(speedMultiplier: 2.5))),
        ]
        for request in requests {
            let line = try WireCoding.line(request)
            #expect(line.last == 0x0A)
            #expect(try decode(String(decoding: line.dropLast(), as: UTF8.self)).get() == request)
        }
        #expect(String(decoding: try WireCoding.encode(requests[0]), as: UTF8.self) == #"{"channels":["location","sky"],"cmd":"subscribe","id":4}"#)
    }

    @Test("malformed JSON, non-objects and bad ids are bad_request with a precise message")
    func malformed() {
        #expect(error(#"{"cmd":"status""#)?.message.hasPrefix("malformed JSON: cannot parse 15 bytes") == true)
        #expect(error("[1,2]")?.message == "a request must be a JSON object, got an array")
        #expect(error("42")?.message == "a request must be a JSON object, got a number")
        #expect(error(#"{"id":[1],"cmd":"status"}"#)?.message == #"request: field "id" must be a string, number or boolean, got an array"#)
        let invalidUTF8 = RequestDecoder.decode(line: [0x7B, 0xFF, 0x7D])
        guard case .failure(let e) = invalidUTF8 else { Issue.record("accepted invalid UTF-8"); return }
        #expect(e.message == "malformed JSON: the line is not valid UTF-8")
        #expect(e.code == .badRequest)
    }

    @Test("missing or unknown cmd is bad_request naming it, with the id echoed")
    func unknownCommand() {
        let unknown = error(#"{"cmd":"teleport","id":9}"#)
        #expect(unknown?.code == .badRequest)
        #expect(unknown?.id == .integer(9))
        #expect(unknown?.message == #"unknown command "teleport" (known: subscribe, unsubscribe, status, route, select_route, start, stop, camera, simulate, driver_alerts)"#)
        #expect(error(#"{"id":"a"}"#)?.message == #"the request has no "cmd" field"#)
        #expect(error(#"{"cmd":5}"#)?.message == #""cmd" must be a string, got a number"#)
    }

    @Test("bad fields name the command, the field and the problem")
    func badFields() {
        #expect(error(#"{"cmd":"subscribe"}"#)?.message == #"subscribe: field "channels" is missing"#)
        #expect(error(#"{"cmd":"subscribe","channels":[]}"#)?.message == #"subscribe: field "channels" must name at least one channel"#)
        #expect(error(#"{"cmd":"subscribe","channels":"location"}"#)?.message == #"subscribe: field "channels" must be an array, got a string"#)
        #expect(error(#"{"cmd":"subscribe","channels":["location","weather"],"id":3}"#)?.message
            == #"subscribe: field "channels[1]" has unknown value "weather" (known: location, sky, nmea, match, progress, instructions, guidance, session, camera, device, all)"#)
        #expect(error(#"{"cmd":"status","cmd":"stop"}"#)?.message == #"request: field "cmd" is given twice"#)
        #expect(error(#"{"cmd":"stop","id":1,"id":2}"#)?.message == #"request: field "id" is given twice"#)
        #expect(error(#"{"cmd":"route","waypoints":[[24.9]]}"#)?.message == #"route: field "waypoints[0]" must be a [lon, lat] pair of numbers"#)
        let many = Array(repeating: "[24.9,60.1]", count: 26).joined(separator: ",")
        #expect(error(#"{"cmd":"route","waypoints":["# + many + "]}")?.message
            == #"route: field "waypoints" holds 26 points; at most 25 are planned"#)
        #expect(error(#"{"cmd":"route","waypoints":["# + Array(repeating: "[24.9,60.1]", count: 25).joined(separator: ",") + "]}") == nil)
        #expect(error(#"{"cmd":"route","waypoints":[[60.1,124.9]]}"#)?.message
            == #"route: field "waypoints[0]" is out of range: lon must be in -180…180 and lat in -90…90, got [60.1, 124.9]"#)
        #expect(error(#"{"cmd":"route","waypoints":[[24.9,60.1]],"profile":"plane"}"#)?.message
            == #"route: field "profile" has unknown value "plane" (known: car, bike, foot)"#)
        #expect(error(#"{"cmd":"select_route","index":1.5}"#)?.message == #"select_route: field "index" must be an integer"#)
        #expect(error(#"{"cmd":"select_route","index":-1}"#)?.message == #"select_route: field "index" must not be negative, got -1"#)
        #expect(error(#"{"cmd":"start","route_index":0,"route_file":"a.json"}"#)?.message
            == #"start: field "route_index" or "route" or "route_file": give exactly one, got 2"#)
        #expect(error(#"{"cmd":"start","route_index":0,"speed_multiplier":0}"#)?.message
            == #"start: field "speed_multiplier" must be a positive number, got 0.0"#)
        #expect(error(#"{"cmd":"camera","state":"transition_to_overview"}"#)?.message
            == #"camera: field "state" has unknown value "transition_to_overview" (known: following, overview, idle)"#)
        #expect(error(#"{"cmd":"start","route_index":0,"speed_multiplier":1e308}"#)?.message
            == #"start: field "speed_multiplier" must be between 0.001 and 100000 (times real time), got 1e+308"#)
        #expect(error(#"{"cmd":"simulate","speed_multiplier":1e-300}"#)?.message
            == #"simulate: field "speed_multiplier" must be between 0.001 and 100000 (times real time), got 1e-300"#)
        #expect(error(#"{"cmd":"simulate"}"#)?.message == #"simulate: field "mode" or "speed_multiplier" must be given"#)
    }

    @Test("the oversized-line error names the length and the limit")
    func tooLong() {
        let e = RequestDecoder.tooLong(length: 70_000)
        #expect(e.code == .badRequest)
        #expect(e.message == "line of 70000 bytes exceeds the 65536-byte limit")
    }
}
