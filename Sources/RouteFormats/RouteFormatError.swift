/// Why a route or trace could not be read. Every message is one line that names the input
/// (`route JSON`, `GPX line 12`, `JSONL line 3`, `GeoJSON`) and the problem, e.g.
/// `route JSON: routes[0].legs[1].steps missing` or `GPX line 12: trkpt without lat`.
public enum RouteFormatError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The bytes are not well-formed JSON or XML at `line` (1-based) and `column` (1-based, in bytes).
    case invalidSyntax(source: String, line: Int, column: Int, reason: String)
    /// A required field is absent (or `null`); `path` is e.g. `routes[0].legs[1].steps`.
    case missingField(source: String, path: String)
    /// A field has the wrong JSON type; `expected` is e.g. `a number`.
    case wrongType(source: String, path: String, expected: String)
    /// A field or element is present but unusable; `problem` completes the sentence, e.g.
    /// `without lat` or `is not a valid encoded polyline`; an empty `path` leaves it out.
    case invalidValue(source: String, path: String, problem: String)
    /// The service answered with an error code instead of routes (OSRM `code` other than `Ok`).
    case errorResponse(code: String, message: String?)
    /// The input holds no route or no trace point at all.
    case empty(source: String, what: String)
    /// The content is none of the formats this module reads; `reason` says what it looks like.
    case unrecognizedFormat(reason: String)

    /// The one-line message.
    public var description: String {
        switch self {
        case .invalidSyntax(let source, let line, let column, let reason):
            return "\(source) line \(line), column \(column): \(reason)"
        case .missingField(let source, let path):
            return "\(source): \(path) missing"
        case .wrongType(let source, let path, let expected):
            return "\(source): \(path) is not \(expected)"
        case .invalidValue(let source, let path, let problem):
            return path.isEmpty ? "\(source): \(problem)" : "\(source): \(path) \(problem)"
        case .errorResponse(let code, let message):
            return "route JSON: service answered \(code)" + (message.map { ": \($0)" } ?? "")
        case .empty(let source, let what):
            return "\(source): no \(what)"
        case .unrecognizedFormat(let reason):
            return "unrecognised route or trace format: \(reason)"
        }
    }
}
