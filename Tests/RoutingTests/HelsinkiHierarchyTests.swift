import Dispatch
import Foundation
import Geodesy
import Jobs
import RoadGraph
import Simulation
@testable import Routing
import TestSupport
import Testing

@Suite("ContractionHierarchy on the real Helsinki extract")
struct HelsinkiHierarchyTests {
    /// Jobs on `workers` threads at once.
    static func threads(_ workers: Int) -> JobRunner {
        JobRunner(workers: workers) { count, job in DispatchQueue.concurrentPerform(iterations: count) { job($0) } }
    }

    /// Built as the runtime builds it: its rounds' searches on two threads.
    static let built: (planner: RoutePlanner, hierarchy: ContractionHierarchy)? = {
        guard let p = HelsinkiRoutingTests.planner else { return nil }
        return (p, p.buildHierarchy(for: .car, runner: threads(2)))
    }()

    /// The car's usable edges that end in its largest strongly connected component: the edges
    /// the seeded pairs are drawn from.
    static func usableEdges(_ p: RoutePlanner, _ costing: EdgeCosting) -> [Int] {
        // Components are numbered by size: the largest is 0.
        let components = p.tables.components[TravelProfile.car.index]
        return (0..<p.graph.edgeCount).filter { e in costing.isUsable(e) && components[p.graph.edges[e].to.index] == 0 }
    }

    @Test("one thread, two or three build the same hierarchy, byte for byte")
    func sameWhateverTheThreads() throws {
        let (p, h) = try #require(Self.built)
        let bytes = h.serialized()
        #expect(p.buildHierarchy(for: .car).serialized() == bytes)
        #expect(p.buildHierarchy(for: .car, runner: Self.threads(3)).serialized() == bytes)
        #expect(h.shortcutCount > 3_000)
    }

    @Test("from 10 seeded edges to every edge they reach: the hierarchy's cost equals a plain Dijkstra's over the turns")
    func everyTargetAsDijkstra() throws {
        let (p, h) = try #require(Self.built)
        let costing = EdgeCosting(graph: p.graph, tables: p.tables, profile: .car, avoid: [])
        let nodes = costing.nodes
        var arcs = [[(node: Int, weight: Double)]](repeating: [], count: nodes.count)
        ContractionHierarchy.forEachTurnArc(costing) { v, w, weight in arcs[v].append((w, weight)) }
        let query = HierarchyQuery(hierarchy: h, costing: costing)
        let usable = Self.usableEdges(p, costing)
        var generator = SeededGenerator(seed: 16)
        var compared = 0
        for _ in 0..<10 {
            let s = usable[Int(generator.next() % UInt64(usable.count))]
            // Dijkstra from the end of edge s, over the search nodes; an edge's cost is its nodes' best.
            var distances = [Double](repeating: .infinity, count: nodes.count)
            var heap = MinHeap()
            distances[s] = 0
            heap.push(0, Int32(s))
            while let (key, v) = heap.pop() {
                guard key <= distances[Int(v)] else { continue }
                for arc in arcs[Int(v)] where key + arc.weight < distances[arc.node] {
                    distances[arc.node] = key + arc.weight
                    heap.push(key + arc.weight, Int32(arc.node))
                }
            }
            var best = [Double](repeating: .infinity, count: p.graph.edgeCount)
            for v in 0..<nodes.count { best[nodes.edge(of: v)] = min(best[nodes.edge(of: v)], distances[v]) }
            for t in 0..<p.graph.edgeCount where t != s && best[t].isFinite {
                // From the end of s to the end of t: Dijkstra's question, but a route starting at the
                // end of s waits at the traffic controls there and one ending at the end of t does
                // not (`RoadEdge.travelShare`).
                let ch = try #require(query.run(from: [snap(p, s, 1)], to: [snap(p, t, 1)]), "e\(s) → e\(t)")
                let expected = costing.sourceCost(s, at: 1) + best[t] - costing.cost(t) + costing.targetCost(t, at: 1)
                #expect(abs(ch.cost - expected) < 1e-6, "e\(s) → e\(t): \(ch.cost) vs \(expected)")
                compared += 1
            }
        }
        #expect(compared > 10 * 2_000)
    }

    @Test("250 seeded random edge pairs: the hierarchy's cost equals the A*'s within 1e-6 s and its edges re-cost to it")
    func randomPairs() throws {
        let (p, h) = try #require(Self.built)
        let costing = EdgeCosting(graph: p.graph, tables: p.tables, profile: .car, avoid: [])
        let recost = AlternativeFinder(costing: costing, maximumCount: 0)
        let usable = Self.usableEdges(p, costing)
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

