import Geodesy
import JSON
import Simulation
import Testing
import Timekeeping
import WireProtocol

/// A MATCH written through a `MatchRoadCache` must be byte for byte the plain encoding, whatever
/// the vehicle's previous MATCHes were.
@Suite("MATCH road cache: the same bytes as the plain encoding")
struct MatchRoadCacheTests {
    static let time = Timestamp(secondsSince1970: 1_796_000_000.25)
    static let road = MatchMessage.Road(wayID: 7, name: "Mannerheimintie", ref: "E12", roadClass: "primary", oneway: false,
                                        speedLimit: .kilometersPerHour(50))

    static func plain(_ payload: EventPayload, seq: UInt64) -> String {
        var json = JSONWriter()
        payload.write(seq: seq, time: time, to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    static func cached(_ payload: EventPayload, seq: UInt64, cache: inout MatchRoadCache) -> String {
        var json = JSONWriter()
        json.raw(Array("x".utf8))  // a reused buffer: the cache must copy only its own bytes
        json.reset()
        payload.write(seq: seq, time: time, to: &json, roads: &cache)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    static func match(_ horizon: [MatchMessage.HorizonRoad]?, road: MatchMessage.Road? = MatchRoadCacheTests.road) -> EventPayload {
        .match(MatchMessage(lat: 60.17, lon: 24.94, bearing: 91.5, confidence: 0.875, offroad: road == nil, road: road, horizon: horizon))
    }

    /// Road `i` of a drive's roads: some unnamed, some without a limit, names with escapes.
    static func poolRoad(_ i: Int) -> MatchMessage.HorizonRoad {
        let name: String? = i % 3 == 0 ? nil : "Katu \(i) \"é\""
        let limit: SpeedLimit? = i % 4 == 0 ? nil : .kilometersPerHour(30 + i % 5 * 10)
        let roadClass = i % 2 == 0 ? "residential" : "primary"
        return MatchMessage.HorizonRoad(wayID: Int64(1_000 + i), name: name, roadClass: roadClass, length: Double(20 + i * 7), speedLimit: limit)
    }

    @Test("a drive: every road's length changing each second, roads passed, new ones at the end, detours, the matched road changing")
    func shiftingHorizon() {
        var random = SeededGenerator(seed: 14)
        let pool = (0..<60).map(Self.poolRoad)
        var cache = MatchRoadCache()
        for second in 0..<240 {
            let first = second / 4
            let count = 1 + Int(random.next() % 16)
            var horizon = Array(pool[first..<min(pool.count, first + count)])
            if second % 9 == 4 { horizon.reverse() }  // a detour: the same roads in another order
            if second % 7 == 3 { horizon.insert(Self.poolRoad(100 + second), at: horizon.count / 2) }
            for k in horizon.indices { horizon[k].length = Double(random.next() % 4_000) / 8 }
            var road = Self.road
            road.wayID = Int64(second / 7)
            road.name = second % 3 == 0 ? nil : road.name
            let payload: EventPayload = switch second % 17 {
            case 5: Self.match(nil)
            case 11: Self.match([], road: nil)
            case 13: .session(SessionMessage(mode: .freeDrive, previous: .activeGuidance))
            default: Self.match(horizon, road: road)
            }
            let seq = UInt64(second + 1)
            #expect(Self.cached(payload, seq: seq, cache: &cache) == Self.plain(payload, seq: seq), "second \(second)")
        }
    }

    @Test("a road equal but for one member other than its length, or for the sign of zero, is written again")
    func nearlyEqualRoads() {
        let road = MatchMessage.HorizonRoad(wayID: 5, name: "A", roadClass: "primary", length: 0, speedLimit: .kilometersPerHour(50))
        var horizons = [[road, road], [road, road]]
        var roads = [Self.road, Self.road]
        for change in 0..<6 {
            var other = road
            var matched = Self.road
            switch change {
            case 0: other.speedLimit = SpeedLimit(value: -0.0); matched.speedLimit = SpeedLimit(value: -0.0)
            case 1: other.name = nil; matched.ref = nil
            case 2: other.roadClass = "secondary"; matched.oneway = true
            case 3: other.speedLimit = SpeedLimit(value: 50, unit: "mph"); matched.speedLimit = nil
            case 4: other.length = -0.0; matched.name = "Mannerheimintie 2"
            default: other.wayID = 6; matched.roadClass = "secondary"
            }
            horizons += [[other, road], [road, other]]
            roads += [matched, Self.road]
        }
        var cache = MatchRoadCache()
        for (i, (horizon, matched)) in zip(horizons, roads).enumerated() {
            let payload = Self.match(horizon, road: matched)
            #expect(Self.cached(payload, seq: UInt64(i), cache: &cache) == Self.plain(payload, seq: UInt64(i)), "variant \(i)")
        }
        let expected = #"{"bearing":91.5,"class":"MATCH","confidence":0.875,"horizon":[{"class":"primary","length":0,"name":"A","speed_limit":{"unit":"km/h","value":50},"way_id":5},{"class":"primary","length":12.5,"name":"A","speed_limit":{"unit":"km/h","value":50},"way_id":5}],"lat":60.17,"lon":24.94,"offroad":false,"road":{"class":"primary","name":"Mannerheimintie","oneway":false,"ref":"E12","speed_limit":{"unit":"km/h","value":50},"way_id":7},"seq":99,"time":"2026-11-30T00:53:20.250Z"}"#
        var longer = road
        longer.length = 12.5
        #expect(Self.cached(Self.match([road, longer]), seq: 99, cache: &cache) == expected)
        #expect(Self.cached(Self.match([road, longer]), seq: 99, cache: &cache) == expected)
    }
}
