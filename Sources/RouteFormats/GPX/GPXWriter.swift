import Geodesy
import Timekeeping
import XMLScanning
public import Positioning
public import RouteModel

/// Writes GPX 1.1: a trace as a track (`trk`/`trkseg`/`trkpt` with `ele`, `time`, and speed and
/// course in the GPX 1.0 element names that most tools read), or a route's shape as a `rte`.
public enum GPXWriter {
    /// A GPX document with one track of `fixes` (fixes without a coordinate are skipped).
    public static func track(_ fixes: [Fix], name: String = "") -> [UInt8] {
        var body = "  <trk>\n"
        if !name.isEmpty { body += "    <name>\(XMLText.escaped(name))</name>\n" }
        body += "    <trkseg>\n"
        for fix in fixes {
            guard let c = fix.coordinate else { continue }
            body += "      <trkpt lat=\"\(format(c.latitude))\" lon=\"\(format(c.longitude))\">"
            if let alt = fix.altitudeMSL { body += "<ele>\(format(alt))</ele>" }
            if let time = fix.time { body += "<time>\(time.iso8601)</time>" }
            if let course = fix.course { body += "<course>\(format(course))</course>" }
            if let speed = fix.speed { body += "<speed>\(format(speed))</speed>" }
            body += "</trkpt>\n"
        }
        body += "    </trkseg>\n  </trk>\n"
        return document(body)
    }

    /// A GPX document with the route's shape as one `rte`, named after its first leg's summary.
    public static func route(_ route: Route) -> [UInt8] {
        var body = "  <rte>\n"
        if let summary = route.legs.first?.summary, !summary.isEmpty { body += "    <name>\(XMLText.escaped(summary))</name>\n" }
        for c in route.geometry {
            body += "    <rtept lat=\"\(format(c.latitude))\" lon=\"\(format(c.longitude))\"/>\n"
        }
        body += "  </rte>\n"
        return document(body)
    }

    private static func document(_ body: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<gpx version=\"1.1\" creator=\"Waygate\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n" + body + "</gpx>\n").utf8)
    }
}

/// A GPX number: the shortest form that reads back to the same double, `.0` dropped (as in JSON).
private func format(_ value: Double) -> String {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}
