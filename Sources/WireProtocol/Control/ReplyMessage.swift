public import JSON
/// The successful answer to a request: `{"class":"REPLY","id":…,"ok":true, …fields}`.
///
/// The fields beyond `id` and `ok` depend on the command (`channels` for subscribe, `routes`
/// for route, the status report for status) and are carried as JSON values.
public struct ReplyMessage: WireMessage {
    public static let messageClass = "REPLY"

    /// The request's `id`, echoed when it had one.
    public var id: JSONValue?
    /// The command-specific fields (never `class`, `id` or `ok`).
    public var fields: [String: JSONValue]

    /// A reply to the request with `id` carrying `fields`.
    public init(id: JSONValue? = nil, fields: [String: JSONValue] = [:]) {
        self.id = id
        self.fields = fields.filter { !Self.reservedKeys.contains($0.key) }
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
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(id, forKey: AnyCodingKey("id"))
        try container.encode(true, forKey: AnyCodingKey("ok"))
        for (key, value) in fields { try container.encode(value, forKey: AnyCodingKey(key)) }
    }
}

extension ReplyMessage {
    /// Writes `id`, `ok` and the fields, all in sorted key order.
    public func writeMembers(to object: inout WireObjectWriter) {
        var idPending = id != nil
        var okPending = true
        for (key, value) in fields.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            if idPending, "id".utf8.lexicographicallyPrecedes(key.utf8) {
                object.member("id", id)
                idPending = false
            }
            if okPending, "ok".utf8.lexicographicallyPrecedes(key.utf8) {
                object.member("ok", true)
                okPending = false
            }
            object.key(key)
            object.json.sortedValue(value)
        }
        if idPending { object.member("id", id) }
        if okPending { object.member("ok", true) }
    }
}
