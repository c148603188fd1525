public import Geodesy
import JSON
public import RoadGraph

/// The base map of the live page: the roads of the graph inside a view as GeoJSON, by class
/// (`RoadClass.isVisible(atZoom:)`: major roads only at low zoom, everything from zoom 15), each simplified to about one pixel.
public struct RoadLayer: Sendable {
    /// The road network drawn.
    public let graph: RoadGraph

    /// The box holding every node of the graph, nil for an empty graph.
    public let extent: BoundingBox?

    /// A layer over `graph`.
    public init(graph: RoadGraph) {
        self.graph = graph
        extent = BoundingBox(enclosing: graph.nodes)
    }

    /// A GeoJSON FeatureCollection with one MultiLineString feature per road (same class, name
    /// and ref), properties `class` (the OSM highway value), `name` and `ref` when tagged.
    /// Coordinates are `[lon, lat]` rounded to 6 decimals (5 below zoom 14); each stretch is
    /// simplified with a tolerance of one screen pixel at the query's zoom.
    public func geoJSON(for query: RoadQuery) -> [UInt8] {
        let tolerance = query.metersPerPixel
        let digits = query.zoom >= 14 ? 6 : 5
        struct Key: Hashable {
            let roadClass: RoadClass
            let name: Int32
            let ref: Int32
        }
        var order: [Key] = []
        var lines: [Key: [[Coordinate]]] = [:]
        graph.forEachShape(in: query.box) { edgeID, vertices in
            let edge = graph[edgeID]
            guard edge.roadClass.isVisible(atZoom: query.zoom) else { return }
            let kept = LineSimplification.simplified(vertices, tolerance: tolerance)
            guard kept.count >= 2 else { return }
            let key = Key(roadClass: edge.roadClass, name: edge.name, ref: edge.ref)
            if lines[key] == nil { order.append(key) }
            lines[key, default: []].append(kept)
        }
        var json = JSONWriter(capacity: 64 * 1024)
        json.beginObject()
        json.member("type", text: "FeatureCollection")
        json.key("features")
        json.beginArray()
        for key in order {
            json.beginObject()
            json.member("type", text: "Feature")
            json.key("properties")
            json.beginObject()
            json.member("class", key.roadClass.osmValue)
            json.member("name", graph.string(key.name))
            json.member("ref", graph.string(key.ref))
            json.endObject()
            json.key("geometry")
            json.beginObject()
            json.member("type", text: "MultiLineString")
            json.key("coordinates")
            json.beginArray()
            for line in lines[key] ?? [] {
                json.beginArray()
                for c in line {
                    json.beginArray()
                    json.rawValue { Self.appendFixed(c.longitude, digits, to: &$0) }
                    json.rawValue { Self.appendFixed(c.latitude, digits, to: &$0) }
                    json.endArray()
                }
                json.endArray()
            }
            json.endArray()
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.endLine()
        return json.bytes
    }

    /// Appends `value` with at most `digits` decimals and no trailing zeros, as ASCII.
    static func appendFixed(_ value: Double, _ digits: Int, to out: inout [UInt8]) {
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64((value * Double(scale)).rounded())
        if scaled < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        appendDigits(magnitude / UInt64(scale), to: &out)
        var fraction = magnitude % UInt64(scale)
        guard fraction > 0 else { return }
        var width = digits
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        out.append(UInt8(ascii: "."))
        var buffer = [UInt8](repeating: UInt8(ascii: "0"), count: width)
        var i = width - 1
        while fraction > 0 && i >= 0 {
            buffer[i] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
            i -= 1
        }
        out.append(contentsOf: buffer)
    }

    private static func appendDigits(_ value: UInt64, to out: inout [UInt8]) {
        if value >= 10 { appendDigits(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
