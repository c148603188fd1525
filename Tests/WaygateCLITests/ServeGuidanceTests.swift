import JSON
import Foundation
import TestSupport
import Testing
import WireProtocol

/// Free drive ↔ active guidance over the socket, on a running server whose source is never restarted.
@Suite("waygate serve: start and stop guidance", .serialized)
struct ServeGuidanceTests {
    /// A GeoJSON route 400 m north-south through the replayed receiver's position in Hamilton, NZ.
    static let routeJSON: JSONValue = JSONValue([
        "type": .string("LineString"),
        "coordinates": .array([
            .array([.number(175.314897), .number(-37.7830)]),
            .array([.number(175.314897), .number(-37.7848)]),
            .array([.number(175.314897), .number(-37.7866)]),
        ]),
    ])

    @Test("start with an inline route → SESSION active_guidance and PROGRESS on that route; stop → free_drive; the source stays connected")
    func startAndStop() throws {
        let dir = try TemporaryDirectory(prefix: "guidance")
        defer { dir.remove() }
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--replay", Fixtures.trace("nmea/bu353s4.nmea").path, "--replay-speed", "2", "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"))
        _ = try client.next()
        try client.send(.subscribe([.session, .progress, .device]))
        _ = try client.next(where: { if case .reply = $0 { true } else { false } })

        try client.send(.start(StartRequest(route: .route(Self.routeJSON))), id: 2)
        // The REPLY and the SESSION event may arrive in either order.
        var reply: ReplyMessage?
        var started: SessionMessage?
        while reply == nil || started == nil, let message = try client.next() {
            switch message {
            case .reply(let r) where r.id == .integer(2): reply = r
            case .error(let e): Issue.record("start was refused: \(e.message)")
            case .event(let e): if case .session(let s) = e.payload { started = s }
            default: break
            }
        }
        #expect(reply?.fields["route_id"] == .string("r1"))
        #expect(started?.mode == .activeGuidance)
        #expect(started?.previous == .freeDrive)
        #expect(started?.routeID == "r1")

        let progressEvent = try client.nextEvent { if case .progress = $0 { true } else { false } }
        guard case .progress(let progress) = try #require(progressEvent).payload else { return }
        #expect(progress.routeID == "r1")
        #expect(progress.offRoute == false)
        // The receiver sits 200 m along the 400 m line (within its GPS scatter).
        #expect(abs(progress.distanceTraveled - 200) < 15)
        #expect(abs(progress.distanceRemaining - 200) < 15)

        try client.send(.stop, id: 3)
        let stopped = try client.nextEvent { if case .session(let s) = $0 { s.mode == .freeDrive } else { false } }
        guard case .session(let back) = try #require(stopped).payload else { return }
        #expect(back.previous == .activeGuidance)
        // No DEVICE lost/connected came in between: the replay source was never restarted.
        try client.send(.status, id: 4)
        guard case .reply(let status) = try client.next(where: { if case .reply(let r) = $0 { r.id == .integer(4) } else { false } }),
            case .array(let sources) = status.fields["sources"], let source = sources.first?.objectValue
        else { Issue.record("no status"); return }
        #expect(source["connections"] == .integer(1))
    }

    @Test("start with an unreadable route is an ERROR naming the problem; the session stays in free drive")
    func badRoute() throws {
        let dir = try TemporaryDirectory(prefix: "guidance")
        defer { dir.remove() }
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--replay", Fixtures.trace("nmea/bu353s4.nmea").path, "--socket", dir.file("s.sock"), "--route-dir", dir.path])
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"))
        _ = try client.next()
        try client.send(.start(StartRequest(route: .file(dir.file("missing.json")))), id: 9)
        guard case .error(let error) = try client.next(where: { if case .error = $0 { true } else { false } }) else {
            Issue.record("no ERROR")
            return
        }
        #expect(error.id == .integer(9))
        #expect(error.message == "unusable route: cannot read route_file \(dir.file("missing.json"))")
        try client.send(.status, id: 10)
        guard case .reply(let status) = try client.next(where: { if case .reply = $0 { true } else { false } }) else { return }
        #expect(status.fields["session"] == JSONValue(["mode": .string("free_drive")]))
    }

    @Test("route_file: off without --route-dir; outside the directories, links included, refused; never echoes contents")
    func routeFileLimits() throws {
        let dir = try TemporaryDirectory(prefix: "routefile")
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file("routes"), withIntermediateDirectories: true)
        try "root:*:20228:0:99999:7:::\n".write(toFile: dir.file("secret"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.file("routes/link.json"), withDestinationPath: dir.file("secret"))
        try "root:*:20228:0:99999:7:::\n".write(toFile: dir.file("routes/bad.json"), atomically: true, encoding: .utf8)
        func errors(_ extra: [String], _ paths: [String]) throws -> [String] {
            let server = try ChildProcess(
                Fixtures.waygateExecutable.path,
                ["serve", "--replay", Fixtures.trace("nmea/bu353s4.nmea").path, "--socket", dir.file("s.sock")] + extra)
            defer { server.stop() }
            let client = try WireClient(path: dir.file("s.sock"))
            _ = try client.next()
            return try paths.enumerated().map { i, path in
                try client.send(.start(StartRequest(route: .file(path))), id: i + 1)
                guard case .error(let e) = try client.next(where: { if case .error = $0 { true } else { false } }) else { return "" }
                return e.message
            }
        }
        let off = try errors([], ["/etc/shadow"])
        #expect(off == ["unusable route: route_file is off on this daemon (start it with --route-dir DIR to allow route files from DIR)"])
        let on = try errors(["--route-dir", dir.file("routes")], [dir.file("secret"), dir.file("routes/link.json"), dir.file("routes/bad.json"), "/proc/self/environ"])
        #expect(on[0] == "unusable route: route_file \(dir.file("secret")) is outside the route directories (\(dir.file("routes")))")
        #expect(on[1] == "unusable route: route_file \(dir.file("routes/link.json")) is outside the route directories (\(dir.file("routes")))")
        #expect(on[2].hasPrefix("unusable route: "))
        #expect(on[3].contains("is outside the route directories"))
        #expect(on.allSatisfy { !$0.contains("root:") && !$0.contains("20228") })
    }
}
