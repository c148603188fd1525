public import JSON
/// The successful answer to a request: `{"class":"REPLY","id":…,"ok":true, …fields}`.
///
/// The fields beyond `id` and `ok` depend on the command (`channels` for subscribe, `routes`
/// for route, the status report for status) and are carried as JSON values, or as JSON already
/// written (`written`: a route reply's route objects, written straight from the routes).
public struct ReplyMessage: WireMessage {
    public static let messageClass = "REPLY"

    /// The request's `id`, echoed when it had one.
    public var id: JSONValue?
    /// The command-specific fields (never `class`, `id` or `ok`).
    public var fields: [String: JSONValue]
    /// Command-specific fields whose values are already JSON bytes (one value each, every
    /// object's members in sorted key order, as the wire writes them), spliced into the reply as
    /// they are (never `class`, `id`, `ok` or a key of `fields`). Empty in a decoded reply: there
    /// every member is in `fields`.
    public var written: [String: [UInt8]]

    /// A reply to the request with `id` carrying `fields` and the already written `written`.
    public init(id: JSONValue? = nil, fields: [String: JSONValue] = [:], written: [String: [UInt8]] = [:]) {
        self.id = id
        self.fields = fields.filter { !Self.reservedKeys.contains($0.key) }
        self.written = written.filter { !Self.reservedKeys.contains($0.key) && fields[$0.key] == nil }
    }

    /// The keys the envelope owns.
    static let reservedKeys: Set<String> = ["class", "id", "ok"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        id = try container.decodeIfPresent(JSONValue.self, forKey: AnyCodingKey("id"))
        var fields: [String: JSONValue] = [:]
        for key in container.allKeys where !Self.reservedKeys.contains(key.stringValue) {
            fields[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.fields = fields
        written = [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(id, forKey: AnyCodingKey("id"))
        try container.encode(true, forKey: AnyCodingKey("ok"))
        for (key, value) in fields { try container.encode(value, forKey: AnyCodingKey(key)) }
        for (key, bytes) in written { try container.encode(try JSONParser.parse(bytes, source: key), forKey: AnyCodingKey(key)) }
    }
}

extension ReplyMessage {
    /// Writes `id`, `ok` and the fields, all in sorted key order.
    public func writeMembers(to object: inout WireObjectWriter) {
        var idPending = id != nil
        var okPending = true
        let keys = (Array(fields.keys) + written.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for key in keys {
            if idPending, "id".utf8.lexicographicallyPrecedes(key.utf8) {
                object.member("id", id)
                idPending = false
            }
            if okPending, "ok".utf8.lexicographicallyPrecedes(key.utf8) {
                object.member("ok", true)
                okPending = false
            }
            object.key(key)
            if let value = fields[key] {
                object.json.sortedValue(value)
            } else if let bytes = written[key] {
                object.json.rawValue { $0.append(contentsOf: bytes) }
            }
        }
        if idPending { object.member("id", id) }
        if okPending { object.member("ok", true) }
    }
}
