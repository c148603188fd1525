import JSON
/// The kinds of route and trace files Waygate recognises, told apart by content (never by
/// file extension): see `sniff(_:)`.
public enum RouteFileFormat: String, Sendable, Hashable, CaseIterable {
    /// A Directions v5 / OSRM / Valhalla-OSRM response or route object.
    case directionsJSON = "osrm"
    /// GeoJSON (LineString, Feature, FeatureCollection…).
    case geoJSON = "geojson"
    /// GPX 1.0/1.1.
    case gpx
    /// JSON lines of fixes (`{"time","lat","lon",…}` per line).
    case jsonLines = "jsonl"
    /// An NMEA 0183 log (read by the `NMEA` module, not here).
    case nmea

    /// Recognises the format from the first bytes: `<gpx` → GPX; `$`/`!` sentences → NMEA;
    /// a first line that is a whole JSON object with `lat` and `lon` → JSON lines; a JSON object
    /// with a GeoJSON `type` → GeoJSON; one with `routes`, `legs` or `code` → Directions JSON.
    /// Errors describe unknown content (text, binary data) and never quote it.
    /// - Throws: `RouteFormatError.unrecognizedFormat` saying what the content looks like.
    public static func sniff(_ bytes: [UInt8]) throws -> RouteFileFormat {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { throw RouteFormatError.unrecognizedFormat(reason: "the input is empty") }
        switch bytes[start] {
        case UInt8(ascii: "<"):
            let head = String(decoding: bytes[start..<min(bytes.count, start + 4096)], as: UTF8.self)
            if head.contains("<gpx") || head.contains(":gpx") { return .gpx }
            if head.contains("<osm") { throw RouteFormatError.unrecognizedFormat(reason: "an OpenStreetMap XML file, not a route") }
            throw RouteFormatError.unrecognizedFormat(reason: "XML without a <gpx> root")
        case UInt8(ascii: "$"), UInt8(ascii: "!"):
            return .nmea
        case UInt8(ascii: "#"):
            return .jsonLines
        case UInt8(ascii: "{"):
            return try sniffJSON(Array(bytes[start...]))
        default:
            // Described, never quoted: the file may be anything (issue 11: a route_file of /etc/shadow).
            let head = bytes[start..<min(bytes.count, start + 512)]
            let isText = head.allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            throw RouteFormatError.unrecognizedFormat(reason: "\(isText ? "text" : "binary data") that is neither JSON, XML nor NMEA")
        }
    }

    private static func sniffJSON(_ bytes: [UInt8]) throws -> RouteFileFormat {
        if let newline = bytes.firstIndex(of: 0x0A), let first = try? parseJSON(Array(bytes[..<newline]), source: "JSONL line 1"),
            first["lat"] != nil, first["lon"] != nil
        {
            return .jsonLines
        }
        let document: JSONValue
        do {
            document = try parseJSON(bytes, source: "JSON")
        } catch {
            throw RouteFormatError.unrecognizedFormat(reason: "JSON that does not parse (\(error))")
        }
        if document["lat"] != nil, document["lon"] != nil { return .jsonLines }
        if case .string(let type) = document["type"],
            ["FeatureCollection", "Feature", "LineString", "MultiLineString", "GeometryCollection"].contains(type)
        {
            return .geoJSON
        }
        if document["routes"] != nil || document["legs"] != nil || document["code"] != nil || document["trip"] != nil {
            return .directionsJSON
        }
        throw RouteFormatError.unrecognizedFormat(reason: "a JSON object that is neither Directions JSON, GeoJSON nor a fix")
    }
}
