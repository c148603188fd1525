import Foundation
import Geodesy
import SystemIO
import Testing
import TestSupport
import WireProtocol

/// The live page in headless Chromium against the real daemon: `waygate serve --http` playing a
/// simulated, guided drive on the Helsinki map, the page driven and read through the DevTools
/// protocol (an open event stream keeps Chromium's virtual time still, so `--virtual-time-budget`
/// cannot be used on a live daemon).
@Suite("Live page in headless Chromium against waygate serve --http", .serialized)
struct LivePageDaemonTests {
    static let width = 1200, height = 800

    /// A loopback port nothing listens on now.
    static func freePort() throws -> UInt16 {
        let listener = try TCPListener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        return listener.port
    }

    /// Reads `socket` until it has seen a BANNER with primary text `banner` and a MATCH or
    /// PROGRESS naming road `road` (either may already have gone by: what was seen is kept).
    final class DaemonLines {
        let client: WireClient
        private(set) var banners: Set<String> = []
        private(set) var roads: Set<String> = []

        init(socket: String) throws {
            client = try WireClient(path: socket, timeout: 60)
            _ = try client.next()  // HELLO
            try client.send(.subscribe([.match, .progress, .instructions]))
        }

        /// Reads lines until `done` holds or `timeout` passes; whether it holds.
        func read(until done: (DaemonLines) -> Bool, timeout: Double = 30) throws -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while !done(self), Date() < deadline, let message = try client.next(timeout: 5) {
                guard case .event(let event) = message else { continue }
                switch event.payload {
                case .banner(let b): banners.insert(b.primary.text)
                case .match(let m): if let name = m.road?.name { roads.insert(name) }
                case .progress(let p):
                    if let name = p.roadName { roads.insert(name) }
                    // A page opened after the step's BANNER shows the upcoming maneuver PROGRESS names.
                    if let next = p.upcoming?.name { banners.insert(next) }
                default: break
                }
            }
            return done(self)
        }
    }

    @Test("a guided simulated drive: the DOM shows the daemon's banner text, matched road and route; the screenshot has the route's colours where it projects",
          .enabled(if: HeadlessChromium.isInstalled))
    func liveGuidedDrive() throws {
        let dir = try TemporaryDirectory(prefix: "chromium-daemon")
        defer { dir.remove() }
        let map = Fixtures.trace("maps/helsinki.osm.pbf").path
        // Bulevardi → Siltavuorenpenger, as the daemon's guided-drive tests.
        let planned = try WaygateRunner.run(["route", "--map", map, "--from", "60.164199,24.936660", "--to", "60.175082,24.952825", "--format", "osrm"])
        try #require(planned.status == 0, "\(planned.stderr)")
        try planned.stdout.write(toFile: dir.file("route.json"), atomically: true, encoding: .utf8)
        let port = try Self.freePort()
        let daemon = try ChildProcess(
            Fixtures.waygateExecutable.path,
            ["serve", "--map", map, "--simulate", dir.file("route.json"), "--guide", dir.file("route.json"), "--speed-multiplier", "2",
             "--socket", dir.file("s.sock"), "--http", "127.0.0.1:\(port)"],
            stderr: dir.file("serve.log"))
        defer { daemon.stop() }
        let lines = try DaemonLines(socket: dir.file("s.sock"))  // the daemon is up once its socket answers
        // `--guide` starts guidance once the servers are up.
        var routeResponse = try HTTPTestClient.get("/route", port: port)
        let guided = Date(timeIntervalSinceNow: 60)
        while routeResponse.status == 404, Date() < guided {
            usleep(100_000)
            routeResponse = try HTTPTestClient.get("/route", port: port)
        }
        try #require(routeResponse.status == 200, "GET /route: \(routeResponse.status) \(routeResponse.text.prefix(200))")
        let geometry = try #require(routeResponse.json?["geometry"] as? String)
        let route = Polyline(try #require(PolylineCodec.decode(geometry, precision: 6)))

        let browser = try HeadlessChromium(url: "http://127.0.0.1:\(port)/", directory: dir, width: Self.width, height: Self.height)
        defer { browser.stop() }
        let devtools = browser.devtools
        let ready = """
            document.body.dataset.mode === 'active_guidance' && document.body.dataset.route === 'active'
              && document.getElementById('banner-primary').textContent !== ''
              && !document.getElementById('banner').classList.contains('hidden')
              && ['', 'waiting for a fix…', 'off road'].indexOf(document.getElementById('road-name').textContent) < 0
              && document.querySelectorAll('.leaflet-overlay-pane path.wg-route').length === 1
              && (document.querySelector('.leaflet-overlay-pane path.wg-route').getAttribute('d') || '').length > 20
              && document.body.dataset.roads !== undefined
            """
        let shown = try devtools.waitUntil(ready, timeout: 120)
        if !shown {
            let state = try? devtools.evaluate("JSON.stringify({mode: document.body.dataset.mode, route: document.body.dataset.route, banner: document.getElementById('banner-primary').textContent, road: document.getElementById('road-name').textContent, connection: document.getElementById('connection').textContent, events: waygate.events})")
            Issue.record("the page never showed guidance: \(state ?? "?")")
            return
        }
        // The texts are the daemon's own: a BANNER it published and a road it matched.
        let banner = try #require(try devtools.evaluate("document.getElementById('banner-primary').textContent") as? String)
        let road = try #require(try devtools.evaluate("document.getElementById('road-name').textContent") as? String)
        #expect(try lines.read(until: { $0.banners.contains(banner) && $0.roads.contains(road) }),
                "banner \"\(banner)\" / road \"\(road)\" not among the daemon's \(lines.banners) / \(lines.roads)")
        #expect(try devtools.evaluate("document.getElementById('connection').textContent") as? String == "live")

        // A drag puts the camera in IDLE (as a user would), so the map holds still for the
        // picture while the drive goes on; the route's pixels are found from the map's centre and
        // zoom by the Web-Mercator projection, blue ahead of the vehicle and grey behind it.
        try devtools.evaluate("waygate.map.fire('dragstart'); true")
        #expect(try devtools.waitUntil("document.body.dataset.camera === 'idle'"))
        usleep(300_000)  // a frame already on its way is drawn before the page ignores the rest
        func view() throws -> (center: Coordinate, zoom: Double, traveled: Double, width: Int, height: Int) {
            let json = try #require(try devtools.evaluate(
                "JSON.stringify({lat: waygate.map.getCenter().lat, lon: waygate.map.getCenter().lng, zoom: waygate.map.getZoom(), traveled: waygate.traveled, width: innerWidth, height: innerHeight})") as? String)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return (Coordinate(latitude: try #require(object["lat"] as? Double), longitude: try #require(object["lon"] as? Double)),
                    try #require(object["zoom"] as? Double), try #require(object["traveled"] as? Double),
                    try #require(object["width"] as? Int), try #require(object["height"] as? Int))
        }
        let before = try view()
        let png = try devtools.screenshot()
        let after = try view()
        #expect(before.center == after.center && before.zoom == after.zoom, "the map moved while idle: \(before) → \(after)")
        if let copy = ProcessInfo.processInfo.environment["WAYGATE_SCREENSHOT_COPY"] { try Data(png).write(to: URL(fileURLWithPath: copy)) }
        let image = try PNGImage(png)
        // The picture is the viewport (the window less Chromium's own frame).
        let (width, height) = (before.width, before.height)
        #expect(image.width == width && image.height == height, "\(image.width)×\(image.height) for a \(width)×\(height) viewport")
        func screen(_ c: Coordinate) -> (x: Int, y: Int) {
            func world(_ c: Coordinate) -> (Double, Double) {
                let scale = 256 * pow(2, before.zoom)
                let s = sin(c.latitude * .pi / 180)
                return ((c.longitude + 180) / 360 * scale, (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * scale)
            }
            let (px, py) = world(c), (cx, cy) = world(before.center)
            return (Int((px - cx + Double(width) / 2).rounded()), Int((py - cy + Double(height) / 2).rounded()))
        }
        let routeBlue = (0, 102, 255), drivenGrey = (140, 140, 140)
        // The vehicle moves on while the picture is taken: leave 60 m either side of it unchecked.
        var ahead = 0
        for offset in stride(from: 60.0, through: 600, by: 30) {
            for (distance, color, isAhead) in [(after.traveled + offset, routeBlue, true), (before.traveled - offset, drivenGrey, false)] {
                guard distance > 0, distance < route.length, let c = route.coordinate(atDistance: distance) else { continue }
                let p = screen(c)
                // Clear of the panels: banner and road (top left), controls (right), speed (bottom).
                guard p.x > 20, p.x < width - 380, p.y > 200, p.y < height - 100 else { continue }
                if isAhead { ahead += 1 }
                let found = image.hasColor(color, near: p.x, p.y, tolerance: 25)
                #expect(found, "no \(isAhead ? "route" : "driven") pixel at \(p) for \(c), \(distance) m along")
            }
        }
        #expect(ahead >= 3, "too few route points on screen")
        // Nowhere 60 m or more off the route is there route colour.
        func coordinate(x: Int, y: Int) -> Coordinate {
            let scale = 256 * pow(2, before.zoom)
            let s = sin(before.center.latitude * .pi / 180)
            let cx = (before.center.longitude + 180) / 360 * scale, cy = (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * scale
            let wx = cx + Double(x - width / 2), wy = cy + Double(y - height / 2)
            let n = Double.pi - 2 * .pi * wy / scale
            return Coordinate(latitude: atan(sinh(n)) * 180 / .pi, longitude: wx / scale * 360 - 180)
        }
        var offRoute = 0
        for y in stride(from: 220, to: height - 100, by: 60) {
            for x in stride(from: 40, to: width - 380, by: 60) {
                guard let projection = route.project(coordinate(x: x, y: y)), projection.distanceFromLine > 60 else { continue }
                offRoute += 1
                let found = image.hasColor(routeBlue, near: x, y, radius: 2, tolerance: 20)
                #expect(!found, "route colour at (\(x), \(y)), \(Int(projection.distanceFromLine)) m off the route")
            }
        }
        #expect(offRoute > 0)
    }

    /// Figures for docs/live-map.md, not assertions: `WAYGATE_FIGURES=1` runs a `make run`-like
    /// drive across Milan (`WAYGATE_FIGURES_DAEMON` names the `waygate` to run, e.g. the release
    /// build) at `--speed-multiplier 10`, i.e. 10 fixes a second, each a LOCATION, MATCH,
    /// PROGRESS and CAMERA line; prints the page-ready time (Chromium launched → the route drawn)
    /// of three launches and the animation frame rate while the events arrive.
    /// `WAYGATE_SCREENSHOT_COPY=PATH` keeps a screenshot of the page (the docs' picture).
    @Test("figures: page ready and frame rate on a live Milan drive", .enabled(if: HeadlessChromium.isInstalled && ProcessInfo.processInfo.environment["WAYGATE_FIGURES"] != nil))
    func figures() throws {
        let environment = ProcessInfo.processInfo.environment
        let executable = environment["WAYGATE_FIGURES_DAEMON"] ?? Fixtures.waygateExecutable.path
        let dir = try TemporaryDirectory(prefix: "chromium-figures")
        defer { dir.remove() }
        let map = Fixtures.trace("maps/milan.osm.pbf").path
        let route = try ChildProcess(executable, ["route", "--map", map, "--from", "45.4642,9.1900", "--to", "45.4846,9.2045", "--format", "osrm"],
                                     stdout: dir.file("route.json"), stderr: dir.file("route.err"))
        try #require(route.wait(timeout: 300) == 0)
        let port = try Self.freePort()
        let daemon = try ChildProcess(
            executable,
            ["serve", "--map", map, "--simulate", dir.file("route.json"), "--guide", dir.file("route.json"), "--speed-multiplier", "10",
             "--socket", dir.file("s.sock"), "--http", "127.0.0.1:\(port)"],
            stderr: dir.file("serve.log"))
        defer { daemon.stop() }
        _ = try WireClient(path: dir.file("s.sock"), timeout: 120)
        let drawn = "document.querySelectorAll('.leaflet-overlay-pane path.wg-route').length === 1 && document.body.dataset.roads !== undefined"
        for run in 1...3 {
            let profile = try TemporaryDirectory(prefix: "chromium-figures-\(run)")
            defer { profile.remove() }
            let launched = Date()
            let browser = try HeadlessChromium(url: "http://127.0.0.1:\(port)/", directory: profile, width: Self.width, height: Self.height)
            defer { browser.stop() }
            let ready = try browser.devtools.waitUntil(drawn, timeout: 60)
            print("live page \(run): route drawn \(ready ? String(format: "%.2f s", Date().timeIntervalSince(launched)) : "never") after Chromium was launched")
            guard run == 3, ready else { continue }
            let eventsBefore = try browser.devtools.evaluate("waygate.events") as? Int ?? 0
            let fps = try browser.devtools.evaluate(
                "new Promise(r => { let n = 0; const t0 = performance.now(); function f() { n++; if (performance.now() - t0 < 5000) requestAnimationFrame(f); else r(n / 5); } requestAnimationFrame(f); })")
            let eventsAfter = try browser.devtools.evaluate("waygate.events") as? Int ?? 0
            print("live page: \(fps ?? "?") animation frames/s over 5 s while \(Double(eventsAfter - eventsBefore) / 5) events/s arrived")
            if let copy = environment["WAYGATE_SCREENSHOT_COPY"] {
                _ = try browser.devtools.waitUntil("document.getElementById('banner-primary').textContent !== ''", timeout: 30)
                try Data(try browser.devtools.screenshot()).write(to: URL(fileURLWithPath: copy))
            }
        }
    }
}
