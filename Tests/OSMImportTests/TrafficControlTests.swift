import Foundation
import Geodesy
import OSMImport
import RoadGraph
import TestSupport
import Testing

@Suite("Traffic controls: lights, stop and give-way signs and gates cost cars time in the direction they face")
struct TrafficControlTests {
    /// The car durations of the forward and backward edge of a single way a–…–z drawn on `map`.
    func durations(_ map: ASCIIMap, way: String, nodeTags: [Character: [String: String]]) throws -> (forward: Float, backward: Float) {
        let xml = map.osmXML(ways: [(way, ["highway": "residential"])], nodeTags: nodeTags)
        let graph = try OSMImporter().importGraph(from: Array(xml.utf8)).graph
        let forward = try #require(graph.edges.first { !$0.flags.contains(.reversedShape) })
        let backward = try #require(graph.edges.first { $0.flags.contains(.reversedShape) })
        return (forward.durations.car, backward.durations.car)
    }

    @Test("node tags are read into a kind, a delay and a direction")
    func parsing() throws {
        let signals = try #require(TrafficControl(highway: "traffic_signals", direction: "backward"))
        #expect(signals.kind == .signals && signals.delay == 2 && signals.direction == .backward)
        #expect(!signals.applies(forward: true) && signals.applies(forward: false))
        #expect(TrafficControl(highway: "stop", direction: nil)?.delay == 2)
        #expect(TrafficControl(highway: "give_way", direction: "forward")?.delay == 1)
        #expect(TrafficControl(highway: "give_way", direction: "45")?.direction == .both)
        #expect(TrafficControl(highway: "crossing", direction: nil) == nil)
    }

    @Test("traffic_signals:direction=forward delays only travel along the way")
    func directedSignals() throws {
        let (forward, backward) = try durations(
            ASCIIMap("a----b----c", gridSize: 10), way: "abc",
            nodeTags: ["b": ["highway": "traffic_signals", "traffic_signals:direction": "forward"]])
        let base = Float(100) / Float(25 / 3.6)
        #expect(abs(forward - (base + 2)) < 0.01)
        #expect(abs(backward - base) < 0.01)
    }

    @Test("a give-way sign costs 1 s, a stop sign 2 s, each in the direction tagged")
    func signs() throws {
        let (forward, backward) = try durations(
            ASCIIMap("a----b----c----d", gridSize: 10), way: "abcd",
            nodeTags: ["b": ["highway": "give_way"], "c": ["highway": "stop", "direction": "backward"]])
        let base = Float(150) / Float(25 / 3.6)
        #expect(abs(forward - (base + 1)) < 0.01)
        #expect(abs(backward - (base + 3)) < 0.01)
    }

    @Test("a gate costs 60 s either way, charged only to a car that drives through it (a route stopping before or at it does not wait)")
    func gate() throws {
        let map = ASCIIMap("a----b----c", gridSize: 10)
        let xml = map.osmXML(ways: [("abc", ["highway": "residential"])], nodeTags: ["b": ["barrier": "gate"]])
        let graph = try OSMImporter().importGraph(from: Array(xml.utf8)).graph
        // The gate is a graph node: the two edges arriving at it carry its wait, those leaving it none.
        #expect(graph.nodeCount == 3)
        let half = Float(50) / Float(25 / 3.6)
        let arriving = graph.edges.filter { map.coordinate(of: "b").distance(to: graph.nodes[$0.to.index]) < 0.5 }
        let leaving = graph.edges.filter { map.coordinate(of: "b").distance(to: graph.nodes[$0.from.index]) < 0.5 }
        #expect(arriving.count == 2 && arriving.allSatisfy { abs($0.durations.car - (half + 60)) < 0.01 && $0.carControlDelay == 60 })
        #expect(leaving.count == 2 && leaving.allSatisfy { abs($0.durations.car - half) < 0.01 && $0.carControlDelay == 0 })
        let ab = try #require(graph.edges.firstIndex { arriving.contains($0) && !$0.flags.contains(.reversedShape) })
        let bc = try #require(graph.edges.firstIndex { leaving.contains($0) && !$0.flags.contains(.reversedShape) })
        let (edgeAB, edgeBC) = (EdgeID(Int32(ab)), EdgeID(Int32(bc)))
        // Through the gate: 60 s; stopping at it or halfway to it: none; starting halfway to it and driving on: 60 s.
        let through = try #require(graph.path(edges: [edgeAB, edgeBC], startFraction: 0, endFraction: 1, profile: .car))
        #expect(abs(through.duration - Double(2 * half + 60)) < 0.01)
        let toGate = try #require(graph.path(edges: [edgeAB], startFraction: 0, endFraction: 1, profile: .car))
        #expect(abs(toGate.duration - Double(half)) < 0.01)
        let halfway = try #require(graph.path(edges: [edgeAB], startFraction: 0, endFraction: 0.5, profile: .car))
        #expect(abs(halfway.duration - Double(half / 2)) < 0.01)
        let fromHalfway = try #require(graph.path(edges: [edgeAB, edgeBC], startFraction: 0.5, endFraction: 1, profile: .car))
        #expect(abs(fromHalfway.duration - Double(half / 2 + 60 + half)) < 0.01)
    }

    @Test("an untagged stop sign 10 m after a junction faces the other way (OSRM's 20 m rule)")
    func stopSignNearJunction() throws {
        // b is 10 m from a and 90 m from c: leaving a, the sign is behind the junction for us.
        let (forward, backward) = try durations(ASCIIMap("ab--------c", gridSize: 10), way: "abc", nodeTags: ["b": ["highway": "stop"]])
        let base = Float(100) / Float(25 / 3.6)
        #expect(abs(forward - base) < 0.01)
        #expect(abs(backward - (base + 2)) < 0.01)
    }

    @Test("the import counts traffic lights and signs")
    func statistics() throws {
        let xml = ASCIIMap("a--b--c--d", gridSize: 10).osmXML(
            ways: [("abcd", ["highway": "residential"])],
            nodeTags: ["a": ["barrier": "lift_gate"], "b": ["highway": "traffic_signals"], "c": ["highway": "give_way"], "d": ["highway": "stop"]])
        let statistics = try OSMImporter().importGraph(from: Array(xml.utf8)).statistics
        #expect(statistics.trafficSignals == 1)
        #expect(statistics.stopSigns == 2)
        #expect(statistics.gates == 1)
    }
}
