import JSON
import NMEA
import OSMImport
import RoadGraph
import RouteFormats
import Routing
import WireProtocol

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
    /// The socket's request path: line framing, then `RequestDecoder`; a request it accepts
    /// must encode to a line it accepts again.
    case request
    /// The JSON parser alone; what `JSONWriter` writes of a value it accepts must parse back
    /// and write to the same bytes.
    case json

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
        case .request:
            var framer = LineFramer()
            for case .line(let line) in framer.push(bytes) {
                guard case .success(let request) = RequestDecoder.decode(line: line) else { continue }
                guard case .success = RequestDecoder.decode(line: request.line.dropLast()) else {
                    fatalError("request \(request) does not encode to a line that decodes")
                }
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
