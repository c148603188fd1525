import Geodesy

/// A JSON value together with where it sits in the document, so every accessor can fail with
/// a message naming the path (`routes[0].legs[1].steps missing`). `null` counts as absent.
struct JSONNode {
    /// The value at `path`.
    let value: JSONValue
    /// Dotted path from the document root, e.g. `routes[0].legs[1]` ("" for the root).
    let path: String
    /// The input's name in messages, e.g. `route JSON`.
    let source: String

    private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member `key`, or nil when absent or `null`.
    func optional(_ key: String) -> JSONNode? {
        guard let v = value[key], v != .null else { return nil }
        return JSONNode(value: v, path: childPath(key), source: source)
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
        return a.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]", source: source) }
    }

    /// This value as a number.
    func number() throws -> Double {
        guard case .number(let n) = value else { throw wrongType("a number") }
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
