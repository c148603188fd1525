import Geodesy
import RoadGraph
import Testing

@testable import OSMImport

@Suite("MaxSpeed and duration parsing")
struct MaxSpeedTests {
    @Test(
        "maxspeed values keep their unit",
        arguments: [
            ("50", SpeedLimit.kilometersPerHour(50)), ("50 mph", .milesPerHour(50)), ("50mph", .milesPerHour(50)),
            ("none", .unlimited), ("IT:urban", .kilometersPerHour(50)), ("IT:motorway", .kilometersPerHour(130)),
            ("FI:urban", .kilometersPerHour(50)), ("DE:motorway", .unlimited), ("GB:nsl_single", .milesPerHour(60)),
            ("DE:zone30", .kilometersPerHour(30)), ("80 km/h", .kilometersPerHour(80)), ("RU:urban", nil), ("signals", nil),
            ("", nil),
            // Issue 11: numbers no road has (one of 400 digits used to trap converting to Int).
            (String(repeating: "9", count: 400), nil), ("1001", nil), ("99999999999999999999 mph", nil), ("DE:zone99999999999999999999", nil),
        ])
    func parse(value: String, expected: SpeedLimit?) {
        #expect(MaxSpeed.parse(value) == expected)
    }

    @Test(
        "ferry durations in HH:MM, HH:MM:SS, minutes and ISO 8601",
        arguments: [("01:30", 5400.0), ("00:20:30", 1230.0), ("45", 2700.0), ("PT1H15M", 4500.0)])
    func durations(value: String, seconds: Double) {
        #expect(WayAttributes.parseDuration(value) == seconds)
    }

    @Test("speed limits pack into 16 bits and back")
    func packing() {
        for limit in [SpeedLimit.kilometersPerHour(50), .milesPerHour(70), .unlimited] {
            #expect(SpeedLimit.unpack(SpeedLimit.pack(limit)) == limit)
        }
        #expect(SpeedLimit.unpack(SpeedLimit.pack(nil)) == nil)
    }
}

@Suite("Node barriers for bikes and walkers, as OSRM's bicycle.lua and foot.lua process_node")
struct NodeBarrierTests {
    @Test("fences, walls and barrier=yes stop bikes and walkers; a banned node access value stops its profile; bollards stop cars only")
    func profiles() {
        #expect(NodeBarrier.profiles(["barrier": "fence"]) == [.car, .bike, .foot])
        #expect(NodeBarrier.profiles(["barrier": "fence", "sensory": "audible"]) == [.car])
        #expect(NodeBarrier.profiles(["barrier": "bollard"]) == [.car])
        #expect(NodeBarrier.profiles(["barrier": "gate", "access": "no"]) == [.car, .bike, .foot])
        #expect(NodeBarrier.profiles(["barrier": "gate", "access": "no", "foot": "yes"]) == [.car, .bike])
        #expect(NodeBarrier.profiles(["highway": "crossing", "bicycle": "no"]) == [])  // not on a crossing (bicycle.lua)
        #expect(NodeBarrier.profiles(["bicycle": "no"]) == [.bike])
        #expect(NodeBarrier.profiles(["barrier": "wall", "bicycle": "yes"]) == [.car, .foot])
        #expect(NodeBarrier.profiles(["barrier": "yes", "bollard": "rising"]).contains(.foot) == false)
    }
}
