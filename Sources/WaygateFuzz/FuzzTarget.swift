import Geodesy
import GPSDProtocol
import JSON
import NMEA
import OSMImport
import RoadGraph
import RouteFormats
import Routing
import WireProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The inputs `waygate-fuzz` can feed: each runs one decoder on arbitrary bytes and must never
/// crash, whatever it returns or throws.
enum FuzzTarget: String, CaseIterable {
    /// The NMEA stream decoder (framing, parsing, cycle assembly), fed in two chunks.
    case nmea
    /// The JSON parser and every route and trace reader (OSRM, Mapbox, Valhalla, GeoJSON, JSONL).
    case routes
    /// The GPX reader.
    case gpx
    /// .osm XML and .osm.pbf import (the PBF block decoder, the XML reader, graph building).
    case osm
    /// The map cache readers: a serialized road graph and a serialized hierarchy.
    case cache
    /// The route planner's tables image, read (verified) against the graph of the seed map
    /// `fuzz/seeds/osm/grid.osm` (read from the working directory: run from the repository root);
    /// a planner it accepts must plan a route without crashing.
    case tables
    /// The socket's request path: line framing, then `RequestDecoder`; a request it accepts
    /// must encode to a line it accepts again.
    case request
    /// The JSON parser alone; what `JSONWriter` writes of a value it accepts must parse back
    /// and write to the same bytes.
    case json
    /// The gpsd port's `?WATCH=` reader (gpsd's microjson rules, on text from the network),
    /// from a fresh policy and from one with every flag set; the policy it leaves is echoed.
    case gpsd

    /// Runs the target on `bytes`.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .nmea:
            var decoder = NMEAStreamDecoder()
            let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % bytes.count
            _ = decoder.push(bytes[..<cut])
            _ = decoder.push(bytes[cut...])
            _ = decoder.finish()
        case .routes:
            _ = try? RouteFile.readRoutes(bytes)
            _ = try? RouteFile.readTrace(bytes)
            _ = try? OSRMReader().readResponse(bytes)
        case .gpx:
            _ = try? GPXReader.read(bytes)
        case .osm:
            _ = try? OSMImporter().importGraph(from: bytes)
        case .cache:
            _ = try? RoadGraph(serialized: bytes)
            _ = try? ContractionHierarchy(serialized: bytes)
        case .tables:
            guard let graph = seedGraph else { fatalError("the tables target needs \(seedMapPath) (run from the repository root)") }
            let image = HeapBytes(copying: bytes)
            guard let planner = try? RoutePlanner(graph: graph, tables: image.buffer, owner: image, hierarchies: [], verifying: true) else { return }
            let ends = [Coordinate(latitude: 60, longitude: 24), Coordinate(latitude: 60.001, longitude: 24.001)]
            _ = try? planner.plan(RouteRequest(waypoints: ends.map { RouteWaypoint($0) }))
        case .request:
            var framer = LineFramer()
            for case .line(let line) in framer.push(bytes) {
                guard case .success(let request) = RequestDecoder.decode(line: line) else { continue }
                guard case .success = RequestDecoder.decode(line: request.line.dropLast()) else {
                    fatalError("request \(request) does not encode to a line that decodes")
                }
            }
        case .gpsd:
            var everything = Watch(nmea: true, device: "/dev/ttyUSB0")
            (everything.raw, everything.scaled, everything.timing, everything.split24, everything.pps) = (2, true, true, true, true)
            let text = String(decoding: bytes, as: UTF8.self)
            for start in [Watch(enable: nil, json: nil), everything] {
                _ = start.updated(byRequest: text).policy.jsonText
            }
        case .json:
            // Not value equality: an integral `.number` (from `3.0` or `1e2`) is written as `3`
            // and reads back as `.integer`, by design. What was written must read back to the
            // same bytes when written again.
            guard let value = try? JSONParser.parse(bytes, source: "fuzz") else { return }
            let written = value.serialized
            guard let again = try? JSONParser.parse(written, source: "fuzz"), again.serialized == written else {
                fatalError("written JSON does not read back to the same value")
            }
        }
    }
}

/// The seed map the `tables` target's images were made for.
let seedMapPath = "fuzz/seeds/osm/grid.osm"

/// The graph of `seedMapPath`, imported once; nil when the file cannot be read or imported.
let seedGraph: RoadGraph? = {
    guard let file = fopen(seedMapPath, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return try? OSMImporter().importGraph(from: bytes).graph
}()
