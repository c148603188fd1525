import Geodesy
import OSMImport
import RoadGraph
import TestSupport
import Testing

/// The graph of an ASCII map (importer defaults: car, bike and foot policies).
func importGraph(_ map: ASCIIMap, _ ways: [ASCIIMap.Way], _ relations: [ASCIIMap.Relation] = []) throws -> RoadGraph {
    try OSMImporter().importGraph(from: Array(map.osmXML(ways: ways, relations: relations).utf8)).graph
}

@Suite("RoadGraph adjacency, twins, restrictions and nearest-edge search")
struct RoadGraphTests {
    let map = ASCIIMap(
        """
        a-----b-----c
              |
              d
        """, gridSize: 10)

    func graph() throws -> RoadGraph {
        try importGraph(map, [("abc", ["highway": "primary", "name": "Long"]), ("db", ["highway": "residential", "oneway": "yes"])])
    }

    func node(_ g: RoadGraph, _ c: Character) throws -> NodeID {
        NodeID(Int32(try #require(g.nodes.firstIndex(of: map.coordinate(of: c)))))
    }

    @Test("forward and reverse adjacency list the edges at a T junction; one-way d→b's twin is for walkers only")
    func adjacency() throws {
        let g = try graph()
        let b = try node(g, "b"), d = try node(g, "d")
        #expect(g.outgoing(from: b).count == 3)  // to a, c and d (b→d on foot only)
        #expect(g.incoming(to: b).count == 3)  // from a, c and d
        let db = try #require(g.outgoing(from: d).first)
        #expect(g.outgoing(from: d).count == 1)
        let bd = try #require(g.twin(of: db))
        #expect(g[db].flags.contains(.oneway) && g[bd].flags.contains(.oneway))
        #expect(g[db].durations.car.isFinite && g[bd].durations.car == .infinity && g[bd].durations.foot.isFinite)
        for e in g.outgoing(from: b) {
            let twin = try #require(g.twin(of: e))
            #expect(g[twin].from == g[e].to && g[twin].to == b)
        }
        #expect(g.edges.map(\.from) == g.edges.map(\.from).sorted())
    }

    @Test("bearings at both ends of an edge: a→b heads east, d→b heads north")
    func bearings() throws {
        let g = try graph()
        let b = try node(g, "b"), d = try node(g, "d")
        let ab = try #require(g.incoming(to: b).first { g[$0].from != d && g.coordinate(of: g[$0].from) == map.coordinate(of: "a") })
        #expect(abs(g.initialBearing(of: ab) - 90) < 0.1)
        #expect(abs(g.finalBearing(of: ab) - 90) < 0.1)
        let db = try #require(g.outgoing(from: d).first)
        #expect(abs(Bearing.difference(g.initialBearing(of: db), 0)) < 0.1)
    }

    @Test("nearest edges: a point 8 m north of a–b's middle snaps to both directions at fraction 0.5")
    func nearest() throws {
        let g = try graph()
        let middle = map.coordinate(of: "a").interpolated(to: map.coordinate(of: "b"), fraction: 0.5)
        let query = middle.destination(distance: 8, bearing: 0)
        let snaps = g.nearestEdges(to: query, within: 50)
        let onAB = snaps.prefix(2)
        #expect(onAB.allSatisfy { abs($0.distance - 8) < 0.05 })
        #expect(Set(onAB.map { ($0.fraction * 100).rounded() }) == [50])
        #expect(Set(onAB.map { $0.bearing.rounded() }) == [90, 270])
        #expect(onAB.allSatisfy { $0.coordinate.distance(to: middle) < 0.05 })
        let best = try #require(g.nearestEdge(to: query, within: 50) { g[$0].flags.contains(.reversedShape) })
        #expect(abs(best.fraction - 0.5) < 1e-6 && abs(best.bearing - 270) < 0.1)
        #expect(g.nearestEdge(to: query.destination(distance: 500, bearing: 0), within: 100) == nil)
    }

    @Test("nearest edge far from the grid origin: a point 1 km east of c still finds c's road within 2 km")
    func nearestOutsideGrid() throws {
        let g = try graph()
        let far = map.coordinate(of: "c").destination(distance: 1000, bearing: 90)
        let snap = try #require(g.nearestEdge(to: far, within: 2000))
        #expect(abs(snap.distance - 1000) < 1)
    }

    @Test("five roads across a continent, each listed in the nearest-edge grid's ~4 M cells, are refused naming the map's numbers")
    func continentalShapesRefused() {
        var nodes: [Coordinate] = [], edges: [RoadEdge] = []
        for k in 0..<5 {
            nodes += [Coordinate(latitude: Double(k) * 0.001, longitude: 0), Coordinate(latitude: 40 + Double(k) * 0.001, longitude: 60)]
            edges.append(
                RoadEdge(
                    from: NodeID(Int32(2 * k)), to: NodeID(Int32(2 * k + 1)), shape: Int32(k), length: 7_000_000, wayID: 1, roadClass: .residential,
                    defaultSpeed: 25, durations: .forbidden))
        }
        do {
            _ = try RoadGraph(nodes: nodes, shapePoints: nodes, shapeOffsets: [0, 2, 4, 6, 8, 10], edges: edges, strings: [], restrictions: [])
            Issue.record("five continent-wide roads were accepted")
        } catch {
            #expect(
                error.description
                    == "inconsistent road graph: 10 road points over 6271 km × 4449 km: the nearest-edge grid's 2640 m cells would list their shapes 20009375 times, more than 16777216"
            )
        }
    }

    @Test("a graph with an edge pointing at a missing node is rejected as inconsistent")
    func inconsistent() {
        let edge = RoadEdge(
            from: NodeID(0), to: NodeID(5), shape: 0, length: 1, wayID: 1, roadClass: .residential, defaultSpeed: 25,
            durations: .forbidden)
        let nodes = [Coordinate(latitude: 60, longitude: 24)]
        #expect(throws: RoadGraphError.self) {
            _ = try RoadGraph(nodes: nodes, shapePoints: nodes + nodes, shapeOffsets: [0, 2], edges: [edge], strings: [], restrictions: [])
        }
    }
}
