import Geodesy
public import Positioning
public import RouteModel
import Timekeeping

/// Reads GeoJSON routes and traces: a bare `LineString` or `MultiLineString`, a `Feature`
/// holding one, or a `FeatureCollection` (each line feature is one route; points are skipped).
/// A feature's `properties.name` names the route; `properties.coordTimes` or `times` (ISO 8601
/// per position, as togeojson writes them) give trace times, and a third position element
/// the altitude.
public enum GeoJSONReader {
    static let source = "GeoJSON"

    /// One line of a GeoJSON document with what the feature said about it.
    struct Line {
        var name: String
        var coordinates: [Coordinate]
        var altitudes: [Double?]
        var times: [Timestamp?]
    }

    /// Every line as a drivable route of one leg (depart + arrive); durations from the times
    /// when every position has one, else from `RouteDefaults` for `profile`.
    /// - Throws: `RouteFormatError` for malformed JSON, a non-GeoJSON object or no line at all.
    public static func routes(_ bytes: [UInt8], profile: String = "car") throws -> [Route] {
        try lines(bytes).compactMap { line in
            guard line.coordinates.count >= 2 else { return nil }
            var duration: Double?
            if let start = line.times.first ?? nil, let end = line.times.last ?? nil, end > start { duration = end.seconds(since: start) }
            return Route.following(line.coordinates, name: line.name, mode: RouteDefaults.mode(forProfile: profile), duration: duration)
        }
    }

    /// The positions of every line as fixes, with times and altitudes where given.
    public static func trace(_ bytes: [UInt8]) throws -> [Fix] {
        try lines(bytes).flatMap { line in
            line.coordinates.indices.map { i in
                var fix = Fix(time: line.times[i], mode: line.altitudes[i] == nil ? .twoD : .threeD, coordinate: line.coordinates[i])
                fix.altitudeMSL = line.altitudes[i]
                return fix
            }
        }
    }

    static func lines(_ bytes: [UInt8]) throws -> [Line] {
        let root = JSONNode(value: try parseJSON(bytes, source: source), source: source)
        let found = try lines(in: root, name: "", properties: nil)
        guard !found.isEmpty else { throw RouteFormatError.empty(source: source, what: "LineString") }
        return found
    }

    private static func lines(in node: JSONNode, name: String, properties: JSONNode?) throws -> [Line] {
        let type = try node.string("type")
        switch type {
        case "FeatureCollection":
            return try node.field("features").elements().flatMap { try lines(in: $0, name: "", properties: nil) }
        case "Feature":
            let props = node.optional("properties")
            let featureName = try props?.optionalString("name") ?? ""
            guard let geometry = node.optional("geometry") else { return [] }
            return try lines(in: geometry, name: featureName, properties: props)
        case "GeometryCollection":
            return try node.field("geometries").elements().flatMap { try lines(in: $0, name: name, properties: properties) }
        case "LineString":
            return [try line(try node.field("coordinates").elements(), name: name, times: try times(properties))]
        case "MultiLineString":
            let parts = try node.field("coordinates").elements()
            let allTimes = try properties?.optional("coordTimes")?.elements()
            return try parts.enumerated().map { i, part in
                let t = try allTimes.flatMap { i < $0.count ? try $0[i].elements().map { try time($0) } : nil }
                return try line(try part.elements(), name: name, times: t)
            }
        case "Point", "MultiPoint", "Polygon", "MultiPolygon":
            return []
        default:
            throw node.invalid("has unknown GeoJSON type \"\(type)\"")
        }
    }

    private static func times(_ properties: JSONNode?) throws -> [Timestamp?]? {
        guard let list = properties?.optional("coordTimes") ?? properties?.optional("times") else { return nil }
        return try list.elements().map { try time($0) }
    }

    private static func time(_ node: JSONNode) throws -> Timestamp? {
        let text = try node.string()
        guard let t = Timestamp(iso8601: text) else { throw node.invalid("\"\(text)\" is not an ISO 8601 time") }
        return t
    }

    private static func line(_ positions: [JSONNode], name: String, times: [Timestamp?]?) throws -> Line {
        var result = Line(name: name, coordinates: [], altitudes: [], times: [])
        for (i, p) in positions.enumerated() {
            result.coordinates.append(try p.coordinate())
            let parts = try p.elements()
            result.altitudes.append(parts.count >= 3 ? try parts[2].number() : nil)
            result.times.append(times.flatMap { i < $0.count ? $0[i] : nil })
        }
        return result
    }
}
