import Foundation
import Geodesy
import OSMImport
import RoadGraph
import SystemIO

/// A benchmark that cannot run, and why (no route on the map, a reference that did not start).
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Small measuring helpers shared by the routing and matching benchmarks.
enum BenchSupport {
    /// CPU time used by the whole process so far, seconds.
    static func cpuTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Peak resident set size of this process (VmHWM in /proc/self/status), megabytes; nil when unreadable.
    static func peakResidentMegabytes() -> Double? { ProcessUsage.peakResidentBytes.map { Double($0) / 1_048_576 } }

    /// The `p`-quantile (0…1, nearest rank) of `values`; 0 when empty.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    /// The road graph of `traces/maps/<name>.osm.pbf`, imported.
    static func importMap(_ name: String) throws -> RoadGraph {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "traces/maps/\(name).osm.pbf")))
        return try OSMImporter().importGraph(from: bytes).graph
    }

    /// Latitude and longitude ranges of the graph's nodes (degrees), nil for an empty graph.
    static func bounds(of graph: RoadGraph) -> (latitude: ClosedRange<Double>, longitude: ClosedRange<Double>)? {
        let latitudes = graph.nodes.map(\.latitude), longitudes = graph.nodes.map(\.longitude)
        guard let south = latitudes.min(), let north = latitudes.max(), let west = longitudes.min(), let east = longitudes.max() else { return nil }
        return (south...north, west...east)
    }

    /// Seeded random points inside `bounds`, one per call.
    static func randomPoint(in bounds: (latitude: ClosedRange<Double>, longitude: ClosedRange<Double>),
                            using generator: inout some RandomNumberGenerator) -> Coordinate {
        Coordinate(latitude: Double.random(in: bounds.latitude, using: &generator),
                   longitude: Double.random(in: bounds.longitude, using: &generator))
    }

    /// Host and port of the server whose base URL (e.g. http://127.0.0.1:5000) is in environment
    /// variable `name`; nil when unset.
    static func server(_ name: String) -> (host: String, port: UInt16)? {
        guard let url = ProcessInfo.processInfo.environment[name],
              let components = URLComponents(string: url), let host = components.host else { return nil }
        return (host, UInt16(components.port ?? 80))
    }

    /// The JSON object answered to a plain HTTP/1.0 request (GET, or POST with `body`) of `path`
    /// on `server`; nil when the answer holds no JSON object. With a `timeout` (seconds) a server
    /// silent that long throws instead of being waited for.
    static func httpJSON(_ server: (host: String, port: UInt16), path: String, body: [UInt8]? = nil, timeout: Double = 0) throws -> [String: Any]? {
        let connection = try SocketConnection.connect(host: server.host, port: server.port)
        defer { connection.descriptor.close() }
        if timeout > 0 { try connection.setReceiveTimeout(seconds: timeout) }
        var request = "\(body == nil ? "GET" : "POST") \(path) HTTP/1.0\r\nHost: \(server.host)\r\nConnection: close\r\n"
        if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        try connection.sendAll(Array((request + "\r\n").utf8) + (body ?? []))
        var response: [UInt8] = []
        while true {
            let chunk = try connection.read(upTo: 1 << 16)
            if chunk.isEmpty { break }
            response += chunk
        }
        guard let start = response.firstIndex(of: UInt8(ascii: "{")), let end = response.lastIndex(of: UInt8(ascii: "}")) else { return nil }
        return try JSONSerialization.jsonObject(with: Data(response[start...end])) as? [String: Any]
    }

    /// `lon,lat;lon,lat…` as OSRM wants coordinates in a URL.
    static func osrmCoordinates(_ coordinates: [Coordinate]) -> String {
        coordinates.map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }.joined(separator: ";")
    }
}
