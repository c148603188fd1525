/// A message of the wire protocol: a body whose JSON carries `"class": messageClass`, written by
/// `writeMembers` (`WireObject`) and read through `Codable`.
public protocol WireMessage: Sendable, Hashable, Codable, WireObject {
    /// The `class` this message is sent under, e.g. `"LOCATION"`.
    static var messageClass: String { get }
}

/// A coding key made from any string: used to write the `class`, `seq` and `time` envelope
/// fields next to a message's own fields, and for free-form REPLY fields.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let messageClass = AnyCodingKey("class")
}
