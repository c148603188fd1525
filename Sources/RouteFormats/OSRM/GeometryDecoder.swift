import JSON
import Geodesy

/// Decodes the `geometry` members of one route object, with the polyline precision fixed for
/// the whole route: given, or detected once by comparing the first decoded point of a
/// polyline with the first maneuver's (or waypoint's) plain `[lon, lat]` location (precision 5 read as 6
/// lands ten times too close to 0°,0°; precision 6 read as 5 ten times too far).
struct GeometryDecoder {
    /// The precision used for encoded polylines.
    let precision: Int

    /// A decoder for the route object `route`, detecting the precision unless `fixedPrecision`
    /// is set; `waypoint` (the response's first waypoint) is the reference when the route has no steps.
    init(route: JSONNode, fixedPrecision: Int?, waypoint: Coordinate?) {
        precision = fixedPrecision ?? Self.detectPrecision(route, waypoint: waypoint)
    }

    private static func detectPrecision(_ route: JSONNode, waypoint: Coordinate?) -> Int {
        let steps = (try? route.optionalElements("legs").flatMap { try $0.optionalElements("steps") }) ?? []
        let encoded = ([route.optional("geometry")] + steps.map { $0.optional("geometry") })
            .compactMap { node -> String? in
                guard let node, case .string(let s) = node.value, !s.isEmpty else { return nil }
                return s
            }
        guard let sample = encoded.first else { return 6 }
        let p6 = PolylineCodec.decode(sample, precision: 6)?.first
        let p5 = PolylineCodec.decode(sample, precision: 5)?.first
        guard let p6, p6.isValid else { return 5 }
        guard let p5, p5.isValid else { return 6 }
        let reference = steps.first.flatMap { try? $0.field("maneuver").field("location").coordinate() } ?? waypoint
        guard let reference else { return 6 }
        return p5.distance(to: reference) < p6.distance(to: reference) ? 5 : 6
    }

    /// Whether no value of an encoded polyline is longer than 8 characters (40 bits): a real
    /// coordinate delta never is, and rejecting longer ones up front keeps the decoder's sums
    /// far from integer overflow on hostile input.
    static func hasPlausibleChunks(_ s: String) -> Bool {
        var run = 0
        for b in s.utf8 {
            guard b >= 63, b < 127 else { return false }
            run = b - 63 >= 0x20 ? run + 1 : 0
            if run >= 8 { return false }
        }
        return true
    }

    /// The coordinates of a `geometry` member: an encoded polyline or a GeoJSON LineString.
    func decode(_ node: JSONNode) throws -> [Coordinate] {
        switch node.value {
        case .string(let s):
            guard Self.hasPlausibleChunks(s), let line = PolylineCodec.decode(s, precision: precision), line.allSatisfy(\.isValid) else {
                throw node.invalid("is not a valid encoded polyline")
            }
            return line
        case .object:
            let type = try node.string("type")
            guard type == "LineString" else { throw node.invalid("is a GeoJSON \(type), expected a LineString") }
            return try node.field("coordinates").elements().map { try $0.coordinate() }
        default:
            throw RouteFormatError.wrongType(source: node.source, path: node.path, expected: "a polyline string or a GeoJSON LineString")
        }
    }
}
