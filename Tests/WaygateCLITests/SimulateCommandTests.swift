import Foundation
import Geodesy
import SystemIO
import TestSupport
import Timekeeping
import Testing
import WireProtocol

/// One fix of `waygate simulate --format jsonl` (or a TPV), as the tests compare them.
struct DrivePoint: Equatable {
    var time: String
    var lat: Double
    var lon: Double
    var speed: Double?

    var coordinate: Coordinate { Coordinate(latitude: lat, longitude: lon) }

    /// Points from JSON lines holding `time`, `lat`, `lon` (others skipped).
    static func parse(_ lines: [String], onlyClass: String? = nil) -> [DrivePoint] {
        lines.compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            if let onlyClass, object["class"] as? String != onlyClass { return nil }
            guard let time = object["time"] as? String, let lat = object["lat"] as? Double, let lon = object["lon"] as? Double else { return nil }
            return DrivePoint(time: time, lat: lat, lon: lon, speed: object["speed"] as? Double)
        }
    }
}

@Suite("waygate simulate")
struct SimulateCommandTests {
    static let route = Fixtures.url("helsinki-esplanadi.geojson", target: "WaygateCLITests").path
    static let start = "2026-11-29T10:00:00Z"

    static func jsonl(_ extra: [String] = []) throws -> [DrivePoint] {
        let result = try WaygateRunner.run(["simulate", "--route", route, "--format", "jsonl", "--start", start] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return DrivePoint.parse(result.lines)
    }

    /// The fixture's geometry, [lon, lat] pairs.
    static func routeCoordinates() throws -> [Coordinate] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: route))) as? [String: Any]
        let geometry = object?["geometry"] as? [String: Any]
        let pairs = geometry?["coordinates"] as? [[Double]] ?? []
        return pairs.map { Coordinate(latitude: $0[1], longitude: $0[0]) }
    }

    @Test("jsonl: fixes one second apart cover the route's length, end parked at its end")
    func coversRoute() throws {
        let points = try Self.jsonl()
        let route = try Self.routeCoordinates()
        let length = Polyline(route).length
        let driven = zip(points, points.dropFirst()).reduce(0.0) { $0 + $1.0.coordinate.distance(to: $1.1.coordinate) }
        // Chords between 1 Hz fixes cut the corners a little: never longer, at most a few metres shorter.
        #expect(driven <= length + 0.01 && driven > length - 3, "driven \(driven) m of \(length) m")
        #expect(points.first?.time == "2026-11-29T10:00:00.000Z")
        let times = points.compactMap { Timestamp(iso8601: $0.time)?.secondsSince1970 }
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 1 })
        #expect(try #require(points.last).coordinate.distance(to: try #require(route.last)) < 0.5)
        #expect(points.suffix(3).allSatisfy { $0.speed == 0 })
        #expect((points.map { $0.speed ?? 0 }.max() ?? 0) > 8)
    }

    @Test("the output is the same at speed multipliers 0.5, 1 and 10")
    func multipliers() throws {
        let outputs = try ["0.5", "1", "10"].map { m in try WaygateRunner.run(["simulate", "--route", Self.route, "--start", Self.start, "--speed-multiplier", m]) }
        #expect(outputs.allSatisfy { $0.status == 0 })
        #expect(outputs[0].stdout == outputs[1].stdout)
        #expect(outputs[1].stdout == outputs[2].stdout)
        #expect(outputs[0].stdout.split(whereSeparator: \.isNewline).first?.hasPrefix("$GPRMC,100000.000,A,6010.1280000,N,02456.4780000,E,") == true)
    }

    @Test("--realtime at ×20 writes exactly the batch output, only paced")
    func realtime() throws {
        let paced = try WaygateRunner.run(["simulate", "--route", Self.route, "--start", Self.start, "--format", "jsonl",
                                           "--realtime", "--speed-multiplier", "20"])
        let batch = try WaygateRunner.run(["simulate", "--route", Self.route, "--start", Self.start, "--format", "jsonl"])
        #expect(paced.status == 0)
        #expect(paced.stdout == batch.stdout)
        #expect(paced.lines.count > 60)
    }

    @Test("--seed makes noise reproducible; its per-axis spread matches --noise")
    func noise() throws {
        let exact = try Self.jsonl(["--duration", "1500"])
        let a = try Self.jsonl(["--duration", "1500", "--noise", "5", "--seed", "7"])
        let b = try Self.jsonl(["--duration", "1500", "--noise", "5", "--seed", "7"])
        let c = try Self.jsonl(["--duration", "1500", "--noise", "5", "--seed", "8"])
        #expect(a == b)
        #expect(a != c)
        #expect(a.count == exact.count)
        let projection = LocalProjection(origin: try #require(exact.first).coordinate)
        var north: [Double] = [], east: [Double] = []
        for (noisy, truth) in zip(a, exact) {
            let p = projection.project(noisy.coordinate), q = projection.project(truth.coordinate)
            north.append(p.y - q.y)
            east.append(p.x - q.x)
        }
        for offsets in [north, east] {
            let rms = (offsets.reduce(0) { $0 + $1 * $1 } / Double(offsets.count)).squareRoot()
            #expect(rms > 3 && rms < 7, "rms \(rms) m for sigma 5 m")
        }
    }

    @Test("--altitude: GGA carries it and the drive decodes as 3D fixes at that altitude, as gpsd 3.22 reads it; without it GGA has none and the fixes are 2D")
    func altitude() throws {
        let dir = try TemporaryDirectory(prefix: "simulate-altitude")
        defer { dir.remove() }
        /// The TPVs (mode, altMSL) `waygate decode --format gpsd` reads from the simulated NMEA.
        func decoded(_ extra: [String]) throws -> (gga: [String], tpv: [(mode: Int, altitude: Double?)]) {
            let nmea = try WaygateRunner.run(["simulate", "--route", Self.route, "--start", Self.start, "--duration", "8"] + extra)
            #expect(nmea.status == 0, "\(nmea.stderr)")
            try nmea.stdout.write(toFile: dir.file("drive.nmea"), atomically: true, encoding: .utf8)
            let decode = try WaygateRunner.run(["decode", "--format", "gpsd", dir.file("drive.nmea")])
            #expect(decode.status == 0, "\(decode.stderr)")
            let tpv = decode.lines.compactMap { line -> (mode: Int, altitude: Double?)? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      object["class"] as? String == "TPV", let mode = object["mode"] as? Int else { return nil }
                return (mode, object["altMSL"] as? Double)
            }
            return (nmea.stdout.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix("$GPGGA") }, tpv)
        }
        let high = try decoded(["--altitude", "120"])
        #expect(high.gga.count == 9)
        #expect(high.gga.allSatisfy { $0.contains(",120.0,M,") })
        // The first cycle reports at RMC (2D: no altitude yet), GGA and GSA; then one 3D fix a cycle.
        #expect(high.tpv.map(\.mode) == [2] + Array(repeating: 3, count: 10))
        #expect(high.tpv.dropFirst().allSatisfy { $0.altitude == 120 })
        let flat = try decoded([])
        #expect(flat.gga.count == 9 && flat.gga.allSatisfy { !$0.contains(",M,") })
        // Without an altitude the simulated fixes are 2D and GSA says so too: every TPV is 2D.
        #expect(flat.tpv.map(\.mode) == Array(repeating: 2, count: 11))
        #expect(flat.tpv.allSatisfy { $0.altitude == nil })
        let bad = try WaygateRunner.run(["simulate", "--route", Self.route, "--altitude", "99999"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--altitude"))
    }

    @Test("--map --from --to drives the route planned on the bundled Helsinki map from start to end")
    func plannedRoute() throws {
        let map = Fixtures.repositoryRoot.appendingPathComponent("traces/maps/helsinki.osm.pbf").path
        let result = try WaygateRunner.run(["simulate", "--map", map, "--from", "60.1688,24.9413", "--to", "60.1680,24.9530",
                                            "--format", "jsonl", "--start", Self.start])
        #expect(result.status == 0, "\(result.stderr)")
        let points = DrivePoint.parse(result.lines)
        #expect(points.count > 60)
        #expect(try #require(points.first).coordinate.distance(to: Coordinate(latitude: 60.1688, longitude: 24.9413)) < 50)
        #expect(try #require(points.last).coordinate.distance(to: Coordinate(latitude: 60.1680, longitude: 24.9530)) < 100)
        #expect(points.suffix(3).allSatisfy { $0.speed == 0 })
    }

    @Test("bad input: unreadable route, empty geometry, negative multiplier, no road near --to")
    func errors() throws {
        let missing = try WaygateRunner.run(["simulate", "--route", "/nonexistent/r.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "waygate: cannot read route /nonexistent/r.json: no such file\n")
        let dir = try TemporaryDirectory(prefix: "simulate-bad")
        defer { dir.remove() }
        try #"{"type":"LineString","coordinates":[]}"#.write(toFile: dir.file("empty.geojson"), atomically: true, encoding: .utf8)
        let empty = try WaygateRunner.run(["simulate", "--route", dir.file("empty.geojson")])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains(dir.file("empty.geojson")) || empty.stderr.contains("empty"))
        let negative = try WaygateRunner.run(["simulate", "--route", Self.route, "--speed-multiplier=-2"])
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("--speed-multiplier"))
        let map = Fixtures.repositoryRoot.appendingPathComponent("traces/maps/helsinki.osm.pbf").path
        let nowhere = try WaygateRunner.run(["simulate", "--map", map, "--from", "60.1688,24.9413", "--to", "1,1"])
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr == "waygate: \(map): no road near 1.0,1.0\n")
    }

    @Test("--pty at a path that is a file or a directory: refused, naming it, exit 1, the file kept")
    func ptyOverExistingPath() throws {
        let dir = try TemporaryDirectory(prefix: "simulate-pty")
        defer { dir.remove() }
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: dir.file("p.txt")))
        try FileManager.default.createDirectory(atPath: dir.file("folder"), withIntermediateDirectories: false)
        for path in [dir.file("p.txt"), dir.file("folder")] {
            let result = try WaygateRunner.run(["simulate", "--route", Self.route, "--pty", path, "--duration", "1"])
            #expect(result.status == 1)
            #expect(result.stderr == "waygate: cannot create a pseudo-terminal at \(path): symlink \(path) (the path exists and is not a link to a pseudo-terminal): File exists\n")
        }
        #expect(FileManager.default.contents(atPath: dir.file("p.txt")) == Data("precious\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["folder", "p.txt"])
    }
}
