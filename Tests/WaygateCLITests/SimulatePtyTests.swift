import Foundation
import Geodesy
import SystemIO
import TestSupport
import Timekeeping
import Testing
import WireProtocol

/// Real readers of `waygate simulate --pty` and of `serve --simulate --gpsd-listen`, each started
/// and stopped by the test.
@Suite("waygate simulate with real consumers", .serialized, .enabled(if: LoopbackGPSD.isInstalled))
struct SimulatePtyTests {
    static let gpspipe = "/usr/bin/gpspipe"

    /// Starts `simulate --pty` at ×4 and waits for its link.
    static func simulator(_ dir: TemporaryDirectory) throws -> ChildProcess {
        let process = try ChildProcess(Fixtures.waygateExecutable.path,
                                       ["simulate", "--route", SimulateCommandTests.route, "--pty", dir.file("gps"),
                                        "--speed-multiplier", "4", "--start", SimulateCommandTests.start],
                                       stderr: dir.file("simulate.log"))
        for _ in 0..<1_000 where !FileManager.default.fileExists(atPath: dir.file("gps")) { usleep(10_000) }
        return process
    }

    /// The batch drive, by fix time.
    static func expected() throws -> [String: DrivePoint] {
        Dictionary(try SimulateCommandTests.jsonl().map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Runs `gpspipe -w -n count` against 127.0.0.1:`port` and returns its lines.
    static func gpspipe(port: Int, count: Int, dir: TemporaryDirectory) throws -> [String] {
        let pipe = try ChildProcess(gpspipe, ["-w", "-n", String(count), "127.0.0.1:\(port)"], stdout: dir.file("gpspipe.out"))
        defer { pipe.stop() }
        pipe.wait(timeout: 60)
        return try String(contentsOfFile: dir.file("gpspipe.out"), encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
    }

    @Test("gpsd reading the pty reports the drive's positions within NMEA precision (gpspipe -w)")
    func gpsdReadsPty() throws {
        let dir = try TemporaryDirectory(prefix: "simulate-gpsd")
        defer { dir.remove() }
        let expected = try Self.expected()
        let simulator = try Self.simulator(dir)
        defer { simulator.stop() }
        let port = LoopbackGPSD.freePort()
        let gpsd = try LoopbackGPSD.start(port: port, device: dir.file("gps"), dir: dir)
        defer { gpsd.stop() }
        #expect(LoopbackGPSD.waitForListener(port: port))
        let lines = try Self.gpspipe(port: port, count: 30, dir: dir)
        let tpvs = DrivePoint.parse(lines, onlyClass: "TPV")
        #expect(tpvs.count >= 5)
        // The route has no elevations: the fixes are 2D, and gpsd reads them so.
        #expect(Self.positionedTPVModes(lines) == Array(repeating: 2, count: tpvs.count))
        for tpv in tpvs {
            let truth = try #require(expected[tpv.time], "TPV at \(tpv.time) is not a fix of the drive")
            #expect(abs(tpv.lat - truth.lat) < 1e-6 && abs(tpv.lon - truth.lon) < 1e-6, "\(tpv) vs \(truth)")
        }
    }

    @Test("waygate serve --serial reading the pty reproduces the drive")
    func serialReadsPty() throws {
        let dir = try TemporaryDirectory(prefix: "simulate-serial")
        defer { dir.remove() }
        let expected = try Self.expected()
        let simulator = try Self.simulator(dir)
        defer { simulator.stop() }
        let server = try ChildProcess(Fixtures.waygateExecutable.path,
                                      ["serve", "--serial", dir.file("gps") + ":9600", "--socket", dir.file("s.sock")],
                                      stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"))
        _ = try client.next()
        try client.send(.subscribe([.location]))
        var matched = 0, undated = 0
        while matched < 8, undated < 3 {
            let event = try #require(try client.nextEvent { if case .location(let l) = $0 { l.lat != nil } else { false } })
            guard case .location(let location) = event.payload, let lat = location.lat, let lon = location.lon else { continue }
            // Joining mid-stream, a GGA may come before any RMC has given the date.
            guard let truth = expected[event.time.timestamp.iso8601] else {
                undated += 1
                continue
            }
            #expect(abs(lat - truth.lat) < 1e-6 && abs(lon - truth.lon) < 1e-6)
            matched += 1
        }
        #expect(matched == 8)
    }

    /// Starts `serve --simulate … --gpsd-listen` at ×4 and returns it with its gpsd port.
    static func daemon(_ dir: TemporaryDirectory) throws -> (ChildProcess, Int) {
        let port = LoopbackGPSD.freePort()
        let process = try ChildProcess(Fixtures.waygateExecutable.path,
                                       ["serve", "--simulate", SimulateCommandTests.route, "--speed-multiplier", "4",
                                        "--gpsd-listen", "127.0.0.1:\(port)", "--socket", dir.file("s.sock")],
                                       stderr: dir.file("serve.log"))
        // Readers connect once the simulator drives (its device is then known to every outlet),
        // not merely once the gpsd port listens: on a loaded machine that comes first.
        do {
            let client = try WireClient(path: dir.file("s.sock"))  // closed when it goes away
            try client.send(.subscribe([.location]))
            _ = try client.nextEvent(timeout: 60) { if case .location = $0 { true } else { false } }
        } catch {
            _ = process.stop()
            throw error
        }
        return (process, port)
    }

    /// The `mode` of each TPV line with a position.
    static func positionedTPVModes(_ lines: [String]) -> [Int] {
        lines.compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["class"] as? String == "TPV", object["lat"] != nil else { return nil }
            return object["mode"] as? Int ?? -1
        }
    }

    /// Whether every point lies on the route (within a metre).
    static func onRoute(_ points: [DrivePoint]) throws -> Bool {
        let line = Polyline(try SimulateCommandTests.routeCoordinates())
        return points.allSatisfy { (line.project($0.coordinate)?.distanceFromLine ?? .infinity) < 1 }
    }

    @Test("gpspipe -w connected to serve --simulate --gpsd-listen gets VERSION, DEVICES, WATCH, then TPVs of the drive")
    func gpspipeReadsDaemon() throws {
        let dir = try TemporaryDirectory(prefix: "serve-gpsd-listen")
        defer { dir.remove() }
        let (server, port) = try Self.daemon(dir)
        defer { server.stop() }
        #expect(LoopbackGPSD.waitForListener(port: port))
        let lines = try Self.gpspipe(port: port, count: 12, dir: dir)
        #expect(lines.first?.hasPrefix(#"{"class":"VERSION","release":"3.22","rev":"waygate "#) == true)
        #expect(lines.contains { $0.hasPrefix(#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"simulator","driver":"simulator""#) })
        let tpvs = DrivePoint.parse(lines, onlyClass: "TPV")
        #expect(tpvs.count >= 3)
        #expect(try Self.onRoute(tpvs))
        // 2D, as gpsd itself reads the same drive's NMEA (gpsdReadsPty).
        #expect(Self.positionedTPVModes(lines) == Array(repeating: 2, count: tpvs.count))
        #expect(lines.contains { $0.hasPrefix(#"{"class":"SKY","device":"simulator""#) })
    }

    @Test("the Python gps module connected to --gpsd-listen receives TPV objects of the drive")
    func pythonClient() throws {
        let dir = try TemporaryDirectory(prefix: "serve-gpsd-python")
        defer { dir.remove() }
        let (server, port) = try Self.daemon(dir)
        defer { server.stop() }
        #expect(LoopbackGPSD.waitForListener(port: port))
        let script = """
            import gps, json
            s = gps.gps(host="127.0.0.1", port=\(port), mode=gps.WATCH_ENABLE | gps.WATCH_JSON)
            n = 0
            for r in s:
                if r["class"] == "TPV" and "lat" in r:
                    print(json.dumps({"time": r["time"], "lat": r["lat"], "lon": r["lon"], "speed": r.get("speed", 0)}))
                    n += 1
                if n >= 4:
                    break
            """
        let python = try ChildProcess("/usr/bin/python3", ["-c", script], stdout: dir.file("py.out"), stderr: dir.file("py.err"))
        defer { python.stop() }
        #expect(python.wait(timeout: 60) == 0)
        let lines = try String(contentsOfFile: dir.file("py.out"), encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        let tpvs = DrivePoint.parse(lines)
        #expect(tpvs.count == 4)
        #expect(try Self.onRoute(tpvs))
    }
}
