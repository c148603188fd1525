import Foundation
import Geodesy
import JSON
import Simulation
import Testing
import Timekeeping
import WireProtocol

/// The hand-written writers must print exactly what the `Codable` forms print through
/// `JSONEncoder` (sorted keys, `/` unescaped): the wire's bytes did not change when encoding
/// left `JSONEncoder`. Every message class is checked on many seeded values.
@Suite("Wire writers: byte-identical to the Codable forms through JSONEncoder")
struct WireWriterTests {
    static let perClass = 400

    /// The reference bytes (Codable through JSONEncoder) and the writer's, as text.
    static func both(_ message: ServerMessage) throws -> (reference: String, written: String) {
        let reference = String(decoding: try WireCoding.encoder().encode(message), as: UTF8.self) + "\n"
        var json = JSONWriter()
        json.raw(Array("x".utf8))  // something already in the buffer: writers append
        json.reset()
        message.writeLine(to: &json)
        return (reference, String(decoding: json.bytes, as: UTF8.self))
    }

    static func expectSame(_ message: ServerMessage, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (reference, written) = try both(message)
        #expect(written == reference, sourceLocation: sourceLocation)
    }

    @Test("every message class, many generated values", arguments: WireMessageFixtureTests.classes)
    func generated(messageClass: String) throws {
        var g = WireValueGenerator(seed: UInt64(messageClass.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        var checked = 0
        for _ in 0..<Self.perClass {
            let message = g.message(messageClass)
            #expect(message.messageClass == messageClass)
            try Self.expectSame(message)
            checked += 1
        }
        #expect(checked == Self.perClass)
    }

    @Test("a reused buffer holds many lines back to back, each equal to its own encoding")
    func reusedBuffer() throws {
        var g = WireValueGenerator(seed: 99)
        var json = JSONWriter(capacity: 64)
        var expected = ""
        for round in 0..<3 {
            json.reset()
            expected = ""
            for messageClass in WireMessageFixtureTests.classes {
                let message = g.message(messageClass)
                message.writeLine(to: &json)
                expected += String(decoding: try WireCoding.encoder().encode(message), as: UTF8.self) + "\n"
            }
            #expect(String(decoding: json.bytes, as: UTF8.self) == expected, "round \(round)")
        }
        #expect(expected.split(separator: "\n").count == WireMessageFixtureTests.classes.count)
    }

    @Test("envelope members land at their sorted place: before, between and after payload keys")
    func envelopePlacement() throws {
        let time = WireTime(Timestamp(secondsSince1970: 1_800_000_000.0005))
        let arrival = ServerMessage.event(Event(seq: 3, time: time, payload: .arrival(ArrivalMessage(legIndex: 0, waypointIndex: 1, final: true))))
        #expect(String(decoding: arrival.line, as: UTF8.self)
            == #"{"class":"ARRIVAL","final":true,"leg_index":0,"seq":3,"time":"2027-01-15T08:00:00.001Z","waypoint_index":1}"# + "\n")
        let voice = ServerMessage.event(Event(seq: UInt64.max, time: time, payload: .voice(VoiceMessage(stepIndex: 2, distanceAlongStep: 0.5, announcement: "a/b"))))
        #expect(String(decoding: voice.line, as: UTF8.self)
            == #"{"announcement":"a/b","class":"VOICE","distance_along_step":0.5,"seq":18446744073709551615,"step_index":2,"time":"2027-01-15T08:00:00.001Z"}"# + "\n")
        let reply = ServerMessage.reply(ReplyMessage(id: .string("q"), fields: ["a": .integer(1), "j": .null, "p": .bool(false), "zz": .array([])]))
        #expect(String(decoding: reply.line, as: UTF8.self) == #"{"a":1,"class":"REPLY","id":"q","j":null,"ok":true,"p":false,"zz":[]}"# + "\n")
        try Self.expectSame(arrival)
        try Self.expectSame(voice)
        try Self.expectSame(reply)
    }

    @Test("a road without limit (OSM maxspeed=none) is written {\"none\":true} and reads back as unlimited")
    func unlimitedRoad() throws {
        let time = WireTime(Timestamp(secondsSince1970: 1_800_000_000))
        let match = MatchMessage(
            lat: 52.5, lon: 13.4, bearing: 90, confidence: 0.9, offroad: false,
            road: .init(wayID: 2, ref: "A 100", roadClass: "motorway", oneway: true, speedLimit: .unlimited),
            horizon: [.init(wayID: 2, roadClass: "motorway", length: 500, speedLimit: .unlimited),
                      .init(wayID: 3, roadClass: "motorway", length: 80, speedLimit: .kilometersPerHour(120))])
        let message = ServerMessage.event(Event(seq: 1, time: time, payload: .match(match)))
        #expect(String(decoding: message.line, as: UTF8.self) == #"{"bearing":90,"class":"MATCH","confidence":0.9,"horizon":["#
            + #"{"class":"motorway","length":500,"speed_limit":{"none":true},"way_id":2},"#
            + #"{"class":"motorway","length":80,"speed_limit":{"unit":"km/h","value":120},"way_id":3}],"lat":52.5,"lon":13.4,"offroad":false,"#
            + #""road":{"class":"motorway","oneway":true,"ref":"A 100","speed_limit":{"none":true},"way_id":2},"seq":1,"time":"2027-01-15T08:00:00.000Z"}"# + "\n")
        try Self.expectSame(message)
        guard case .event(let back) = try ServerMessage.decode(line: message.line), case .match(let read) = back.payload else {
            Issue.record("not read back as a MATCH")
            return
        }
        #expect(read.road?.speedLimit == .unlimited)
        #expect(read.horizon?.map(\.speedLimit) == [.unlimited, .kilometersPerHour(120)])
    }

    @Test("decode side: every generated line reads back as the message written")
    func readsBack() throws {
        var g = WireValueGenerator(seed: 2024)
        for messageClass in WireMessageFixtureTests.classes {
            for _ in 0..<50 {
                let message = g.message(messageClass)
                let back = try ServerMessage.decode(line: message.line)
                if ["REPLY", "ERROR"].contains(messageClass) {
                    // Free JSON: the decoder reads an integral `1.5e+16` as an integer, so compare values.
                    #expect(try ServerMessage.decode(line: back.line) == back)
                } else {
                    // Typed fields: re-encoding what was read gives the same bytes (doubles round-trip exactly).
                    // (The message itself differs below the millisecond the wire keeps of `time`.)
                    #expect(back.line == message.line)
                }
            }
        }
    }

    @Test("requests: the writer's line equals the Codable encoding")
    func requests() throws {
        let requests: [Request] = [
            Request(id: .integer(4), command: .subscribe([.location, .sky])),
            Request(id: .string("a/é\n"), command: .status),
            Request(command: .selectRoute(index: 2)),
            Request(id: .number(2.5), command: .unsubscribe([.all])),
            Request(id: .bool(true), command: .stop),
        ]
        for request in requests {
            let reference = String(decoding: try WireCoding.encoder().encode(request), as: UTF8.self) + "\n"
            #expect(String(decoding: request.line, as: UTF8.self) == reference)
        }
    }
}
