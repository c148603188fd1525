/// `JSONValue` is `Codable` so that `Codable` messages (the wire protocol's decoding side and the
/// reference encodings its tests compare against) can carry any JSON: request ids, reply fields,
/// route objects. A decoder does not tell member order, so decoded members are sorted by key.
extension JSONValue: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes any JSON value (objects, arrays, null, booleans, numbers, strings).
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            let keys = keyed.allKeys.sorted { $0.stringValue.utf8.lexicographicallyPrecedes($1.stringValue.utf8) }
            self = .object(try keys.map { JSONMember($0.stringValue, try keyed.decode(JSONValue.self, forKey: $0)) })
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let b = try? single.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? single.decode(Int64.self) {
            self = .integer(i)
        } else if let u = try? single.decode(UInt64.self) {
            self = .unsigned(u)
        } else if let n = try? single.decode(Double.self) {
            self = .number(n)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the value, members in order, integral numbers as integers.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let b):
            var single = encoder.singleValueContainer()
            try single.encode(b)
        case .integer(let i):
            var single = encoder.singleValueContainer()
            try single.encode(i)
        case .unsigned(let u):
            var single = encoder.singleValueContainer()
            try single.encode(u)
        case .number(let n):
            var single = encoder.singleValueContainer()
            if n == n.rounded(), abs(n) < 9_007_199_254_740_992 { try single.encode(Int64(n)) } else { try single.encode(n) }
        case .string(let s):
            var single = encoder.singleValueContainer()
            try single.encode(s)
        case .array(let elements):
            var list = encoder.unkeyedContainer()
            for e in elements { try list.encode(e) }
        case .object(let members):
            var keyed = encoder.container(keyedBy: Key.self)
            for m in members { try keyed.encode(m.value, forKey: Key(stringValue: m.key)) }
        }
    }
}
