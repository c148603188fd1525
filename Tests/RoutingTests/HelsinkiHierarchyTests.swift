import Foundation
import Geodesy
import RoadGraph
import Simulation
@testable import Routing
import TestSupport
import Testing

@Suite("ContractionHierarchy on the real Helsinki extract")
struct HelsinkiHierarchyTests {
    static let built: (planner: RoutePlanner, hierarchy: ContractionHierarchy)? = {
        guard let p = HelsinkiRoutingTests.planner else { return nil }
        return (p, p.buildHierarchy(for: .car))
    }()

    @Test("250 seeded random edge pairs: the hierarchy's cost equals the A*'s within 1e-6 s and its edges re-cost to it")
    func randomPairs() throws {
        let (p, h) = try #require(Self.built)
        let costing = EdgeCosting(graph: p.graph, tables: p.tables, profile: .car, avoid: [])
        let recost = AlternativeFinder(costing: costing, maximumCount: 0)
        let main = p.tables.largestComponents[TravelProfile.car.index]
        let usable = (0..<p.graph.edgeCount).filter { e in
            costing.isUsable(e) && p.tables.components[TravelProfile.car.index][p.graph.edges[e].to.index] == main
        }
        var generator = SeededGenerator(seed: 3)
        var found = 0
        for _ in 0..<250 {
            let s = usable[Int(generator.next() % UInt64(usable.count))], t = usable[Int(generator.next() % UInt64(usable.count))]
            let a = Double(generator.next() % 1000) / 1000, b = Double(generator.next() % 1000) / 1000
            let (ch, astar) = bothSearches(p, h, from: snap(p, s, a), to: snap(p, t, b))
            #expect((ch == nil) == (astar == nil))
            guard let ch, let astar else { continue }
            found += 1
            #expect(abs(ch.cost - astar.cost) < 1e-6, "e\(s)@\(a) → e\(t)@\(b): \(ch.cost) vs \(astar.cost)")
            #expect(abs(recost.realCost(ch) - ch.cost) < 1e-6)
            #expect(ch.edges.first?.index == s && ch.edges.last?.index == t)
        }
        #expect(found > 200)
    }

    @Test("planned routes through the hierarchy match the A* planner's duration for known streets")
    func plannedRoutes() throws {
        let (p, h) = try #require(Self.built)
        let fast = RoutePlanner(graph: p.graph, hierarchies: [h])
        #expect(fast.hierarchies.count == 1)
        let points = [HelsinkiRoutingTests.mannerheimintie, HelsinkiRoutingTests.unioninkatu, HelsinkiRoutingTests.bulevardi, HelsinkiRoutingTests.siltavuorenpenger]
        for from in points {
            for to in points where to != from {
                let request = RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)])
                let ch = try #require(try fast.plan(request).first), astar = try #require(try p.plan(request).first)
                #expect(abs(ch.duration - astar.duration) < 1e-6)
            }
        }
        #expect(h.shortcutCount > 0)
    }

    @Test("a request with alternatives gets the best route it gets without; its via-node alternatives pass the sharing and loop checks")
    func alternativesKeepTheBestRoute() throws {
        let (p, h) = try #require(Self.built)
        let fast = RoutePlanner(graph: p.graph, hierarchies: [h])
        let points = [HelsinkiRoutingTests.mannerheimintie, HelsinkiRoutingTests.unioninkatu, HelsinkiRoutingTests.bulevardi, HelsinkiRoutingTests.siltavuorenpenger]
        var alternatives = 0
        for from in points {
            for to in points where to != from {
                let waypoints = [RouteWaypoint(from), RouteWaypoint(to)]
                let alone = try #require(try fast.plan(RouteRequest(waypoints: waypoints)).first)
                let routes = try fast.plan(RouteRequest(waypoints: waypoints, alternatives: 2))
                #expect(routes.first?.edges == alone.edges)
                #expect(routes.first?.duration == alone.duration)
                for (i, route) in routes.enumerated().dropFirst() {
                    alternatives += 1
                    let nodes = route.edges.dropLast().map { p.graph[$0].to }
                    #expect(Set(nodes).count == nodes.count)
                    for earlier in routes[..<i] { #expect(sharedFraction(route, earlier, p.graph) <= AlternativeFinder.maximumSharing + 1e-9) }
                }
            }
        }
        #expect(alternatives > 0)
    }
}

