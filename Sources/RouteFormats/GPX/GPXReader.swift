import Geodesy
import Timekeeping
import XMLScanning

/// Reads GPX 1.0 and 1.1 (namespace prefixes ignored, unknown elements skipped).
/// Errors name the line: `GPX line 12: trkpt without lat`.
public enum GPXReader {
    static let source = "GPX"

    /// The scanner's next event, its syntax errors as `GPX line N: …`.
    private static func nextEvent(_ scanner: inout XMLScanner) throws -> XMLScanner.Event? {
        do { return try scanner.next() } catch {
            throw RouteFormatError.invalidValue(source: "\(source) line \(error.line)", path: "", problem: error.reason)
        }
    }

    /// Parses a GPX document.
    /// - Throws: `RouteFormatError` for malformed XML, a document that is not `<gpx>`, or a
    ///   point with a missing or unusable `lat`/`lon`, `time` or number.
    public static func read(_ bytes: [UInt8]) throws -> GPXDocument {
        var scanner = XMLScanner(bytes)
        var document = GPXDocument()
        var path: [String] = []
        var currentPath: GPXPath?
        var point: GPXPoint?
        var text = ""
        var sawRoot = false
        while let event = try nextEvent(&scanner) {
            switch event {
            case .start(let name, let attributes, let line):
                if path.isEmpty {
                    guard name == "gpx" else {
                        throw RouteFormatError.invalidValue(source: "\(source) line \(line)", path: "", problem: "root element is <\(name)>, not <gpx>")
                    }
                    sawRoot = true
                }
                path.append(name)
                text = ""
                switch name {
                case "rte", "trk": currentPath = GPXPath(points: [])
                case "rtept", "trkpt", "wpt": point = GPXPoint(coordinate: try coordinate(attributes, element: name, line: line))
                default: break
                }
            case .text(let t):
                text += t
            case .end(let name, let line):
                path.removeLast()
                let value = text.trimmingWhitespace()
                text = ""
                switch name {
                case "rtept", "trkpt":
                    if let p = point { currentPath?.points.append(p) }
                    point = nil
                case "wpt":
                    if let p = point { document.waypoints.append(p) }
                    point = nil
                case "rte":
                    if let p = currentPath { document.routes.append(p) }
                    currentPath = nil
                case "trk":
                    if let p = currentPath { document.tracks.append(p) }
                    currentPath = nil
                case "name" where point != nil: point?.name = value
                case "name" where path.last == "rte" || path.last == "trk": currentPath?.name = value
                default:
                    if point != nil { try assign(name, value, to: &point, line: line) }
                }
            }
        }
        guard sawRoot else { throw RouteFormatError.empty(source: source, what: "<gpx> element") }
        return document
    }

    private static func coordinate(_ attributes: [String: String], element: String, line: Int) throws -> Coordinate {
        let where_ = "\(source) line \(line)"
        guard let latText = attributes["lat"] else { throw RouteFormatError.invalidValue(source: where_, path: element, problem: "without lat") }
        guard let lonText = attributes["lon"] else { throw RouteFormatError.invalidValue(source: where_, path: element, problem: "without lon") }
        guard let lat = Double(latText.trimmingWhitespace()), (-90...90).contains(lat) else {
            throw RouteFormatError.invalidValue(source: where_, path: element, problem: "lat \"\(latText)\" is not a latitude")
        }
        guard let lon = Double(lonText.trimmingWhitespace()), (-180...180).contains(lon) else {
            throw RouteFormatError.invalidValue(source: where_, path: element, problem: "lon \"\(lonText)\" is not a longitude")
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// Stores a point child (`ele`, `time`, `speed`, `course`, `hdop`, `sat`); others are ignored.
    private static func assign(_ name: String, _ value: String, to point: inout GPXPoint?, line: Int) throws {
        func number() throws -> Double {
            guard let n = Double(value), n.isFinite else {
                throw RouteFormatError.invalidValue(source: "\(source) line \(line)", path: name, problem: "\"\(value)\" is not a number")
            }
            return n
        }
        switch name {
        case "ele": point?.elevation = try number()
        case "speed": point?.speed = try number()
        case "course": point?.course = try number()
        case "hdop": point?.hdop = try number()
        case "sat":
            let n = try number()
            guard n >= 0, n < 1_000 else {
                throw RouteFormatError.invalidValue(source: "\(source) line \(line)", path: name, problem: "\"\(value)\" is not a satellite count")
            }
            point?.satellites = Int(n)
        case "time":
            guard let t = Timestamp(iso8601: value) else {
                throw RouteFormatError.invalidValue(
                    source: "\(source) line \(line)", path: "time", problem: "\"\(value)\" is not an ISO 8601 time")
            }
            point?.time = t
        default: break
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
