import Foundation
import Geodesy
import Timekeeping
import WireProtocol

/// Turns server messages into the lines `waygate watch` shows: what a driver or a tester
/// wants to read at a glance (next maneuver and distance, road, remaining distance and time,
/// speed and limit, the road ahead and whether it is the route's, session and camera state).
/// Pure; units follow `imperial`.
struct WatchFormatter {
    /// Whether distances and speeds are shown in miles/feet and mph.
    var imperial = false

    /// The line for `message`, or nil for messages not worth a line (REPLY to subscribe).
    func line(for message: ServerMessage) -> String? {
        let text: String? = switch message {
        case .hello(let hello): "connected to waygate \(hello.version) (protocol \(hello.protocolVersion), \(hello.session.mode.rawValue))"
        case .reply: nil
        case .error(let error): "error: \(error.description)"
        case .dropped(let dropped): "(\(dropped.count) events dropped: reading too slowly)"
        case .event(let event): "\(clock(event.time)) " + describe(event.payload)
        }
        return text.map(Self.printable)
    }

    /// `text` with its control characters (C0, DEL, C1), which the server's strings carry from the
    /// map (a road name with a newline or a tab), written as escapes (`\n`, `\t`, `\u{009B}`): a
    /// message stays one line, and map data cannot move the cursor or drive the terminal.
    static func printable(_ text: String) -> String {
        let isControl = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory == .control }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) { out.append(contentsOf: scalar.escaped(asASCII: true).unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    private func clock(_ time: WireTime) -> String {
        let c = time.timestamp.components
        return pad(c.hour) + ":" + pad(c.minute) + ":" + pad(Int(c.second))
    }

    private func describe(_ payload: EventPayload) -> String {
        switch payload {
        case .location(let m):
            var parts = ["\(m.mode >= 3 ? "3D" : m.mode == 2 ? "2D" : "no fix")"]
            if let lat = m.lat, let lon = m.lon { parts.append(String(format: "%.6f,%.6f", lat, lon)) }
            if let s = m.speed { parts.append(speed(s)) }
            if let c = m.course { parts.append(String(format: "course %.0f°", c)) }
            if let h = m.horizontalAccuracy { parts.append("±" + distance(h)) }
            if let n = m.satellitesUsed { parts.append("\(n) sats") }
            if m.simulated { parts.append("simulated") }
            return "LOCATION " + parts.joined(separator: "  ")
        case .sky(let m):
            return "SKY " + "\(m.satellites.filter(\.used).count)/\(m.satellites.count) satellites used" + (m.hdop.map { String(format: "  hdop %.1f", $0) } ?? "")
        case .nmea(let m): return "NMEA " + m.sentence
        case .device(let m):
            return "DEVICE \(m.source) \(m.state.rawValue)" + (m.driver.map { " (\($0)" + (m.baud.map { ", \($0) baud" } ?? "") + ")" } ?? "")
        case .match(let m):
            guard let road = m.road, !m.offroad else { return String(format: "MATCH off road (confidence %.2f)", m.confidence) }
            var text = "MATCH on " + (road.name ?? road.ref ?? "unnamed \(road.roadClass)")
            if let ref = road.ref, road.name != nil { text += " (\(ref))" }
            text += "  \(road.roadClass)"
            if let limit = road.speedLimit { text += "  limit \(limit)" }
            text += String(format: "  confidence %.2f", m.confidence)
            if let ahead = m.horizon?.first(where: { $0.name != road.name }), let name = ahead.name {
                text += "  then \(name)" + (m.horizonPath == "route" ? " (route)" : "")
            }
            return text
        case .progress(let m):
            var text = "PROGRESS"
            if let up = m.upcoming {
                text += " in \(distance(up.distance)) \(up.type)" + (up.modifier.map { " \($0)" } ?? "") + (up.name.map { $0.isEmpty ? "" : " onto \($0)" } ?? "")
            }
            if let road = m.roadName, !road.isEmpty { text += "  on \(road)" }
            text += "  \(distance(m.distanceRemaining)) / \(duration(m.durationRemaining)) left"
            if m.offRoute { text += "  OFF ROUTE" }
            return text
        case .banner(let m): return "BANNER " + m.primary.text
        case .voice(let m): return "VOICE \"\(m.announcement)\""
        case .reroute(let m): return "REROUTE \(m.reason.rawValue) \(m.state.rawValue)"
        case .arrival(let m): return "ARRIVAL " + (m.final ? "at destination" : "at waypoint \(m.waypointIndex)") + (m.name.map { " \($0)" } ?? "")
        case .session(let m): return "SESSION \(m.mode.rawValue)" + (m.previous.map { " (was \($0.rawValue))" } ?? "")
        case .camera(let m):
            return "CAMERA \(m.state.rawValue)" + (m.frame.map { String(format: "  zoom %.1f  bearing %.0f°  pitch %.0f°", $0.zoom, $0.bearing, $0.pitch) } ?? "")
        }
    }

    func distance(_ meters: Double) -> String {
        if imperial {
            let feet = meters / 0.3048
            return abs(feet) < 1000 ? String(format: "%.0f ft", (feet / 10).rounded() * 10) : String(format: "%.1f mi", meters / 1609.344)
        }
        return abs(meters) < 1000 ? String(format: "%.0f m", meters.rounded()) : String(format: "%.1f km", meters / 1000)
    }

    func speed(_ metersPerSecond: Double) -> String {
        imperial ? String(format: "%.0f mph", metersPerSecond / 0.44704) : String(format: "%.0f km/h", metersPerSecond * 3.6)
    }

    func duration(_ seconds: Double) -> String {
        // A value no drive has (a server's garbage) is printed, not converted to Int (which traps).
        guard seconds.isFinite, abs(seconds) < 1e9 else { return String(format: "%.0f s", seconds) }
        let minutes = Int((seconds / 60).rounded())
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    private func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
