public import Geodesy
public import RoadGraph

/// The base map of the live page: the roads of the graph inside a view as GeoJSON, by class
/// (major roads only at low zoom, everything from zoom 15), each simplified to about one pixel.
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

    /// Whether roads of `roadClass` are drawn at `zoom`.
    public static func isVisible(_ roadClass: RoadClass, zoom: Int) -> Bool {
        switch zoom {
        case ..<11: roadClass.rawValue <= RoadClass.trunkLink.rawValue
        case 11: roadClass.rawValue <= RoadClass.primaryLink.rawValue
        case 12: roadClass.rawValue <= RoadClass.secondaryLink.rawValue || roadClass == .ferry
        case 13: roadClass.rawValue <= RoadClass.tertiaryLink.rawValue || roadClass == .ferry
        case 14: roadClass.rawValue <= RoadClass.service.rawValue || roadClass == .ferry
        default: true
        }
    }

    /// A GeoJSON FeatureCollection of LineStrings with properties `class` (OSM highway value),
    /// `name` and `ref` (when tagged), `oneway` (bool), `speed_limit` (km/h, when tagged).
    /// Coordinates are `[lon, lat]` rounded to 6 decimals (5 below zoom 14).
    public func geoJSON(for query: RoadQuery) -> [UInt8] {
        let tolerance = query.metersPerPixel
        let digits = query.zoom >= 14 ? 6 : 5
        var out: [UInt8] = []
        out.reserveCapacity(64 * 1024)
        out.append(contentsOf: "{\"type\":\"FeatureCollection\",\"features\":[".utf8)
        var first = true
        graph.forEachShape(in: query.box) { edgeID, vertices in
            let edge = graph[edgeID]
            guard Self.isVisible(edge.roadClass, zoom: query.zoom) else { return }
            let kept = LineSimplification.keptIndexes(vertices, tolerance: tolerance)
            guard kept.count >= 2 else { return }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            var properties = "\"class\":\"\(edge.roadClass.osmValue)\""
            if let name = graph.name(of: edgeID) { properties += ",\"name\":" + JSONText.quoted(name) }
            if let ref = graph.ref(of: edgeID) { properties += ",\"ref\":" + JSONText.quoted(ref) }
            let oneway = graph.twin(of: edgeID) == nil
            properties += oneway ? ",\"oneway\":true" : ",\"oneway\":false"
            if let kmh = edge.speedLimit?.kilometersPerHour { properties += ",\"speed_limit\":\(Int(kmh.rounded()))" }
            out.append(contentsOf: "{\"type\":\"Feature\",\"properties\":{\(properties)},\"geometry\":{\"type\":\"LineString\",\"coordinates\":[".utf8)
            let base = vertices.startIndex
            for (k, i) in kept.enumerated() {
                let c = vertices[base + i]
                if k > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: "[\(Self.fixed(c.longitude, digits)),\(Self.fixed(c.latitude, digits))]".utf8)
            }
            out.append(contentsOf: "]}}".utf8)
        }
        out.append(contentsOf: "]}\n".utf8)
        return out
    }

    /// `value` with at most `digits` decimals and no trailing zeros (no Foundation formatting).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * scale).rounded()
        let negative = scaled < 0
        let magnitude = Int64(abs(scaled))
        let divisor = Int64(scale)
        var fraction = String(magnitude % divisor)
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = "\(negative ? "-" : "")\(magnitude / divisor)"
        return fraction.isEmpty ? whole : whole + "." + fraction
    }
}
