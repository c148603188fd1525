import JSON
import Geodesy
public import Positioning
import Timekeeping

/// JSON-lines fix logs: one object per line, `{"time","lat","lon"[,"alt","speed","course","h_acc","simulated"]}`
/// (the LOCATION fields; metres, m/s, degrees; `time` ISO 8601 UTC or seconds since 1970).
/// Blank lines and lines starting with `#` are skipped. `waygate simulate --format jsonl` writes these.
public enum FixLog {
    /// The fixes of a log, in order; a line with `alt` is a 3D fix, otherwise 2D (unless it has `mode`).
    /// - Throws: `RouteFormatError` naming the line, e.g. `JSONL line 3: lat missing`.
    public static func read(_ bytes: [UInt8]) throws -> [Fix] {
        var fixes: [Fix] = []
        var lineNumber = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(rawLine)
            if line.last == 0x0D { line.removeLast() }
            guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }), first != UInt8(ascii: "#") else { continue }
            let source = "JSONL line \(lineNumber)"
            let value = try parseJSON(line, source: "JSONL", firstLine: lineNumber)
            let node = JSONNode(value: value, source: source)
            fixes.append(try fix(node))
        }
        guard !fixes.isEmpty else { throw RouteFormatError.empty(source: "JSONL", what: "fixes") }
        return fixes
    }

    private static func fix(_ node: JSONNode) throws -> Fix {
        let latitude = try node.number("lat"), longitude = try node.number("lon")
        let c = Coordinate(latitude: latitude, longitude: longitude)
        guard c.isValid else {
            throw RouteFormatError.invalidValue(source: node.source, path: "lat/lon", problem: "\(latitude),\(longitude) is not a position")
        }
        var time: Timestamp?
        if let t = node.optional("time") {
            if let seconds = t.value.doubleValue {
                // Years 1970–5138: anything else is not a fix time (and would not print as ISO 8601).
                guard seconds >= 0, seconds < 1e11 else { throw t.invalid("\(seconds) is not a time in seconds since 1970") }
                time = Timestamp(secondsSince1970: seconds)
            } else {
                let text = try t.string()
                guard let parsed = Timestamp(iso8601: text) else { throw t.invalid("\"\(text)\" is not an ISO 8601 time") }
                time = parsed
            }
        }
        let altitude = try node.optionalNumber("alt")
        var mode: FixMode = altitude == nil ? .twoD : .threeD
        if let m = try node.optionalInteger("mode"), let given = FixMode(rawValue: m) { mode = given }
        var fix = Fix(time: time, mode: mode, coordinate: c, isSimulated: try node.optional("simulated")?.bool() ?? false)
        fix.altitudeMSL = altitude
        fix.speed = try node.optionalNumber("speed")
        fix.course = try node.optionalNumber("course")
        fix.horizontalAccuracy = try node.optionalNumber("h_acc")
        return fix
    }

    /// One line (with its `\n`) per fix that has a coordinate; `simulated` only when true.
    public static func write(_ fixes: [Fix]) -> [UInt8] {
        var out: [UInt8] = []
        for fix in fixes {
            guard let c = fix.coordinate else { continue }
            var members: [JSONMember] = []
            if let time = fix.time { members.append(JSONMember("time", .string(time.iso8601))) }
            members += [JSONMember("lat", .number(c.latitude)), JSONMember("lon", .number(c.longitude))]
            let optionals: [(String, Double?)] = [
                ("alt", fix.altitudeMSL), ("speed", fix.speed), ("course", fix.course), ("h_acc", fix.horizontalAccuracy),
            ]
            for (key, value) in optionals {
                if let value { members.append(JSONMember(key, .number(value))) }
            }
            if fix.isSimulated { members.append(JSONMember("simulated", .bool(true))) }
            out += JSONValue.object(members).serialized
            out.append(0x0A)
        }
        return out
    }
}
