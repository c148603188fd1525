import Foundation
import Geodesy
import JSON
import SystemIO

/// How Waygate scales from a city to a region: Milan and tilings of it (`scripts/tile_map.py`,
/// N×N copies joined by roads), each timed from a fresh import (a child `waygate map build`, so its
/// peak RSS is its own) and from its cache (`waygate serve --map`, until the socket answers
/// `status`), with a 3 km route and a corner-to-corner route over the socket (wall time to the
/// reply's last byte, and the daemon's CPU time and minor page faults per warm route); OSRM's
/// osrm-extract + osrm-contract on the same PBF when `WAYGATE_BENCH_OSRM_BIN` names their directory.
/// `REGIONS_TILES=1,2,4` (default) picks the tilings (8, the 64× map, takes 10–20 min to import);
/// `REGIONS_IMPORT=0` keeps the caches already there and measures the daemon alone.
enum RegionsBenchmark {
    /// Two Milan points 3 km apart (Duomo → north of Stazione Centrale), in copy (0, 0).
    static let from = Coordinate(latitude: 45.46410, longitude: 9.19190)
    static let to = Coordinate(latitude: 45.48900, longitude: 9.20450)
    static let directory = "/tmp/waygate-regions"

    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let waygate = environment["WAYGATE_BIN"] ?? ".build/release/waygate"
        let tiles = (environment["REGIONS_TILES"] ?? "1,2,4").split(separator: ",").compactMap { Int($0) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        print("regions (release; maps and caches under \(directory)):")
        for n in tiles {
            let (map, offset) = try tiledMilan(n)
            let size = Double((try FileManager.default.attributesOfItem(atPath: map)[.size] as? NSNumber)?.intValue ?? 0) / 1e6
            // REGIONS_IMPORT=0 keeps a cache already there (the 64× import takes 10–20 min) and measures the daemon alone.
            let keepCache = environment["REGIONS_IMPORT"] == "0" && FileManager.default.fileExists(atPath: map + ".waygate-cache")
            var imported = "import skipped (REGIONS_IMPORT=0, the cache there kept)"
            if !keepCache {
                let importRun = try measured(waygate, ["map", "build", map])
                guard importRun.status == 0 else { throw BenchError("\(map): waygate map build exited with \(importRun.status)") }
                imported = String(format: "import + hierarchy %.1f s, peak RSS %.0f MB", importRun.seconds, importRun.peakMegabytes)
            }
            let cacheSize = Double((try FileManager.default.attributesOfItem(atPath: map + ".waygate-cache")[.size] as? NSNumber)?.intValue ?? 0) / 1e6
            let daemon = try serve(waygate, map: map, offset: offset, copies: n)
            print(String(format: "  %d× (%.0f MB PBF): %@; cache %.0f MB; ready from cache %.2f s, RSS %.0f MB (%.0f MB after the routes); 3 km route %.1f ms; %@",
                         n * n, size, imported, cacheSize, daemon.ready, daemon.readyRSS, daemon.finalRSS, daemon.shortRoute, daemon.crossRoute))
            if let osrm = environment["WAYGATE_BENCH_OSRM_BIN"] {
                print("    OSRM: " + (try osrmFigures(osrm, map: map)))
            } else if n == tiles.first {
                print("    OSRM: skipped (set WAYGATE_BENCH_OSRM_BIN to the directory holding osrm-extract and osrm-contract)")
            }
        }
    }

    /// The Milan map tiled `n`×`n` times (made once under `directory` with tile_map.py) and the
    /// offset between neighbouring copies in degrees (latitude, longitude).
    static func tiledMilan(_ n: Int) throws -> (path: String, offset: (Double, Double)) {
        let path = "\(directory)/milan\(n * n).osm.pbf", note = path + ".txt"
        if n == 1 {
            if !FileManager.default.fileExists(atPath: path) { try FileManager.default.copyItem(atPath: "traces/maps/milan.osm.pbf", toPath: path) }
            return (path, (0, 0))
        }
        if !FileManager.default.fileExists(atPath: note) {
            let run = try measured("/usr/bin/python3", ["scripts/tile_map.py", "traces/maps/milan.osm.pbf", String(n), path], stdout: note)
            guard run.status == 0 else { throw BenchError("tile_map.py \(n) failed with \(run.status)") }
        }
        // "copy (row, col) = IN + (row * 0.1234567 deg lat, col * 0.1234567 deg lon)"
        let text = try String(contentsOfFile: note, encoding: .utf8)
        let numbers = text.components(separatedBy: "copy (row, col) = IN + (").last?.split(whereSeparator: { !"0123456789.".contains($0) })
            .compactMap { Double($0) } ?? []
        guard numbers.count >= 2 else { throw BenchError("\(note): no copy offsets") }
        return (path, (numbers[0], numbers[1]))
    }

    /// A child run's exit status, wall time and peak RSS (from /usr/bin/time).
    struct Run {
        var status: Int32
        var seconds: Double
        var peakMegabytes: Double
    }

    /// Runs `executable arguments` under /usr/bin/time, its standard output to `stdout`.
    static func measured(_ executable: String, _ arguments: [String], stdout: String = "/dev/null") throws -> Run {
        let report = "\(directory)/time-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%e %M", "-o", report, executable] + arguments
        if stdout != "/dev/null" { _ = FileManager.default.createFile(atPath: stdout, contents: nil) }
        process.standardOutput = FileHandle(forWritingAtPath: stdout) ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        return Run(status: process.terminationStatus, seconds: fields.first ?? 0, peakMegabytes: (fields.dropFirst().first ?? 0) / 1024)
    }

    /// What `serve` measured: seconds to ready, RSS then and at the end (MB), the 3 km route's median
    /// milliseconds, and the cross-map route's figures as text.
    struct Daemon {
        var ready: Double, readyRSS: Double, finalRSS: Double
        var shortRoute: Double
        var crossRoute: String
    }

    /// Starts `waygate serve --map MAP` on the cached map and asks it for status and routes.
    static func serve(_ waygate: String, map: String, offset: (Double, Double), copies n: Int) throws -> Daemon {
        let socket = "\(directory)/serve-\(getpid()).sock"
        try? FileManager.default.removeItem(atPath: socket)
        let start = Stopwatch.now()
        let process = try LatencyBenchmark.launch(waygate, ["serve", "--map", map, "--socket", socket])
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let client = try LatencyBenchmark.connectRetrying { try SocketConnection.connect(unixPath: socket) }
        defer { client.close() }
        try client.setReceiveTimeout(seconds: 120)
        var pending: [UInt8] = []
        /// Sends `request` (with `"id": id`) and waits for the line answering it; returns it, the
        /// seconds from the send to the line's last byte (as `route-reply` times it: the client's
        /// own parse of the line is not the daemon's time) and the line's size in bytes.
        func ask(_ request: String, id: Int) throws -> (reply: JSONValue, seconds: Double, bytes: Int) {
            let sent = Stopwatch.now()
            try client.sendAll(Array((request.dropLast() + ",\"id\":\(id)}\n").utf8))
            var scanned = 0
            while true {
                if let newline = pending[scanned...].firstIndex(of: 10) {
                    let received = Stopwatch.now() - sent
                    let line = Array(pending[..<newline])
                    pending.removeFirst(newline + 1)
                    scanned = 0
                    if let value = try? JSONParser.parse(line, source: "reply"), value["id"]?.intValue == id {
                        return (value, received, line.count)
                    }
                    continue
                }
                scanned = pending.count
                let bytes = try client.read(upTo: 1 << 20)
                if bytes.isEmpty { throw BenchError("the daemon closed the socket") }
                pending += bytes
            }
        }
        _ = try ask("{\"cmd\":\"status\"}", id: 1)
        let ready = Stopwatch.now() - start, readyRSS = residentMegabytes(process.processIdentifier)
        func route(_ a: Coordinate, _ b: Coordinate, id: Int) throws -> (reply: JSONValue, seconds: Double, bytes: Int) {
            try ask("{\"cmd\":\"route\",\"waypoints\":[[\(a.longitude),\(a.latitude)],[\(b.longitude),\(b.latitude)]]}", id: id)
        }
        var short: [Double] = []
        for i in 0..<6 {
            let (reply, seconds, _) = try route(from, to, id: 10 + i)
            guard reply["class"]?.stringValue == "REPLY" else { throw BenchError("3 km route failed: \(reply)") }
            if i > 0 { short.append(seconds * 1000) }
        }
        var cross = "no cross-map route (one copy)"
        if n > 1 {
            let k = Double(n - 1)
            let far = Coordinate(latitude: from.latitude + k * offset.0, longitude: from.longitude + k * offset.1)
            var times: [Double] = [], distance = 0.0, steps = 0, size = 0, cpuAfterCold = 0.0, faultsAfterCold = 0
            // The first request touches the mapped cache's pages along the route (cold); the median of the next ones is warm.
            for i in 0..<8 {
                if i == 1 {
                    cpuAfterCold = ProcessUsage.cpuSeconds(ofProcess: process.processIdentifier) ?? 0
                    faultsAfterCold = ProcessUsage.minorFaults(ofProcess: process.processIdentifier) ?? 0
                }
                let (reply, seconds, bytes) = try route(from, far, id: 100 + i)
                guard reply["class"]?.stringValue == "REPLY", case .array(let routes)? = reply["routes"], let best = routes.first,
                    case .array(let legs)? = best["legs"], case .array(let legSteps)? = legs.first?["steps"]
                else { throw BenchError("cross-map route failed: \(reply)") }
                distance = best["distance"]?.doubleValue ?? 0
                steps = legSteps.count
                size = bytes
                times.append(seconds * 1000)
            }
            let warm = Array(times.dropFirst())
            // The daemon's own CPU time (user + system) per warm route: plan, guidance, encoding and sending, whatever else shares the machine.
            let cpu = ((ProcessUsage.cpuSeconds(ofProcess: process.processIdentifier) ?? 0) - cpuAfterCold) / Double(warm.count) * 1000
            // Pages the daemon faulted in per warm route (fresh heap blocks touched again, not the map's pages).
            let faults = ((ProcessUsage.minorFaults(ofProcess: process.processIdentifier) ?? 0) - faultsAfterCold) / warm.count
            cross = String(format: "cross-map route %.0f km (%d steps, with banners and voice; %.0f KiB reply) cold %.0f ms, warm median %.0f ms (%.0f–%.0f) to the reply's last byte, daemon CPU %.0f ms and %d page faults per warm route",
                           distance / 1000, steps, Double(size) / 1024, times[0], BenchSupport.percentile(warm, 0.5), warm.min() ?? 0, warm.max() ?? 0, cpu, faults)
        }
        return Daemon(ready: ready, readyRSS: readyRSS, finalRSS: residentMegabytes(process.processIdentifier),
                      shortRoute: BenchSupport.percentile(short, 0.5), crossRoute: cross)
    }

    /// The resident set of process `pid` (VmRSS), megabytes; 0 when unreadable.
    static func residentMegabytes(_ pid: Int32) -> Double { Double(ProcessUsage.residentBytes(ofProcess: pid) ?? 0) / 1_048_576 }

    /// osrm-extract + osrm-contract on a copy of `map` (car profile), wall time and peak RSS of each.
    static func osrmFigures(_ bin: String, map: String) throws -> String {
        let work = "\(directory)/osrm-\(getpid())"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let copy = work + "/map.osm.pbf"
        try FileManager.default.copyItem(atPath: map, toPath: copy)
        let profile = ProcessInfo.processInfo.environment["WAYGATE_BENCH_OSRM_PROFILE"] ?? "\(bin)/../share/osrm/profiles/car.lua"
        let extract = try measured("\(bin)/osrm-extract", ["-p", profile, "-t", "2", copy])
        let contract = try measured("\(bin)/osrm-contract", ["-t", "2", work + "/map.osrm"])
        guard extract.status == 0, contract.status == 0 else { return "failed (extract \(extract.status), contract \(contract.status))" }
        return String(format: "extract %.1f s (peak %.0f MB) + contract %.1f s (peak %.0f MB)", extract.seconds, extract.peakMegabytes,
                      contract.seconds, contract.peakMegabytes)
    }
}
