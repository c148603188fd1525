import Foundation
import JSON
import SystemIO
import TestSupport
import Testing

/// The live map's endpoints on the real daemon: a guided, simulated Helsinki drive served with
/// `--http`, read by `curl` as a browser would.
@Suite("waygate serve --http: SSE events and POST /command on a guided drive", .serialized)
struct ServeHTTPTests {
    /// A loopback port nothing listens on now.
    static func freePort() throws -> Int {
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        return Int(listener.port)
    }

    @Test("SSE carries the socket's LOCATION/PROGRESS lines with increasing seq; status and route answer through POST /command; remote listen refused")
    func eventsAndCommands() throws {
        let dir = try TemporaryDirectory(prefix: "http")
        defer { dir.remove() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", ServeGuidedDriveTests.from, "--to", ServeGuidedDriveTests.to, "--format", "osrm"])
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)
        let port = try Self.freePort()
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", map, "--simulate", dir.file("route.json"), "--guide", dir.file("route.json"), "--speed-multiplier", "10",
             "--socket", dir.file("s.sock"), "--http", "127.0.0.1:\(port)"],
            stderr: dir.file("serve.log"))
        defer { _ = server.stop() }
        _ = try WireClient(path: dir.file("s.sock"), timeout: 60)  // the daemon is up once its socket answers
        let base = "http://127.0.0.1:\(port)"
        let sse = try ChildProcess("/usr/bin/curl", ["-sN", "--max-time", "4", "\(base)/events?channels=location,progress"], stdout: dir.file("sse.txt"))
        _ = sse.wait(timeout: 15)
        let text = try String(contentsOfFile: dir.file("sse.txt"), encoding: .utf8)
        let data = text.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }
        let values = try data.map { try JSONValue(parsing: Array($0.utf8)) }
        let seqs = values.compactMap { $0["seq"]?.intValue }
        let classes = Set(values.compactMap { $0["class"]?.stringValue })
        #expect(values.count > 10)
        #expect(seqs.count == values.count)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
        #expect(classes == ["LOCATION", "PROGRESS"])

        func post(_ body: String) throws -> JSONValue {
            let out = dir.file("post-\(UUID().uuidString).json")
            let curl = try ChildProcess("/usr/bin/curl", ["-s", "--max-time", "20", "-X", "POST", "-H", "Content-Type: application/json",
                                                          "-H", "Origin: \(base)", "--data", body, "\(base)/command"], stdout: out)
            _ = curl.wait(timeout: 30)
            return try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        }
        let status = try post(#"{"cmd":"status","id":1}"#)
        #expect(status["class"] == .string("REPLY"))
        #expect(status["id"] == .integer(1))
        #expect(status["session"]?["mode"] == .string("active_guidance"))
        let routed = try post(#"{"cmd":"route","waypoints":[[24.93666,60.164199],[24.952825,60.175082]],"id":2}"#)
        #expect(routed["class"] == .string("REPLY"))
        if case .array(let routes)? = routed["routes"] { #expect(!routes.isEmpty) } else { Issue.record("no routes") }
        let subscribe = try post(#"{"cmd":"subscribe","channels":["location"],"id":3}"#)
        #expect(subscribe["class"] == .string("ERROR"))
        #expect(subscribe["code"] == .string("bad_request"))

        let refused = try WaygateRunner.run(["serve", "--map", map, "--socket", dir.file("t.sock"), "--http", "0.0.0.0:\(try Self.freePort())"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--http"))
    }
}
