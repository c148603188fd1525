import Foundation
import Geodesy
import HTTPOutlet
import Servers
import SystemIO
import Testing
import TestSupport
import WireProtocol

/// A runner that plans two routes, lets the page choose, start and stop, and records every request.
struct FlowRunner: RequestRunner {
    let received = TestRunner.Received()

    static func route(_ duration: Int, shift: Double) -> String {
        let coordinates = RecordedGuidance.coordinates.map { "[\($0.longitude + shift),\($0.latitude)]" }.joined(separator: ",")
        return "{\"distance\":\(duration * 8),\"duration\":\(duration),\"geometry\":{\"type\":\"LineString\",\"coordinates\":[\(coordinates)]},\"legs\":[]}"
    }

    func run(line: [UInt8], credentials: PeerCredentials?) async -> [UInt8] {
        received.append(String(decoding: line, as: UTF8.self))
        let object = (try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]) ?? [:]
        let fast = Self.route(260, shift: 0), slow = Self.route(300, shift: 0.002)
        switch object["cmd"] as? String {
        case "status": return Array("{\"class\":\"REPLY\",\"ok\":true,\"session\":{\"mode\":\"free_drive\"}}\n".utf8)
        case "route": return Array("{\"class\":\"REPLY\",\"ok\":true,\"routes\":[\(fast),\(slow)]}\n".utf8)
        case "select_route": return Array("{\"class\":\"REPLY\",\"ok\":true,\"routes\":[\(slow),\(fast)]}\n".utf8)
        default: return Array("{\"class\":\"REPLY\",\"ok\":true}\n".utf8)
        }
    }

    /// The `cmd` of each request, in order.
    var commands: [String] {
        received.all.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["cmd"] as? String }
    }
}

@Suite("Live page driven through the DevTools protocol", .serialized)
struct LivePageFlowTests {
    @Test("click a destination → routes with alternatives → select → Start → Stop, all through POST /command", .enabled(if: HeadlessChromium.isInstalled))
    func routeSelectStartStop() throws {
        let graph = try #require(HelsinkiMap.graph)
        let runner = FlowRunner()
        let server = try HTTPServer(host: "127.0.0.1", port: 0, roads: graph, runner: runner)
        defer { server.stop() }
        let directory = try TemporaryDirectory(prefix: "chromium-flow")
        defer { directory.remove() }
        let browser = try HeadlessChromium(url: server.url, directory: directory)
        defer { browser.stop() }
        let devtools = browser.devtools
        #expect(try devtools.waitUntil("!!(window.waygate && window.waygate.map) && document.body.dataset.roads !== undefined"))
        #expect(runner.commands.first == "status")

        // A click on the map asks for a route with alternatives to that point.
        try devtools.evaluate("waygate.map.fire('click', { latlng: L.latLng(60.1718, 24.9313) }); true")
        #expect(try devtools.waitUntil("document.querySelectorAll('.route-choice').length === 2 && document.querySelectorAll('path.wg-alternative').length === 1"))
        let routeRequest = try #require(runner.received.all.first { $0.contains("\"route\"") })
        let request = try #require(try JSONSerialization.jsonObject(with: Data(routeRequest.utf8)) as? [String: Any])
        #expect(request["alternatives"] as? Bool == true)
        #expect(request["profile"] as? String == "car")
        #expect((request["waypoints"] as? [[Double]])?.first == [24.9313, 60.1718])
        #expect(try devtools.evaluate("document.querySelector('.route-choice.selected').textContent") as? String == "● 4 min · 2.1 km")

        // Choosing the alternative sends select_route; the reply's new order is drawn.
        try devtools.evaluate("document.querySelectorAll('.route-choice')[1].click(); true")
        #expect(try devtools.waitUntil("document.querySelector('.route-choice.selected').textContent.indexOf('5 min') >= 0"))

        // Start, then the daemon's SESSION line; Stop, then the SESSION back to free drive.
        try devtools.evaluate("document.getElementById('start').click(); true")
        #expect(try devtools.waitUntil("document.body.dataset.route === 'active'"))
        server.deliver([WireLine(seq: 1, channel: .session, bytes: Array("{\"class\":\"SESSION\",\"mode\":\"active_guidance\",\"previous\":\"free_drive\",\"route_id\":\"r-1\",\"seq\":1,\"time\":\"2026-11-29T18:00:00.000Z\"}\n".utf8))])
        #expect(try devtools.waitUntil("document.getElementById('stop').disabled === false"))
        try devtools.evaluate("document.getElementById('stop').click(); true")
        // As the daemon does, the SESSION back to free drive follows the stop being handled.
        let stopDeadline = Date(timeIntervalSinceNow: 20)
        while !runner.commands.contains("stop"), Date() < stopDeadline { usleep(20_000) }
        server.deliver([WireLine(seq: 2, channel: .session, bytes: Array("{\"class\":\"SESSION\",\"mode\":\"free_drive\",\"previous\":\"active_guidance\",\"seq\":2,\"time\":\"2026-11-29T18:05:00.000Z\"}\n".utf8))])
        #expect(try devtools.waitUntil("document.body.dataset.route === undefined && document.body.dataset.mode === 'free_drive'"))

        let flow = runner.commands.filter { ["status", "route", "select_route", "start", "stop"].contains($0) }
        #expect(flow == ["status", "route", "select_route", "start", "stop"])
        let start = try #require(runner.received.all.first { $0.contains("\"start\"") })
        #expect(start.contains("\"route_index\":0") && start.contains("\"simulate\":\"always\""))
        #expect(runner.commands.contains("camera"))

        // CAMERA frames at 10 Hz move the map ~2 km east; the base map keeps up while it moves.
        try devtools.evaluate("document.getElementById('follow').click(); true")
        let loadsBefore = try #require(try devtools.evaluate("waygate.roadsLoads") as? Int)
        for i in 0..<25 {
            let seq = UInt64(10 + i)
            let frame = "{\"class\":\"CAMERA\",\"frame\":{\"bearing\":90,\"center\":[\(24.925 + Double(i) * 0.0015),60.1700],\"padding\":{\"bottom\":0,\"left\":0,\"right\":0,\"top\":0},\"pitch\":0,\"zoom\":16},\"seq\":\(seq),\"state\":\"following\",\"time\":\"2026-11-29T18:06:00.000Z\"}\n"
            server.deliver([WireLine(seq: seq, channel: .camera, bytes: Array(frame.utf8))])
            usleep(100_000)
        }
        let loadsWhileMoving = try #require(try devtools.evaluate("waygate.roadsLoads") as? Int) - loadsBefore
        #expect(loadsWhileMoving >= 2)
        #expect(try devtools.waitUntil("waygate.roadsBox.contains(waygate.map.getBounds()) && Math.abs(waygate.map.getCenter().lng - 24.961) < 0.001"))

        // Figure (not asserted): animation frames per second while 10 Hz of events arrive.
        if ProcessInfo.processInfo.environment["WAYGATE_FIGURES"] != nil {
            let feeder = Thread {
                for i in 0..<40 {
                    let seq = UInt64(100 + i)
                    let lat = 60.1690 + Double(i) * 0.00005
                    let location = "{\"class\":\"LOCATION\",\"h_acc\":4,\"lat\":\(lat),\"lon\":24.94,\"mode\":3,\"seq\":\(seq),\"simulated\":true,\"source\":\"simulator\",\"speed\":12,\"time\":\"2026-11-29T18:00:00.000Z\"}\n"
                    server.deliver([WireLine(seq: seq, channel: .location, bytes: Array(location.utf8))])
                    usleep(100_000)
                }
            }
            feeder.start()
            let fps = try devtools.evaluate("new Promise(r => { let n = 0; const t0 = performance.now(); function f() { n++; if (performance.now() - t0 < 3000) requestAnimationFrame(f); else r(n / 3); } requestAnimationFrame(f); })")
            print("live page: \(fps ?? "?") animation frames/s at 10 Hz LOCATION events; events seen \(try devtools.evaluate("waygate.events") ?? "?")")
        }
    }
}
