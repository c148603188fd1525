import Foundation
import Geodesy
import HTTPOutlet
import Servers
import Testing
import TestSupport
import WireProtocol

/// A recorded guidance moment in central Helsinki: a route down Mannerheimintie turning right
/// onto Arkadiankatu, and the wire lines the daemon sends while driving it (the protocol's own
/// examples: SESSION, MATCH, PROGRESS, BANNER, CAMERA).
enum RecordedGuidance {
    /// The route, [lon, lat] pairs through the PROGRESS fixture's snapped point.
    static let coordinates: [Coordinate] = [
        Coordinate(latitude: 60.16890, longitude: 24.94080),
        Coordinate(latitude: 60.16950, longitude: 24.93920),
        Coordinate(latitude: 60.170214, longitude: 24.937155),
        Coordinate(latitude: 60.17090, longitude: 24.93520),
        Coordinate(latitude: 60.17130, longitude: 24.93400),
        Coordinate(latitude: 60.17180, longitude: 24.93130),
    ]

    /// A Route JSON object (Mapbox Directions shape, polyline6 geometry as Waygate writes it).
    static var routeJSON: [UInt8] {
        let geometry = PolylineCodec.encode(coordinates, precision: 6)
        let escaped = geometry.replacingOccurrences(of: "\\", with: "\\\\")
        return Array("{\"distance\":2000,\"duration\":260,\"geometry\":\"\(escaped)\",\"legs\":[],\"weight\":260,\"weight_name\":\"routability\"}".utf8)
    }

    /// The fixture line of `messageClass` with its `seq` replaced by `seq`.
    static func fixture(_ messageClass: String, seq: UInt64) throws -> String {
        let text = try String(contentsOf: Fixtures.url("messages/\(messageClass).json", target: "WireProtocolTests"), encoding: .utf8)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let range = trimmed.range(of: #""seq":\d+"#, options: .regularExpression) else { return trimmed }
        return trimmed.replacingCharacters(in: range, with: "\"seq\":\(seq)")
    }

    /// SESSION → CAMERA → MATCH → PROGRESS → BANNER, with increasing seq.
    static func lines() throws -> [WireLine] {
        let plan: [(String, Channel)] = [
            ("SESSION", .session), ("CAMERA", .camera), ("MATCH", .match), ("PROGRESS", .progress), ("BANNER", .instructions),
        ]
        return try plan.enumerated().map { i, entry in
            let seq = UInt64(100 + i)
            return WireLine(seq: seq, channel: entry.1, bytes: Array((try fixture(entry.0, seq: seq) + "\n").utf8))
        }
    }
}

@Suite("Live page in headless Chromium", .serialized)
struct LivePageBrowserTests {
    static let chromium = "/usr/bin/chromium"
    static let width = 1200, height = 800

    /// Runs headless Chromium on the page of a server fed with the recorded lines as soon as the
    /// page's event stream opens; returns what Chromium wrote to stdout.
    func runChromium(_ extraArguments: [String], directory: TemporaryDirectory) throws -> String {
        let graph = try #require(HelsinkiMap.graph)
        let route = RecordedGuidance.routeJSON
        let routeRequests = TestRunner.Received()
        let server = try HTTPServer(
            host: "127.0.0.1", port: 0, roads: graph, runner: TestRunner(),
            activeRoute: {
                routeRequests.append("route")
                return route
            })
        defer { server.stop() }
        let output = directory.file("chromium.out")
        let arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio", "--no-first-run",
            "--user-data-dir=\(directory.file("profile"))", "--window-size=\(Self.width),\(Self.height)",
            "--virtual-time-budget=8000", "--enable-logging=stderr", "--v=0",
        ] + extraArguments + [server.url]
        let browser = try ChildProcess(Self.chromium, arguments, stdout: output, stderr: directory.file("chromium.err"))
        defer { browser.stop() }
        let deadline = Date(timeIntervalSinceNow: 60)
        while server.eventStreamCount == 0 && browser.isRunning && Date() < deadline { usleep(20_000) }
        try #require(server.eventStreamCount > 0, "the page never opened /events")
        server.deliver(try RecordedGuidance.lines())
        // Chromium's virtual time stands still while a fetch is pending, and an event stream always
        // is: once the page has asked for the route (it does on the SESSION line), end the streams
        // (later reconnects get 204) so virtual time runs out and Chromium writes its output.
        while routeRequests.all.isEmpty && browser.isRunning && Date() < deadline { usleep(20_000) }
        usleep(300_000)
        server.closeEventStreams()
        let exit = browser.wait(timeout: 90)
        #expect(exit == 0)
        if exit != 0 {  // keep Chromium's output for a look at chromium.err
            try? FileManager.default.copyItem(atPath: directory.path, toPath: directory.path + "-kept")
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    @Test("the DOM shows the banner text, the matched road and the route as an SVG path", .enabled(if: FileManager.default.isExecutableFile(atPath: chromium)))
    func domAfterGuidanceLines() throws {
        let directory = try TemporaryDirectory(prefix: "chromium-dom")
        defer { directory.remove() }
        let dom = try runChromium(["--dump-dom"], directory: directory)
        // The page's console: no uncaught exception, no failed script.
        let console = (try? String(contentsOfFile: directory.file("chromium.err"), encoding: .utf8)) ?? ""
        let consoleLines = console.split(separator: "\n").filter { $0.contains("CONSOLE") }
        #expect(!consoleLines.contains { $0.contains("Uncaught") || $0.contains("Error") }, "\(consoleLines)")
        #expect(dom.contains("<div id=\"banner-primary\">Arkadiankatu</div>"), "\(dom.prefix(3000))")
        #expect(dom.contains("<span id=\"road-name\">Mannerheimintie</span>") || dom.contains("<span id=\"road-name\">Kaivokatu</span>"))
        #expect(dom.contains("data-mode=\"active_guidance\""))
        let overlay = try #require(dom.range(of: "leaflet-overlay-pane"), "no overlay pane")
        let afterOverlay = dom[overlay.upperBound...]
        #expect(afterOverlay.contains("<path class=\"wg-route\""))
        #expect(afterOverlay.contains("<path class=\"wg-driven\""))
    }

    @Test("a screenshot has route-coloured pixels where the route projects", .enabled(if: FileManager.default.isExecutableFile(atPath: chromium)))
    func screenshotShowsTheRoute() throws {
        let directory = try TemporaryDirectory(prefix: "chromium-png")
        defer { directory.remove() }
        let png = directory.file("page.png")
        _ = try runChromium(["--screenshot=\(png)"], directory: directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        // `WAYGATE_SCREENSHOT_COPY=PATH` keeps the screenshot.
        if let copy = ProcessInfo.processInfo.environment["WAYGATE_SCREENSHOT_COPY"] { try bytes.write(to: URL(fileURLWithPath: copy)) }
        let image = try PNGImage([UInt8](bytes))
        #expect(image.width == Self.width)
        // The CAMERA frame centres the map on the snapped point at Mapbox zoom 16.5 (Leaflet 17.5).
        let center = Coordinate(latitude: 60.170214, longitude: 24.937155)
        let zoom = 17.5
        func screen(_ c: Coordinate) -> (x: Int, y: Int) {
            func world(_ c: Coordinate) -> (Double, Double) {
                let scale = 256 * pow(2, zoom)
                let x = (c.longitude + 180) / 360 * scale
                let s = sin(c.latitude * .pi / 180)
                let y = (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * scale
                return (x, y)
            }
            let (px, py) = world(c), (cx, cy) = world(center)
            return (Int((px - cx + Double(Self.width) / 2).rounded()), Int((py - cy + Double(Self.height) / 2).rounded()))
        }
        let routeBlue = (0, 102, 255), drivenGrey = (140, 140, 140)
        // PROGRESS says 387.7 m driven: the route is blue ahead of that point and grey behind it.
        let route = Polyline(RecordedGuidance.coordinates)
        let traveled = 387.7
        var checked = 0
        for offset in stride(from: -200.0, through: 200, by: 40) where offset != 0 {
            guard let c = route.coordinate(atDistance: traveled + offset) else { continue }
            let p = screen(c)
            guard p.x > 20, p.x < Self.width - 380, p.y > 200, p.y < Self.height - 100 else { continue }
            checked += 1
            let color = offset > 0 ? routeBlue : drivenGrey
            #expect(image.hasColor(color, near: p.x, p.y, tolerance: 25), "no \(offset > 0 ? "route" : "driven") pixel at \(p) for \(c)")
        }
        #expect(checked >= 4)
        // Far from the route, no route colour.
        #expect(!image.hasColor(routeBlue, near: screen(center).x, screen(center).y + 250, radius: 2, tolerance: 20))
    }
}
