/// A parsed JSON document, keeping object members in their original order so that written
/// output is stable and reads like the Directions API documentation.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number (integers included), as a double.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in document order.
    case object([JSONMember])

    /// The value of member `key` when this is an object that has it; nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of this value's JSON type for error messages (`a number`, `an object`…).
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
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
