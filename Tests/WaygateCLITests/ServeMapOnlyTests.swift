import JSON
import Foundation
import TestSupport
import Testing
import WireProtocol

/// `waygate serve --map MAP` with no receiver: the simulated-drive playback set-up (issue 11,
/// item 8). The daemon starts, `status` lists no source, and a client's `route` + `start` with
/// `simulate: always` drives the route with guidance.
@Suite("waygate serve --map with no source: waits, then drives when told", .serialized)
struct ServeMapOnlyTests {
    @Test("status says no source; route + start simulate always → simulated LOCATION and PROGRESS, then ARRIVAL")
    func drivesWhenTold() throws {
        let dir = try TemporaryDirectory(prefix: "map-only")
        defer { dir.remove() }
        let server = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", Fixtures.trace("maps/helsinki.osm.pbf").path, "--socket", dir.file("s.sock")],
            stderr: dir.file("serve.log"))
        defer { server.stop() }
        let client = try WireClient(path: dir.file("s.sock"), timeout: 60)
        _ = try client.next()
        var log = ""
        for _ in 0..<200 where !log.contains("serving on") {
            usleep(50_000)
            log = (try? String(contentsOfFile: dir.file("serve.log"), encoding: .utf8)) ?? ""
        }
        #expect(log.contains("no source yet: waiting for route + start with simulate"), "serve.log: \(log)")

        func reply(_ id: Int) throws -> ReplyMessage? {
            guard case .reply(let r) = try client.next(where: { if case .reply(let r) = $0 { r.id == .integer(Int64(id)) } else { false } }) else { return nil }
            return r
        }
        try client.send(.status, id: 1)
        let status = try #require(try reply(1))
        #expect(status.fields["sources"] == JSONValue.array([]))
        #expect(status.fields["session"] == JSONValue(["mode": .string("free_drive")]))

        try client.send(.subscribe([.location, .progress, .session]), id: 2)
        try client.send(raw: #"{"cmd":"route","id":3,"profile":"car","waypoints":[[24.936660,60.164199],[24.952825,60.175082]]}"#)
        #expect(try reply(3) != nil)
        try client.send(raw: #"{"cmd":"start","id":4,"route_index":0,"simulate":"always","speed_multiplier":25}"#)
        #expect(try reply(4) != nil)

        var locations: [LocationMessage] = [], progress = 0
        var arrivedBack: SessionMessage?
        let deadline = Date().addingTimeInterval(120)
        while arrivedBack == nil, Date() < deadline, let message = try client.next(timeout: 30) {
            guard case .event(let event) = message else { continue }
            switch event.payload {
            case .location(let l): locations.append(l)
            case .progress: progress += 1
            case .session(let s) where s.mode == .freeDrive && s.previous == .activeGuidance: arrivedBack = s
            default: break
            }
        }
        #expect(locations.count > 50)
        #expect(Set(locations.map(\.source)) == ["simulator"])
        #expect(progress > 50)
        #expect(arrivedBack != nil, "the simulated drive reached the destination and the session went back to free drive")
    }
}
