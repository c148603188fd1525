import Foundation
import TestSupport
import Testing
import WireProtocol

/// Issue 16 item 5: matching, guidance and the simulator work unchanged on a map of several
/// copies joined by roads (Helsinki laid out 2×2 by scripts/tile_map.py), on a drive that
/// crosses from one copy into the next.
@Suite("waygate serve on a tiled map", .serialized)
struct ServeTiledDriveTests {
    @Test("a simulated, guided drive from one copy into the next: matched in both, progress down to arrival",
          .enabled(if: TiledMap.isAvailable, "needs Debian's python3-pyosmium for scripts/tile_map.py"))
    func driveAcrossCopies() throws {
        let dir = try TemporaryDirectory(prefix: "tileddrive")
        defer { dir.remove() }
        let tiled = try TiledMap.make("traces/maps/helsinki.osm.pbf", 2, into: dir.file("helsinki4.osm.pbf"))
        // From Bulevardi in the first copy to Siltavuorenpenger in the copy east of it, over a
        // road joining the two.
        let fromLongitude = 24.936660
        let toLongitude = 24.952825 + tiled.longitudeStep
        let border = fromLongitude + tiled.longitudeStep / 2
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", tiled.path, "--simulate-from", "60.164199,\(fromLongitude)",
             "--simulate-to", "60.175082,\(toLongitude)", "--speed-multiplier", "40", "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 120)
        _ = try client.next()
        try client.send(.subscribe([.location, .match, .progress, .guidance]))

        var longitude: Double?
        var matched = (first: 0, second: 0)
        var names: (first: Set<String>, second: Set<String>) = ([], [])
        var progress: [ProgressMessage] = []
        var arrival: ArrivalMessage?
        let deadline = Date().addingTimeInterval(240)
        while arrival == nil, Date() < deadline, let message = try client.next(timeout: 60) {
            guard case .event(let event) = message else { continue }
            switch event.payload {
            case .location(let l) where l.simulated: longitude = l.lon
            case .match(let m):
                guard let longitude else { break }
                let name = m.road?.name ?? ""
                if longitude < border {
                    matched.first += 1
                    names.first.insert(name)
                } else {
                    matched.second += 1
                    names.second.insert(name)
                }
            case .progress(let p): progress.append(p)
            case .arrival(let a): arrival = a
            default: break
            }
        }
        #expect(arrival?.final == true)
        #expect(matched.first > 5)
        #expect(matched.second > 5)
        #expect(names.first.contains("Bulevardi"))
        #expect(names.second.contains("Snellmaninkatu"))  // near the end
        // Over a road tile_map.py joined the copies with.
        #expect(names.first.union(names.second).contains { $0.hasPrefix("Tile link 0,0-0,1") })
        #expect((progress.first?.distanceRemaining ?? 0) > 1_500)
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $1.distanceRemaining <= $0.distanceRemaining + 0.5 })
        #expect((progress.last?.distanceRemaining ?? 99) < 25)
        #expect(progress.allSatisfy { !$0.offRoute })
    }
}
