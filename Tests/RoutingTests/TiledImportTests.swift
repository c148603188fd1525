import Dispatch
import Foundation
import Geodesy
import Jobs
import OSMImport
import RoadGraph
import Routing
import TestSupport
import Testing

/// The importer on Helsinki laid out 2×2 (four copies joined by roads): under a tight memory
/// budget (small decode batches) and on two threads it builds the very graph of the plain import.
@Suite("Importing a tiled map in bounded memory", .enabled(if: TiledMap.isAvailable, "needs Debian's python3-pyosmium for scripts/tile_map.py"))
struct TiledImportTests {
    static let twoThreads = JobRunner(workers: 2) { count, job in DispatchQueue.concurrentPerform(iterations: count) { job($0) } }

    static let bulevardi = Coordinate(latitude: 60.164199, longitude: 24.936660)
    static let siltavuorenpenger = Coordinate(latitude: 60.175082, longitude: 24.952825)

    @Test("a tight budget and two threads give the same graph, byte for byte, and the same routes within and across copies")
    func boundedImportMatches() throws {
        let dir = try TemporaryDirectory(prefix: "tiled")
        defer { dir.remove() }
        let tiled = try TiledMap.make("traces/maps/helsinki.osm.pbf", 2, into: dir.file("helsinki4.osm.pbf"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tiled.path)))
        let plain = try OSMImporter().importGraph(from: bytes)
        // The tightest budget the importer accepts: start at 1 MB and take what it says it needs.
        var budget = MemoryBudget(bytes: 1 << 20)
        for _ in 0..<4 {
            do {
                _ = try OSMImporter().importGraph(from: bytes, memory: budget)
                break
            } catch {
                guard case .overMemoryBudget(_, let needs, _) = error else { throw error }
                budget = MemoryBudget(bytes: needs + (1 << 20))
            }
        }
        var batches = 0
        let bounded = try OSMImporter(runner: Self.twoThreads).importGraph(from: bytes, memory: budget) { p in
            if p.phase == .nodes, p.fraction < 1 { batches += 1 }
        }
        #expect(batches > 2)  // the nodes were read in several batches
        #expect(budget.bytes < 64 << 20)
        #expect(plain.statistics.graphNodes >= 4 * 3_379)
        #expect(bounded.statistics == plain.statistics)
        #expect(bounded.graph.nodeCount == plain.graph.nodeCount)
        #expect(bounded.graph.edgeCount == plain.graph.edgeCount)
        #expect(bounded.graph.restrictions.count == plain.graph.restrictions.count)
        #expect(plain.graph.restrictions.count >= 4 * 42)
        #expect(bounded.graph.serialized() == plain.graph.serialized())

        func shifted(_ c: Coordinate, row: Int, col: Int) -> Coordinate {
            Coordinate(latitude: c.latitude + Double(row) * tiled.latitudeStep, longitude: c.longitude + Double(col) * tiled.longitudeStep)
        }
        let planners = [RoutePlanner(graph: plain.graph), RoutePlanner(graph: bounded.graph)]
        let pairs = [
            (Self.bulevardi, Self.siltavuorenpenger),
            (shifted(Self.bulevardi, row: 0, col: 1), shifted(Self.siltavuorenpenger, row: 0, col: 1)),
            (Self.bulevardi, shifted(Self.siltavuorenpenger, row: 1, col: 1)),
        ]
        var distances: [[Double]] = []
        for planner in planners {
            var row: [Double] = []
            for (from, to) in pairs {
                let route = try #require(try planner.plan(RouteRequest(waypoints: [RouteWaypoint(from), RouteWaypoint(to)])).first)
                row.append(route.distance)
            }
            distances.append(row)
        }
        #expect(distances[0] == distances[1])
        #expect(distances[0].allSatisfy { $0 > 1_000 })  // in copy 0, in the copy east of it, and from copy 0 to copy 3
        // Across copies, over the joining roads: longer than the straight line.
        #expect(distances[0][2] > pairs[2].0.distance(to: pairs[2].1))
    }

    @Test("a budget too small names what would not fit and how much it needs")
    func budgetTooSmall() throws {
        let dir = try TemporaryDirectory(prefix: "tiled")
        defer { dir.remove() }
        let tiled = try TiledMap.make("traces/maps/helsinki.osm.pbf", 2, into: dir.file("helsinki4.osm.pbf"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tiled.path)))
        do {
            _ = try OSMImporter().importGraph(from: bytes, memory: MemoryBudget(bytes: 4 << 20))
            Issue.record("a 4 MB budget was enough")
        } catch {
            guard case .overMemoryBudget(let what, let needs, let budget) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(budget == 4 << 20)
            #expect(needs > budget)
            #expect(what.contains("node references") || what.contains("graph"))
            #expect(error.description.contains("over the memory budget of 4 MB"))
        }
    }
}
