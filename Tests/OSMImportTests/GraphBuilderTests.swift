import Foundation
import Geodesy
import OSMImport
import RoadGraph
import TestSupport
import Testing

@Suite("Graph building from ASCII-map OSM XML")
struct GraphBuilderTests {
    func build(_ map: ASCIIMap, _ ways: [ASCIIMap.Way], _ relations: [ASCIIMap.Relation] = []) throws -> OSMImporter.Result {
        try OSMImporter().importGraph(from: Array(map.osmXML(ways: ways, relations: relations).utf8))
    }

    @Test("only intersections and way ends become nodes; shape points stay in the edge geometry")
    func nodeCompression() throws {
        let map = ASCIIMap(
            """
            a-b-c-d-e
                |
                f
            """, gridSize: 20)
        let result = try build(map, [("abcde", ["highway": "residential", "name": "Main"]), ("cf", ["highway": "service"])])
        #expect(result.graph.nodeCount == 4)  // a, c, e, f
        #expect(result.graph.edgeCount == 6)  // a-c, c-e, c-f, both ways
        #expect(result.graph.shapeCount == 3)
        // Letters two cells apart are 40 m apart: a–c is 80 m through the shape point b.
        let ac = try #require(result.graph.edges.firstIndex { $0.length > 79 && $0.length < 81 && $0.name >= 0 })
        #expect(result.graph.geometry(of: EdgeID(Int32(ac))).count == 3)
        #expect(result.graph.name(of: EdgeID(Int32(ac))) == "Main")
    }

    @Test("edges carry class, ref, destination, speed limit and toll/tunnel/bridge/roundabout flags")
    func attributes() throws {
        let map = ASCIIMap("a---b---c---d", gridSize: 50)
        let result = try build(
            map,
            [
                (
                    "ab",
                    [
                        "highway": "motorway", "ref": "E18", "toll": "yes", "destination": "Turku;Espoo", "destination:ref": "E18",
                        "maxspeed": "100",
                    ]
                ),
                ("bc", ["highway": "primary", "tunnel": "yes", "maxspeed": "30 mph"]),
                ("cd", ["highway": "tertiary", "bridge": "yes", "junction": "roundabout"]),
            ])
        let g = result.graph
        let ab = try #require(g.edges.firstIndex { $0.roadClass == .motorway })
        let edge = g.edges[ab]
        #expect(g.ref(of: EdgeID(Int32(ab))) == "E18")
        #expect(g.string(edge.destination) == "E18: Turku, Espoo")
        #expect(edge.speedLimit == .kilometersPerHour(100))
        #expect(edge.flags.contains([.toll, .oneway]))
        #expect(edge.defaultSpeed == 90)
        #expect(g.edges.filter { $0.roadClass == .motorway }.count == 1)
        let bc = try #require(g.edges.first { $0.roadClass == .primary })
        #expect(bc.flags.contains(.tunnel))
        #expect(bc.speedLimit == .milesPerHour(30))
        let cd = try #require(g.edges.first { $0.roadClass == .tertiary })
        #expect(cd.flags.contains([.bridge, .roundabout, .oneway]))
        #expect(g.edges.filter { $0.roadClass == .tertiary }.count == 2)  // walkers may go both ways
        let back = try #require(g.edges.first { $0.roadClass == .tertiary && $0.flags.contains(.reversedShape) })
        #expect(back.durations.car == .infinity)
        #expect(back.durations.foot.isFinite)
    }

    @Test("travel times follow speed: 100 m of residential street take 14.4 s by car, 72 s on foot")
    func durations() throws {
        let map = ASCIIMap("a---------b", gridSize: 10)
        let g = try build(map, [("ab", ["highway": "residential"])]).graph
        let e = g.edges[0]
        #expect(abs(Double(e.length) - 100) < 0.5)
        #expect(abs(Double(e.durations.car) - Double(e.length) / (25 / 3.6)) < 0.01)
        #expect(abs(Double(e.durations.foot) - Double(e.length) / (5 / 3.6)) < 0.01)
    }

    @Test("each traffic light passed adds 2 s for cars and walkers, in the direction that passes or reaches it; bikes 19.14 s between junctions (OSRM)")
    func trafficSignals() throws {
        let map = ASCIIMap("a----b----c", gridSize: 10)
        let xml = map.osmXML(ways: [("abc", ["highway": "residential"])], nodeTags: ["b": ["highway": "traffic_signals"], "c": ["highway": "traffic_signals"]])
        let result = try OSMImporter().importGraph(from: Array(xml.utf8))
        #expect(result.statistics.trafficSignals == 2)
        let base = Float(100) / Float(25 / 3.6)
        let forward = try #require(result.graph.edges.first { !$0.flags.contains(.reversedShape) })
        let backward = try #require(result.graph.edges.first { $0.flags.contains(.reversedShape) })
        #expect(abs(forward.durations.car - (base + 4)) < 0.01)  // passes b, arrives at c
        #expect(abs(backward.durations.car - (base + 2)) < 0.01)  // leaves c, passes b
        let walking = Float(100) / Float(5 / 3.6), riding = Float(100) / Float(15 / 3.6)
        #expect(abs(forward.durations.foot - (walking + 4)) < 0.01)
        #expect(abs(backward.durations.foot - (walking + 2)) < 0.01)
        // A bike passing a light between junctions pays bicycle.lua's cost of OSRM's artificial 180° turn there too.
        #expect(abs(forward.durations.bike - (riding + 2 + 17.142857 + 2)) < 0.01)
        #expect(abs(backward.durations.bike - (riding + 2 + 17.142857)) < 0.01)
    }

    @Test("bikes wait only at lights facing them by traffic_signals:direction (a plain direction tag is the car's), yet pay the turn")
    func bikeSignalDirection() throws {
        let map = ASCIIMap("a----b----c----d", gridSize: 10)
        let xml = map.osmXML(
            ways: [("abcd", ["highway": "residential"])],
            nodeTags: ["b": ["highway": "traffic_signals", "traffic_signals:direction": "forward"], "c": ["highway": "traffic_signals", "direction": "forward"]])
        let graph = try OSMImporter().importGraph(from: Array(xml.utf8)).graph
        let riding = Float(150) / Float(15 / 3.6)
        let forward = try #require(graph.edges.first { !$0.flags.contains(.reversedShape) })
        let backward = try #require(graph.edges.first { $0.flags.contains(.reversedShape) })
        #expect(abs(forward.durations.bike - (riding + 2 * (2 + 17.142857))) < 0.01)
        #expect(abs(backward.durations.bike - (riding + 2 + 2 * 17.142857)) < 0.01)
        #expect(abs(backward.durations.car - Float(150) / Float(25 / 3.6)) < 0.01)
    }

    @Test("a light where two ways of one street meet end to end costs a bike the compressed turn too; where the road changes or branches, not (OSRM)")
    func bikeSignalAtWayJoint() throws {
        let map = ASCIIMap(
            """
            a----b----c
                 |
                 d
            """, gridSize: 10)
        /// The bike durations of the edges arriving at b, keyed by the node they come from.
        func arrivingAtB(_ ways: [ASCIIMap.Way]) throws -> [Character: Float] {
            let xml = map.osmXML(ways: ways, nodeTags: ["b": ["highway": "traffic_signals"]])
            let graph = try OSMImporter().importGraph(from: Array(xml.utf8)).graph
            var durations: [Character: Float] = [:]
            for e in graph.edges where map.coordinate(of: "b").distance(to: graph.nodes[e.to.index]) < 0.5 {
                let from = try #require("acd".first { map.coordinate(of: $0).distance(to: graph.nodes[e.from.index]) < 0.5 })
                durations[from] = e.durations.bike
            }
            return durations
        }
        let riding = Float(50) / Float(15 / 3.6)
        let street = ["highway": "residential", "name": "Mikonkatu"]
        // OSRM's compressor removes b (same name, class, directions, mode): 2 s and the 180° turn's 17.14 s.
        let joint = try arrivingAtB([("ab", street), ("bc", street)])
        #expect(abs(try #require(joint["a"]) - (riding + 2 + 17.142857)) < 0.01)
        #expect(abs(try #require(joint["c"]) - (riding + 2 + 17.142857)) < 0.01)
        // A new name keeps b as a node: the turn there is costed by the search, the light 2 s.
        let renamed = try arrivingAtB([("ab", street), ("bc", ["highway": "residential", "name": "Fabianinkatu"])])
        #expect(abs(try #require(renamed["a"]) - (riding + 2)) < 0.01)
        // So does a pushed piece after a ridden one (another travel mode) and a third road.
        let pushed = try arrivingAtB([("ab", street), ("bc", street.merging(["bicycle": "dismount"]) { $1 })])
        #expect(abs(try #require(pushed["a"]) - (riding + 2)) < 0.01)
        let branching = try arrivingAtB([("ab", street), ("bc", street), ("bd", ["highway": "cycleway"])])
        #expect(abs(try #require(branching["a"]) - (riding + 2)) < 0.01)
    }

    @Test("a ferry's tagged duration is shared out over its pieces by length")
    func ferryDuration() throws {
        let map = ASCIIMap(
            """
            a---b-------c
                |
                d
            """, gridSize: 100)
        let g = try build(map, [("abc", ["route": "ferry", "duration": "00:30"]), ("bd", ["highway": "residential"])]).graph
        let ferries = g.edges.filter { $0.flags.contains(.ferry) && !$0.flags.contains(.reversedShape) }
        #expect(ferries.count == 2)
        let total = ferries.reduce(Float(0)) { $0 + $1.durations.car }
        #expect(abs(total - 1800) < 0.5)
        #expect(ferries.allSatisfy { $0.roadClass == .ferry })
    }

    @Test("references to nodes missing from the extract split the way instead of failing")
    func danglingReferences() throws {
        let map = ASCIIMap("a-b-c", gridSize: 30)
        var xml = map.osmXML(ways: [("abc", ["highway": "residential"])])
        xml = xml.replacingOccurrences(of: "<nd ref=\"2\"/>", with: "<nd ref=\"2\"/>\n    <nd ref=\"999\"/>")
        let result = try OSMImporter().importGraph(from: Array(xml.utf8))
        #expect(result.statistics.danglingReferences == 1)
        #expect(result.graph.nodeCount == 2)  // a and b (now an end); c alone is no road
        #expect(result.graph.edgeCount == 2)  // a-b both ways
    }

    @Test("nodes with impossible positions (lat 999, NaN) are dropped like missing ones")
    func impossiblePositions() throws {
        let map = ASCIIMap(
            """
            a
            |
            b
            |
            c
            """, gridSize: 30)
        let xml = map.osmXML(ways: [("abc", ["highway": "residential"])])
        let c = map.coordinate(of: "c")
        let badC = xml.replacingOccurrences(of: "lat=\"\(c.latitude)\"", with: "lat=\"999\"")
        let result = try OSMImporter().importGraph(from: Array(badC.utf8))
        #expect(result.statistics.osmNodes == 2)
        #expect(result.graph.edgeCount == 2)
        let badB = badC.replacingOccurrences(of: "<node id=\"2\" lat=\"", with: "<node id=\"2\" lat=\"nan\" x=\"")
        #expect(throws: OSMImportError.noRoutableWays) { _ = try OSMImporter().importGraph(from: Array(badB.utf8)) }
    }

    @Test("restrictions with a via node resolve to edges, via-way ones to chains of edges along the via ways")
    func restrictions() throws {
        let map = ASCIIMap(
            """
            a---b---c
                |
                d---e
            """, gridSize: 30)
        let ways: [ASCIIMap.Way] = [
            ("ab", ["highway": "primary"]), ("bc", ["highway": "primary"]), ("bd", ["highway": "primary"]),
            ("de", ["highway": "primary"]),
        ]
        let result = try build(
            map, ways,
            [
                ASCIIMap.restriction("no_right_turn", from: "ab", via: "b", to: "bd"),
                ([.way("ab", role: "from"), .way("bd", role: "via"), .way("de", role: "to")], ["type": "restriction", "restriction": "no_left_turn"]),
                ASCIIMap.restriction("only_straight_on", from: "bc", via: "b", to: "ab", extraTags: ["except": "bicycle"]),
            ])
        #expect(result.statistics.restrictions == 3)
        #expect(result.statistics.viaWayRestrictions == 1)
        #expect(result.statistics.unresolvedRestrictions == 0)
        let g = result.graph
        #expect(g.restrictions.count == 2)
        #expect(g.viaWayRestrictions.count == 1)
        let chain = try #require(g.viaWayRestrictions.first)
        func letters(_ e: EdgeID) -> String {
            [g[e].from, g[e].to].map { n in map.nodes.first { $0.value == g.coordinate(of: n) }.map { String($0.key) } ?? "?" }.joined()
        }
        #expect(chain.chain.map(letters) == ["ab", "bd", "de"])
        #expect(chain.kind == .prohibitive && chain.profiles == [.car, .bike])
        let r = try #require(g.restrictions.first { $0.kind == .prohibitive })
        #expect(g.coordinate(of: r.via) == map.coordinate(of: "b"))
        #expect(g[r.from].to == r.via && g[r.to].from == r.via)
        #expect(r.profiles == [.car, .bike])
        #expect(g.restrictions.first { $0.kind == .mandatory }?.profiles == .car)
    }

    @Test("an extract of one road of 1,000 + 4,500 km (the fuzzer's 7.4 GB grid, fuzz/seeds/osm/continent-box.osm) imports: the matcher's grid lists only the cells the road crosses")
    func continentWideExtract() throws {
        let xml = """
            <osm version="0.6">
              <node id="1" lat="61.0" lon="24.0"/><node id="2" lat="60.0" lon="12.001"/><node id="3" lat="20.001" lon="24.001"/>
              <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="primary"/></way>
            </osm>
            """
        let graph = try OSMImporter().importGraph(from: Array(xml.utf8)).graph
        #expect(graph.edgeCount == 2)
        // 34 MB, most of it the routing helper's shape grid (~4 M cells of 1.1 km); the matcher's grid was 7.4 GB dense.
        #expect(graph.serialized().count == 33_959_824)
        let near = graph.nearestSegments(to: Coordinate(latitude: 40, longitude: 18), within: 100_000) { _ in true }
        #expect(near.count == 2)
    }

    @Test("roads no graph can index are refused as what they are, not as a corrupt PBF, whatever the format (here XML)")
    func unusableRoads() throws {
        var xml = "<osm version=\"0.6\">\n"
        for k in 0..<5 {
            xml += "<node id=\"\(2 * k + 1)\" lat=\"\(Double(k) * 0.001)\" lon=\"0\"/><node id=\"\(2 * k + 2)\" lat=\"\(40 + Double(k) * 0.001)\" lon=\"60\"/>\n"
            xml += "<way id=\"\(10 + k)\"><nd ref=\"\(2 * k + 1)\"/><nd ref=\"\(2 * k + 2)\"/><tag k=\"highway\" v=\"residential\"/></way>\n"
        }
        xml += "</osm>\n"
        do {
            _ = try OSMImporter().importGraph(from: Array(xml.utf8))
            Issue.record("five continent-wide roads were imported")
        } catch {
            #expect("\(error)".hasPrefix("the OSM extract's roads make no usable road graph: inconsistent road graph: 10 road points "))
        }
    }
}
