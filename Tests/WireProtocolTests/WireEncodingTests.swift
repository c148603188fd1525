import Foundation
import Testing
import Timekeeping
import JSON
import WireProtocol

@Suite("Wire encoding")
struct WireEncodingTests {
    @Test("events carry class, seq and ISO 8601 ms time; absent fields are omitted, never null")
    func eventEnvelope() throws {
        let time = WireTime(Timestamp(secondsSince1970: 1_800_000_000.25))
        let event = Event(seq: 5, time: time, payload: .location(LocationMessage(source: "simulator", mode: 1)))
        let text = String(decoding: try WireCoding.encode(ServerMessage.event(event)), as: UTF8.self)
        #expect(text == #"{"class":"LOCATION","mode":1,"seq":5,"simulated":false,"source":"simulator","time":"2027-01-15T08:00:00.250Z"}"#)
        #expect(!text.contains("null"))
    }

    @Test("slashes are not escaped and keys are sorted, so equal messages are equal bytes")
    func deterministic() throws {
        let message = ServerMessage.event(Event(seq: 1, time: WireTime(Timestamp(secondsSince1970: 0)),
                                                payload: .device(DeviceMessage(source: "serial:/dev/ttyUSB0", state: .lost))))
        let a = try WireCoding.encode(message)
        let b = try WireCoding.encode(message)
        #expect(a == b)
        #expect(String(decoding: a, as: UTF8.self) == #"{"class":"DEVICE","seq":1,"source":"serial:/dev/ttyUSB0","state":"lost","time":"1970-01-01T00:00:00.000Z"}"#)
    }

    @Test("each event class maps to its channel")
    func channels() {
        #expect(EventPayload.banner(BannerMessage(stepIndex: 0, distanceAlongStep: 1, primary: .init(text: "x"))).channel == .instructions)
        #expect(EventPayload.voice(VoiceMessage(stepIndex: 0, distanceAlongStep: 1, announcement: "x")).channel == .instructions)
        #expect(EventPayload.reroute(RerouteMessage(reason: .offRoute, state: .started)).channel == .guidance)
        #expect(EventPayload.arrival(ArrivalMessage(legIndex: 0, waypointIndex: 1, final: true)).channel == .guidance)
        #expect(EventPayload.session(SessionMessage(mode: .freeDrive)).channel == .session)
        #expect(EventPayload.nmea(NMEAMessage(sentence: "$GPTXT")).channel == .nmea)
        #expect(Channel.concrete.count == 10)
    }

    @Test("a ChannelSet holds each concrete channel once, `all` standing for all of them, in protocol order")
    func channelSet() {
        var set: ChannelSet = [.device, .location, .device]
        #expect(Array(set) == [.location, .device])
        #expect(set.count == 2)
        #expect(set.contains(.device) && !set.contains(.sky) && !set.contains(.all))
        set.insert(.all)
        #expect(Array(set) == Channel.concrete)
        #expect(set == .every && set.contains(.all))
        set.remove(.nmea)
        #expect(set.count == 9 && !set.contains(.nmea) && !set.contains(.all))
        #expect(ChannelSet.every.subtracting([.nmea, .sky]).union([.sky]) == set)
        set.remove(.all)
        #expect(set.isEmpty && Array(set) == [])
    }

    @Test("an unknown class is a decoding error naming it")
    func unknownClass() {
        #expect(throws: (any Error).self) { try ServerMessage.decode(line: Array(#"{"class":"WEATHER","seq":1,"time":"1970-01-01T00:00:00Z"}"#.utf8)) }
    }

    @Test("JSONValue keeps integers as integers and reads scalars")
    func jsonValue() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a":7,"b":7.5,"c":"s","d":[true,null]}"#.utf8))
        #expect(value.objectValue == (["a": .integer(7), "b": .number(7.5), "c": .string("s"), "d": .array([.bool(true), .null])]))
        #expect(String(decoding: try WireCoding.encode(value), as: UTF8.self) == #"{"a":7,"b":7.5,"c":"s","d":[true,null]}"#)
    }
}
