import Foundation
import Geodesy
import HTTPOutlet
import OSMImport
import RoadGraph
import Servers
import SystemIO
import Testing
import TestSupport
import WireProtocol

/// The Helsinki extract, imported once for all tests of the target.
enum HelsinkiMap {
    static let graph: RoadGraph? = {
        guard let bytes = try? [UInt8](Data(contentsOf: Fixtures.trace("maps/helsinki.osm.pbf"))) else { return nil }
        return try? OSMImporter().importGraph(from: bytes).graph
    }()
}

@Suite("HTTP server")
struct HTTPServerTests {
    func server(roads: RoadGraph? = nil, runner: TestRunner = TestRunner(), limits: HTTPServer.Limits = .init()) throws -> HTTPServer {
        try HTTPServer(host: "127.0.0.1", port: 0, roads: roads, runner: runner, limits: limits)
    }

    /// Every road stretch (one line of a MultiLineString feature) of a GeoJSON FeatureCollection, with its class.
    func features(_ response: HTTPTestResponse) throws -> [(roadClass: String, coordinates: [Coordinate])] {
        let json = try #require(response.json, "\(response.status): \(response.text.prefix(300))")
        let list = try #require(json["features"] as? [[String: Any]])
        return try list.flatMap { feature in
            let properties = try #require(feature["properties"] as? [String: Any])
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "MultiLineString")
            let lines = try #require(geometry["coordinates"] as? [[[Double]]])
            let roadClass = try #require(properties["class"] as? String)
            return lines.map { line in (roadClass, line.map { Coordinate(latitude: $0[1], longitude: $0[0]) }) }
        }
    }

    @Test("/roads answers only the bbox asked, fewer features for a smaller box")
    func roadsInsideTheBox() throws {
        let graph = try #require(HelsinkiMap.graph)
        let server = try server(roads: graph)
        defer { server.stop() }
        let big = BoundingBox(south: 60.160, west: 24.925, north: 60.175, east: 24.960)
        let small = BoundingBox(south: 60.166, west: 24.940, north: 60.170, east: 24.948)
        let bigResponse = try HTTPTestClient.get("/roads?bbox=\(big)&zoom=16", port: server.port)
        #expect(bigResponse.status == 200)
        #expect(bigResponse.headers["content-type"] == "application/json")
        let bigFeatures = try features(bigResponse)
        let smallFeatures = try features(try HTTPTestClient.get("/roads?bbox=\(small)&zoom=16", port: server.port))
        #expect(bigFeatures.count > 200)
        #expect(smallFeatures.count > 10)
        #expect(smallFeatures.count * 2 < bigFeatures.count)
        // Each feature reaches into the box, and no vertex strays far from it (a road stretch
        // between two junctions crossing the edge keeps its whole geometry).
        let near = small.expanded(by: 1500)
        for feature in smallFeatures {
            let extent = try #require(BoundingBox(enclosing: feature.coordinates))
            #expect(extent.intersects(small.expanded(by: 5)))
            #expect(feature.coordinates.allSatisfy(near.contains))
        }
        let classes = Set(bigFeatures.map(\.roadClass))
        #expect(classes.contains("residential") || classes.contains("service") || classes.contains("footway"))
    }

    @Test("/roads is gzip-compressed for clients that accept it, and inflates to the same GeoJSON")
    func roadsGzip() throws {
        let graph = try #require(HelsinkiMap.graph)
        let server = try server(roads: graph)
        defer { server.stop() }
        let path = "/roads?bbox=24.925,60.160,24.960,60.175&zoom=16"
        let plain = try HTTPTestClient.get(path, port: server.port)
        let packed = try HTTPTestClient.request("GET", path, port: server.port, headers: ["Accept-Encoding": "gzip, deflate"])
        #expect(plain.headers["content-encoding"] == nil)
        #expect(packed.headers["content-encoding"] == "gzip")
        #expect(packed.body.count * 4 < plain.body.count)
        #expect(try Gunzip.inflate(packed.body, size: plain.body.count) == plain.body)
    }

    @Test("/roads at low zoom holds only major classes, simplified")
    func lowZoomMajorRoadsOnly() throws {
        let graph = try #require(HelsinkiMap.graph)
        let server = try server(roads: graph)
        defer { server.stop() }
        let box = BoundingBox(south: 60.150, west: 24.905, north: 60.190, east: 24.980)
        let z12 = try features(try HTTPTestClient.get("/roads?bbox=\(box)&zoom=12", port: server.port))
        let z16 = try features(try HTTPTestClient.get("/roads?bbox=\(box)&zoom=16", port: server.port))
        #expect(!z12.isEmpty)
        let major: Set<String> = ["motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary", "secondary_link", "ferry"]
        #expect(Set(z12.map(\.roadClass)).isSubset(of: major))
        #expect(z12.count < z16.count)
        let vertices12 = z12.filter { $0.roadClass == "primary" }.reduce(0) { $0 + $1.coordinates.count }
        let vertices16 = z16.filter { $0.roadClass == "primary" }.reduce(0) { $0 + $1.coordinates.count }
        #expect(vertices12 < vertices16)
    }

    @Test("bad requests get a 4xx with a JSON error body naming the problem")
    func badRequests() throws {
        let graph = try #require(HelsinkiMap.graph)
        let server = try server(roads: graph, limits: .init(maxBodyBytes: 1024))
        defer { server.stop() }
        let cases: [(String, String, [UInt8]?, Int, String)] = [
            ("GET", "/roads?bbox=1,2,3&zoom=14", nil, 400, "bad bbox"),
            ("GET", "/roads?bbox=24.9,60.1,24.8,60.2&zoom=14", nil, 400, "minLon < maxLon"),
            ("GET", "/roads?bbox=24.9,60.1,25.0,60.2", nil, 400, "missing zoom"),
            ("GET", "/roads?bbox=24.9,60.1,25.0,60.2&zoom=banana", nil, 400, "bad zoom"),
            ("GET", "/roads?bbox=20,55,30,65&zoom=16", nil, 400, "too large for zoom 16"),
            ("GET", "/events?channels=location,weather", nil, 400, "unknown channel \"weather\""),
            ("GET", "/teleport", nil, 404, "no endpoint /teleport"),
            ("DELETE", "/roads", nil, 405, "DELETE is not allowed on /roads"),
            ("GET", "/command", nil, 405, "use POST"),
            ("POST", "/command", [], 400, "empty request body"),
            ("POST", "/command", [UInt8](repeating: 0x20, count: 5000), 413, "exceeds the 1024-byte limit"),
            ("GET", "/leaflet/../../etc/passwd", nil, 404, "no file"),
            ("GET", "/route", nil, 404, "no active route"),
        ]
        for (method, path, body, status, message) in cases {
            let response = try HTTPTestClient.request(method, path, port: server.port, body: body)
            #expect(response.status == status, "\(method) \(path)")
            #expect(response.headers["content-type"] == "application/json", "\(method) \(path)")
            let json = try #require(response.json, "\(method) \(path): \(response.text)")
            #expect(json["class"] as? String == "ERROR")
            #expect((json["message"] as? String)?.contains(message) == true, "\(method) \(path): \(response.text)")
        }
        let noMap = try self.server()
        defer { noMap.stop() }
        #expect(try HTTPTestClient.get("/roads?bbox=24.9,60.1,25.0,60.2&zoom=14", port: noMap.port).status == 404)
    }

    @Test("the page, its script and Leaflet from the system path are served")
    func pageAndLeaflet() throws {
        let server = try server()
        defer { server.stop() }
        let page = try HTTPTestClient.get("/", port: server.port)
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("/leaflet/leaflet.js"))
        #expect(try HTTPTestClient.get("/live-map.js", port: server.port).text.contains("EventSource"))
        let leaflet = try HTTPTestClient.get("/leaflet/leaflet.js", port: server.port)
        #expect(leaflet.status == 200)
        #expect(leaflet.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(leaflet.body.count == (try Data(contentsOf: URL(fileURLWithPath: "/usr/share/javascript/leaflet/leaflet.js"))).count)
        #expect(try HTTPTestClient.get("/leaflet/images/marker-icon.png", port: server.port).headers["content-type"] == "image/png")
    }

    @Test("a non-loopback address is refused unless asked for; missing Leaflet and a busy port are clear errors")
    func startErrors() throws {
        let runner = TestRunner()
        #expect(throws: HTTPOutletError.nonLoopbackAddress("0.0.0.0")) {
            try HTTPServer(host: "0.0.0.0", port: 0, roads: nil, runner: runner)
        }
        #expect(throws: HTTPOutletError.nonLoopbackAddress("192.168.1.10")) {
            try HTTPServer(host: "192.168.1.10", port: 0, roads: nil, runner: runner)
        }
        #expect(throws: HTTPOutletError.badAddress("example.org")) {
            try HTTPServer(host: "example.org", port: 0, roads: nil, runner: runner)
        }
        #expect(throws: HTTPOutletError.leafletMissing(directory: "/nonexistent/leaflet")) {
            try HTTPServer(host: "127.0.0.1", port: 0, roads: nil, runner: runner, leafletDirectory: "/nonexistent/leaflet")
        }
        #expect(HTTPOutletError.leafletMissing(directory: "/x").description == "Leaflet not found at /x: install libjs-leaflet")
        let first = try HTTPServer(host: "localhost", port: 0, roads: nil, runner: runner)
        defer { first.stop() }
        #expect(first.host == "127.0.0.1")
        do {
            _ = try HTTPServer(host: "127.0.0.1", port: first.port, roads: nil, runner: runner)
            Issue.record("a second server on port \(first.port) started")
        } catch {
            #expect(error.description.contains("cannot listen on 127.0.0.1:\(first.port)"))
            #expect(error.description.contains("in use"))
        }
        // The IPv6 loopback works too.
        let v6 = try HTTPServer(host: "::1", port: 0, roads: nil, runner: runner)
        #expect(v6.url == "http://[::1]:\(v6.port)/")
        v6.stop()
    }

    @Test("other web pages are kept out: foreign Host (DNS rebinding), cross-origin POST, non-JSON POST")
    func browserGuard() throws {
        let runner = TestRunner()
        let server = try server(runner: runner)
        defer { server.stop() }
        let body = Array("{\"cmd\":\"stop\"}".utf8)
        let rebound = try HTTPTestClient.request("GET", "/", port: server.port, headers: ["Host": "evil.example:\(server.port)"])
        #expect(rebound.status == 403)
        #expect((rebound.json?["message"] as? String)?.contains("Host \"evil.example:\(server.port)\" is not a loopback address") == true)
        let crossOrigin = try HTTPTestClient.request(
            "POST", "/command", port: server.port, body: body, headers: ["Host": "127.0.0.1:\(server.port)", "Origin": "https://evil.example"])
        #expect(crossOrigin.status == 403)
        #expect(crossOrigin.json?["message"] as? String == "cross-origin request from https://evil.example refused")
        let sameOrigin = try HTTPTestClient.request(
            "POST", "/command", port: server.port, body: body, headers: ["Host": "127.0.0.1:\(server.port)", "Origin": "http://127.0.0.1:\(server.port)"])
        #expect(sameOrigin.status == 200)
        let plain = try HTTPTestClient.request("POST", "/command", port: server.port, body: body, headers: ["Content-Type": "text/plain"])
        #expect(plain.status == 415)
        #expect(plain.json?["message"] as? String == "/command needs Content-Type: application/json, got \"text/plain\"")
        #expect(runner.received.all == ["{\"cmd\":\"stop\"}"])
        #expect(try HTTPTestClient.request("GET", "/", port: server.port, headers: ["Host": "localhost:\(server.port)"]).status == 200)
        #expect(try HTTPTestClient.request("GET", "/", port: server.port, headers: ["Host": "[::1]:\(server.port)"]).status == 200)
    }

    @Test("POST /command goes through the runner: REPLY is 200, ERROR codes map to 4xx")
    func commands() throws {
        let runner = TestRunner()
        let server = try server(runner: runner)
        defer { server.stop() }
        let status = try HTTPTestClient.request("POST", "/command", port: server.port, body: Array("{\"cmd\":\"status\",\"id\":1}\n".utf8))
        #expect(status.status == 200)
        #expect(status.json?["class"] as? String == "REPLY")
        let start = try HTTPTestClient.request("POST", "/command", port: server.port, body: Array("{\"cmd\":\"start\",\"route_index\":0}".utf8))
        #expect(start.status == 403)
        #expect(start.json?["code"] as? String == "forbidden")
        let route = try HTTPTestClient.request("POST", "/command", port: server.port, body: Array("{\"cmd\":\"route\",\"waypoints\":[[24.9,60.1]]}".utf8))
        #expect(route.status == 422)
        let garbage = try HTTPTestClient.request("POST", "/command", port: server.port, body: Array("not json".utf8))
        #expect(garbage.status == 400)
        #expect(runner.received.all == ["{\"cmd\":\"status\",\"id\":1}", "{\"cmd\":\"start\",\"route_index\":0}", "{\"cmd\":\"route\",\"waypoints\":[[24.9,60.1]]}", "not json"])
    }
}
