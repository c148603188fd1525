import Foundation
import Geodesy
import JSON
import RoadGraph
import Simulation
import SystemIO

/// A `route` request over the Unix socket, as a client sees it: `waygate serve --map` on Milan
/// (cached graph), 40 seeded pairs of road nodes 2.5–3.5 km apart, each asked three times
/// (steps, banners and voice are always in a route object), timed from the request's send to
/// the last byte of its REPLY line.
enum RouteReplyBenchmark {
    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let waygate = environment["WAYGATE_BIN"] ?? ".build/release/waygate"
        let map = "traces/maps/milan.osm.pbf"
        let graph = try BenchSupport.importMap("milan")
        guard !graph.nodes.isEmpty else { throw BenchError("\(map): empty graph") }
        var generator = SeededGenerator(seed: 3_000)
        var pairs: [(Coordinate, Coordinate)] = []
        /// A random road node of the map (so every pair is routable, as a client's taps near roads are).
        func randomNode() -> Coordinate {
            let node = graph.nodes[Int.random(in: graph.nodes.indices, using: &generator)]
            return Coordinate(latitude: node.latitude, longitude: node.longitude)
        }
        while pairs.count < 40 {
            let a = randomNode(), b = randomNode()
            if (2_500...3_500).contains(a.distance(to: b)) { pairs.append((a, b)) }
        }
        let dir = NSTemporaryDirectory() + "waygate-route-reply-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/waygate.sock"
        let process = try LatencyBenchmark.launch(waygate, ["serve", "--map", map, "--socket", socket])
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let client = try LatencyBenchmark.connectRetrying { try SocketConnection.connect(unixPath: socket) }
        defer { client.close() }
        try client.setReceiveTimeout(seconds: 60)
        var pending: [UInt8] = []
        /// The next line the daemon sends.
        func nextLine() throws -> [UInt8] {
            while true {
                if let newline = pending.firstIndex(of: 10) {
                    let line = Array(pending[..<newline])
                    pending.removeFirst(newline + 1)
                    return line
                }
                let bytes = try client.read(upTo: 1 << 20)
                if bytes.isEmpty { throw BenchError("the daemon closed the socket") }
                pending += bytes
            }
        }
        var times: [Double] = [], sizes: [Double] = [], failures = 0
        for round in 0..<3 {
            for (i, (a, b)) in pairs.enumerated() {
                let id = round * 1_000 + i
                let request = "{\"cmd\":\"route\",\"id\":\(id),\"waypoints\":[[\(a.longitude),\(a.latitude)],[\(b.longitude),\(b.latitude)]]}\n"
                let sent = Stopwatch.now()
                try client.sendAll(Array(request.utf8))
                while true {
                    let line = try nextLine()
                    let elapsed = Stopwatch.now() - sent  // the last byte is in; parsing it is the client's time
                    guard let value = try? JSONParser.parse(line, source: "reply"), value["id"]?.intValue == id else { continue }
                    if value["class"]?.stringValue == "REPLY" {
                        if round > 0 { times.append(elapsed * 1000); sizes.append(Double(line.count)) }  // round 0 warms up
                    } else {
                        if failures == 0 { print("  first failure: \(String(decoding: line, as: UTF8.self))") }
                        failures += 1
                    }
                    break
                }
            }
        }
        print(String(format: "route reply over the socket (Milan, 3 km, steps+banners+voice): median %.2f ms, p90 %.2f, p99 %.2f; reply %.0f KiB median; %d of %d failed",
                     BenchSupport.percentile(times, 0.5), BenchSupport.percentile(times, 0.9), BenchSupport.percentile(times, 0.99),
                     BenchSupport.percentile(sizes, 0.5) / 1024, failures, pairs.count * 3))
    }
}
