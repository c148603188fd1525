import JSON
import Geodesy

/// Parses a JSON document for a reader, as a `RouteFormatError.invalidSyntax` on failure.
func parseJSON(_ bytes: [UInt8], source: String, firstLine: Int = 1) throws(RouteFormatError) -> JSONValue {
    do {
        return try JSONParser.parse(bytes, source: source, firstLine: firstLine)
    } catch {
        throw .invalidSyntax(source: error.source, line: error.line, column: error.column, reason: error.reason)
    }
}

/// A JSON value together with where it sits in the document, so every accessor can fail with
/// a message naming the path (`routes[0].legs[1].steps missing`). `null` counts as absent.
struct JSONNode {
    /// The value at `path`.
    let value: JSONValue
    /// Where the value is; spelled out only when an error needs it.
    let location: JSONPath
    /// The input's name in messages, e.g. `route JSON`.
    let source: String

    /// A node for a whole document.
    init(value: JSONValue, source: String) {
        self.init(value: value, location: .root, source: source)
    }

    private init(value: JSONValue, location: JSONPath, source: String) {
        self.value = value
        self.location = location
        self.source = source
    }

    /// Dotted path from the document root, e.g. `routes[0].legs[1]` ("" for the root).
    var path: String { location.description }

    private func childPath(_ key: String) -> String { JSONPath.member(location, key).description }

    /// The member `key`, or nil when absent or `null`.
    func optional(_ key: String) -> JSONNode? {
        guard let v = value[key], v != .null else { return nil }
        return JSONNode(value: v, location: .member(location, key), source: source)
    }

    /// The member `key`; fails with `… missing` when absent or `null`.
    func field(_ key: String) throws -> JSONNode {
        guard case .object = value else { throw wrongType("an object") }
        guard let node = optional(key) else { throw RouteFormatError.missingField(source: source, path: childPath(key)) }
        return node
    }

    /// The elements of this array.
    func elements() throws -> [JSONNode] {
        guard case .array(let a) = value else { throw wrongType("an array") }
        return a.enumerated().map { JSONNode(value: $1, location: .element(location, $0), source: source) }
    }

    /// This value as a number.
    func number() throws -> Double {
        guard let n = value.doubleValue else { throw wrongType("a number") }
        return n
    }

    /// This value as an integer (a number without fraction).
    func integer() throws -> Int {
        let n = try number()
        guard n == n.rounded(), abs(n) < 1e15 else { throw wrongType("an integer") }
        return Int(n)
    }

    /// This value as a string.
    func string() throws -> String {
        guard case .string(let s) = value else { throw wrongType("a string") }
        return s
    }

    /// This value as a boolean.
    func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw wrongType("a boolean") }
        return b
    }

    /// This value as a GeoJSON-order `[lon, lat]` position (extra elements such as altitude ignored).
    func coordinate() throws -> Coordinate {
        let parts = try elements()
        guard parts.count >= 2 else { throw wrongType("a [lon, lat] position") }
        let c = Coordinate(latitude: try parts[1].number(), longitude: try parts[0].number())
        guard c.isValid else { throw invalid("is not a valid [lon, lat] position") }
        return c
    }

    /// An error for this node whose `problem` completes the sentence after the path.
    func invalid(_ problem: String) -> RouteFormatError {
        .invalidValue(source: source, path: path.isEmpty ? "document" : path, problem: problem)
    }

    private func wrongType(_ expected: String) -> RouteFormatError {
        .wrongType(source: source, path: path.isEmpty ? "document" : path, expected: expected)
    }

    // MARK: Member shorthands

    /// Member `key` as a number; required.
    func number(_ key: String) throws -> Double { try field(key).number() }
    /// Member `key` as a number, nil when absent.
    func optionalNumber(_ key: String) throws -> Double? { try optional(key)?.number() }
    /// Member `key` as a string; required.
    func string(_ key: String) throws -> String { try field(key).string() }
    /// Member `key` as a string, nil when absent.
    func optionalString(_ key: String) throws -> String? { try optional(key)?.string() }
    /// Member `key` as an integer, nil when absent.
    func optionalInteger(_ key: String) throws -> Int? { try optional(key)?.integer() }
    /// Member `key` as array elements, empty when absent.
    func optionalElements(_ key: String) throws -> [JSONNode] { try optional(key)?.elements() ?? [] }
}

/// A position in a JSON document, built cheaply while reading and spelled out
/// (`routes[0].legs[1].steps`) only for error messages.
indirect enum JSONPath: CustomStringConvertible {
    /// The document itself.
    case root
    /// Member `key` of an object.
    case member(JSONPath, String)
    /// Element `index` of an array.
    case element(JSONPath, Int)

    var description: String {
        switch self {
        case .root: return ""
        case .member(.root, let key): return key
        case .member(let parent, let key): return "\(parent).\(key)"
        case .element(let parent, let index): return "\(parent)[\(index)]"
        }
    }
}
