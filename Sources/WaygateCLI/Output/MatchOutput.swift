import Foundation
import Geodesy
import MapMatching
import Positioning
import Timekeeping

/// The JSON and GeoJSON documents `waygate match` prints (PROTOCOL.md "waygate match").
enum MatchOutput {
    static func json(fixes: [Fix], match: TraceMatch) -> String {
        var entries: [String] = []
        for (fix, point) in zip(fixes, match.points) {
            var entry: [String] = []
            if let t = fix.time { entry.append("\"time\":\"\(t.iso8601)\"") }
            if let c = fix.coordinate { entry.append("\"lat\":\(number(c.latitude, 9)),\"lon\":\(number(c.longitude, 9))") }
            if let p = point {
                var m = "\"lat\":\(number(p.coordinate.latitude, 9)),\"lon\":\(number(p.coordinate.longitude, 9)),\"bearing\":\(number(p.bearing, 1)),\"way_id\":\(p.wayID)"
                if let name = p.name { m += ",\"name\":" + quoted(name) }
                m += ",\"distance\":\(number(p.distance, 2))"
                entry.append("\"matched\":{\(m)}")
            }
            entries.append("{" + entry.joined(separator: ",") + "}")
        }
        let wayIDs = path(match).wayIDs.map(String.init).joined(separator: ",")
        let geometry = quoted(PolylineCodec.encode(path(match).geometry, precision: 6))
        return "{\"fixes\":[\(entries.joined(separator: ","))],\"path\":{\"way_ids\":[\(wayIDs)],\"geometry\":\(geometry)}}"
    }

    static func geoJSON(fixes: [Fix], match: TraceMatch) -> String {
        let line = path(match).geometry.map { "[\(number($0.longitude, 7)),\(number($0.latitude, 7))]" }.joined(separator: ",")
        var features = ["{\"type\":\"Feature\",\"properties\":{\"kind\":\"path\"},\"geometry\":{\"type\":\"LineString\",\"coordinates\":[\(line)]}}"]
        for (index, point) in match.points.enumerated() {
            guard let p = point else { continue }
            let name = p.name.map { ",\"name\":" + quoted($0) } ?? ""
            features.append(
                "{\"type\":\"Feature\",\"properties\":{\"kind\":\"fix\",\"index\":\(index),\"way_id\":\(p.wayID)\(name),\"distance\":\(number(p.distance, 2))},"
                    + "\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(number(p.coordinate.longitude, 7)),\(number(p.coordinate.latitude, 7))]}}")
        }
        return "{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}"
    }

    /// The matched path: offline, the matcher's segments; live, the ways in the order first matched.
    private static func path(_ match: TraceMatch) -> (wayIDs: [Int64], geometry: [Coordinate]) {
        if !match.segments.isEmpty {
            return (match.segments.flatMap(\.wayIDs), match.segments.flatMap(\.geometry))
        }
        var ways: [Int64] = []
        for p in match.points.compactMap({ $0 }) where ways.last != p.wayID { ways.append(p.wayID) }
        return (ways, match.points.compactMap { $0?.coordinate })
    }

    private static func number(_ v: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let r = (v * scale).rounded() / scale
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : String(r)
    }

    private static func quoted(_ s: String) -> String {
        String(decoding: (try? JSONEncoder().encode(s)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
