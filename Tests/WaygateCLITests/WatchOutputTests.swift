import Foundation
import Geodesy
import JSON
import TestSupport
import Testing
import Timekeeping
import WireProtocol

/// `waygate watch`'s lines, one per message: the real binary reads a stand-in server that greets,
/// answers the subscribe and sends one event of each class watch shows (the wire's own messages,
/// written by their writers) with a DROPPED notice among them, and its output is compared line
/// for line, in metric and with `--imperial`.
@Suite("waygate watch: the line it prints for each message", .serialized)
struct WatchOutputTests {
    /// The instant every scripted event carries: 2026-11-29T17:55:42Z.
    static let time = WireTime(Timestamp(secondsSince1970: 1_795_974_942))

    /// The events, in the order they are sent.
    static let payloads: [EventPayload] = [
        .location(LocationMessage(source: "serial:/dev/ttyACM0", mode: 3, lat: 60.169861, lon: 24.938402, speed: 12.5, course: 84.1,
                                  horizontalAccuracy: 5, satellitesUsed: 9)),
        .sky(SkyMessage(satellites: [
            .init(prn: 5, gnss: "gps", used: true), .init(prn: 12, gnss: "gps", used: true), .init(prn: 67, gnss: "glonass", used: true),
            .init(prn: 30, gnss: "gps", used: false),
        ], hdop: 0.9)),
        .nmea(NMEAMessage(source: "serial:/dev/ttyACM0", sentence: "$GPGGA,175542.00,6010.19166,N,02456.30412,E,1,09,0.9,18.0,M,17.9,M,,*55")),
        .device(DeviceMessage(source: "serial:/dev/ttyACM0", state: .connected, driver: "nmea0183", baud: 9600)),
        .match(MatchMessage(
            lat: 60.169861, lon: 24.938402, bearing: 84.1, confidence: 0.93, offroad: false,
            road: .init(wayID: 4_256_810, name: "Mannerheimintie", ref: "51", roadClass: "primary", oneway: false, speedLimit: .kilometersPerHour(40)),
            horizon: [.init(wayID: 4_256_810, name: "Mannerheimintie", roadClass: "primary", length: 80),
                      .init(wayID: 4_256_811, name: "Kaivokatu", roadClass: "secondary", length: 212.5)])),
        .match(MatchMessage(
            lat: 60.170120, lon: 24.941010, bearing: 84.1, confidence: 0.88, offroad: false,
            road: .init(wayID: 4_256_811, name: "Kaivokatu", roadClass: "secondary", oneway: false, speedLimit: .kilometersPerHour(40)),
            horizon: [.init(wayID: 4_256_811, name: "Kaivokatu", roadClass: "secondary", length: 120),
                      .init(wayID: 23_345_671, name: "Kaisaniemenkatu", roadClass: "secondary", length: 148)],
            horizonPath: "route")),
        .match(MatchMessage(lat: 60.170400, lon: 24.943000, bearing: 12, confidence: 0.12, offroad: true)),
        .progress(ProgressMessage(
            routeID: "r1", legIndex: 0, stepIndex: 2, distanceTraveled: 600, distanceRemaining: 2_400, durationRemaining: 370,
            fractionTraveled: 0.2, leg: .init(distanceRemaining: 2_400, durationRemaining: 370),
            step: .init(distanceTraveled: 120, distanceRemaining: 180, durationRemaining: 25),
            snapped: .init(lat: 60.169861, lon: 24.938402, bearing: 84.1), roadName: "Mannerheimintie",
            upcoming: .init(type: "turn", modifier: "left", name: "Kaivokatu", distance: 180), offRoute: true)),
        .banner(BannerMessage(stepIndex: 3, distanceAlongStep: 300, primary: .init(text: "Turn left onto Kaivokatu", type: "turn", modifier: "left"))),
        .voice(VoiceMessage(stepIndex: 3, distanceAlongStep: 200, announcement: "In 200 meters, turn left onto Kaivokatu", language: "en")),
        .reroute(RerouteMessage(reason: .offRoute, state: .started)),
        .arrival(ArrivalMessage(legIndex: 0, waypointIndex: 1, name: "Kaisaniemi", final: true)),
        .session(SessionMessage(mode: .freeDrive, previous: .activeGuidance)),
        .camera(CameraMessage(state: .following, frame: .init(center: [24.938402, 60.169861], zoom: 16.5, bearing: 84.1, pitch: 45,
                                                              padding: .init(top: 0, left: 0, bottom: 120, right: 0)))),
    ]

    /// Where among the events the DROPPED notice goes: just before the PROGRESS, as the server
    /// sends it before the first event after a gap.
    static let droppedBefore = 7

    /// Runs `waygate watch all --count N` (with `options`) against a stand-in server sending
    /// HELLO, the REPLY to the subscribe and `payloads` as events (a DROPPED notice before the
    /// one at `droppedBefore`); what it printed.
    static func watch(_ options: [String], payloads: [EventPayload] = payloads, droppedBefore: Int? = droppedBefore) throws -> [String] {
        let dir = try TemporaryDirectory(prefix: "watchout")
        defer { dir.remove() }
        var events = try payloads.enumerated().map { i, payload in
            try WireCoding.line(ServerMessage.event(Event(seq: UInt64(i + 1), time: time, payload: payload)))
        }
        if let droppedBefore { events.insert(try WireCoding.line(ServerMessage.dropped(DroppedMessage(count: 3))), at: droppedBefore) }
        let hello = HelloMessage(version: "9.9.9", session: .init(mode: .freeDrive), channels: Channel.concrete)
        let server = try ScriptedServer(
            path: dir.file("s.sock"), greeting: [try WireCoding.line(ServerMessage.hello(hello))],
            script: [try WireCoding.line(ServerMessage.reply(ReplyMessage(id: .integer(1))))] + events)
        defer { server.close() }
        let watch = try WaygateRunner.run(["watch", "--wait", "30", "--socket", server.path, "--count", "\(payloads.count)"] + options + ["all"])
        try #require(watch.status == 0, "\(watch.stderr)")
        return watch.lines
    }

    /// What watch prints without `--imperial`: HELLO, then a line per event and the DROPPED notice.
    static let metricLines = [
        "connected to waygate 9.9.9 (protocol 1, free_drive)",
        "17:55:42 LOCATION 3D  60.169861,24.938402  45 km/h  course 84°  ±5 m  9 sats",
        "17:55:42 SKY 3/4 satellites used  hdop 0.9",
        "17:55:42 NMEA $GPGGA,175542.00,6010.19166,N,02456.30412,E,1,09,0.9,18.0,M,17.9,M,,*55",
        "17:55:42 DEVICE serial:/dev/ttyACM0 connected (nmea0183, 9600 baud)",
        "17:55:42 MATCH on Mannerheimintie (51)  primary  limit 40 km/h  confidence 0.93  then Kaivokatu",
        "17:55:42 MATCH on Kaivokatu  secondary  limit 40 km/h  confidence 0.88  then Kaisaniemenkatu (route)",
        "17:55:42 MATCH off road (confidence 0.12)",
        "(3 events dropped: reading too slowly)",
        "17:55:42 PROGRESS in 180 m turn left onto Kaivokatu  on Mannerheimintie  2.4 km / 6 min left  OFF ROUTE",
        "17:55:42 BANNER Turn left onto Kaivokatu",
        "17:55:42 VOICE \"In 200 meters, turn left onto Kaivokatu\"",
        "17:55:42 REROUTE off_route started",
        "17:55:42 ARRIVAL at destination Kaisaniemi",
        "17:55:42 SESSION free_drive (was active_guidance)",
        "17:55:42 CAMERA following  zoom 16.5  bearing 84°  pitch 45°",
    ]

    @Test("metric: a line per message (the REPLY none), with km/h, metres and kilometres, and the route ahead marked")
    func metric() throws {
        #expect(try Self.watch([]) == Self.metricLines)
    }

    @Test("--imperial: speeds in mph, distances in feet and miles; the posted limit stays as the sign shows it")
    func imperial() throws {
        var expected = Self.metricLines
        expected[1] = "17:55:42 LOCATION 3D  60.169861,24.938402  28 mph  course 84°  ±20 ft  9 sats"
        expected[9] = "17:55:42 PROGRESS in 590 ft turn left onto Kaivokatu  on Mannerheimintie  1.5 mi / 6 min left  OFF ROUTE"
        #expect(try Self.watch(["--imperial"]) == expected)
    }

    @Test("a road without limit reads 'limit none'; values no drive has (1e20 km/h, 10⁹ km and 10¹² s left) are printed as they came, not trapped on")
    func hugeValues() throws {
        let lines = try Self.watch([], payloads: [
            .match(MatchMessage(
                lat: 52.5, lon: 13.4, bearing: 90, confidence: 0.9, offroad: false,
                road: .init(wayID: 2, ref: "A 100", roadClass: "motorway", oneway: true, speedLimit: .unlimited))),
            .match(MatchMessage(
                lat: 60.169861, lon: 24.938402, bearing: 84.1, confidence: 0.5, offroad: false,
                road: .init(wayID: 1, name: "Mannerheimintie", roadClass: "primary", oneway: false, speedLimit: SpeedLimit(value: 1e20)))),
            .progress(ProgressMessage(
                routeID: "r1", legIndex: 0, stepIndex: 0, distanceTraveled: 0, distanceRemaining: 1e12, durationRemaining: 1e12,
                fractionTraveled: 0, leg: .init(distanceRemaining: 1e12, durationRemaining: 1e12),
                step: .init(distanceTraveled: 0, distanceRemaining: -1e12, durationRemaining: 1e12),
                snapped: .init(lat: 60.169861, lon: 24.938402, bearing: 84.1), roadName: nil,
                upcoming: .init(type: "turn", modifier: "left", name: "Kaivokatu", distance: -1e12), offRoute: false)),
        ], droppedBefore: nil)
        #expect(lines == [
            "connected to waygate 9.9.9 (protocol 1, free_drive)",
            "17:55:42 MATCH on A 100  motorway  limit none  confidence 0.90",
            "17:55:42 MATCH on Mannerheimintie  primary  limit 1e+20 km/h  confidence 0.50",
            "17:55:42 PROGRESS in -1000000000.0 km turn left onto Kaivokatu  1000000000.0 km / 1000000000000 s left",
        ])
    }
}
