/// Any JSON value, kept as parsed or built: objects keep their member order, integers that fit
/// in 64 bits (signed, or unsigned up to `UInt64.max`: a `seq`) stay integers (an id `7` is echoed
/// as `7`, never `7.0`). The one JSON value type of
/// Waygate: route files, wire requests and replies, and gpsd objects all use it.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int64` (`-0` is `.number(-0.0)`).
    case integer(Int64)
    /// A number written without fraction or exponent above `Int64.max` that fits in `UInt64`
    /// (smaller ones are always `.integer`).
    case unsigned(UInt64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in document (or building) order.
    case object([JSONMember])

    /// An object from a dictionary, members sorted by key (byte order), as the wire writes them.
    public init(_ members: [String: JSONValue]) {
        self = .object(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { JSONMember($0.key, $0.value) })
    }

    /// The value of member `key` when this is an object that has it; nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members as a dictionary (the last of duplicate keys wins), or nil when this is not an object.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The string, or nil when this is not a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number as a Double (integers converted), or nil when this is not a number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The number as an Int when it is integral and in range, else nil.
    public var intValue: Int? {
        switch self {
        case .integer(let value): Int(exactly: value)
        case .unsigned(let value): Int(exactly: value)
        case .number(let value): Int(exactly: value)
        default: nil
        }
    }

    /// Whether this is a string, number or boolean (what a request `id` may be).
    public var isScalar: Bool {
        switch self {
        case .bool, .integer, .unsigned, .number, .string: true
        case .null, .array, .object: false
        }
    }

    /// A short name of this value's JSON type for error messages (`a number`, `an object`…).
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .unsigned, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Compact UTF-8 JSON of this value, members in order (see `JSONWriter`).
    public var serialized: [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member name.
    public var key: String
    /// The member value.
    public var value: JSONValue

    /// A member from its key and value.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
