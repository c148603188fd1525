import JSON
/// Reads typed fields out of a request object, failing with a message that names the command,
/// the field and what is wrong with it. `null` counts as absent; unknown fields are ignored.
struct FieldReader {
    /// The command or class being read, for messages.
    let context: String
    /// The object's members.
    let members: [String: JSONValue]

    func fail(_ field: String, _ problem: String) -> WireProtocolError {
        .badField(context: context, field: field, problem: problem)
    }

    func value(_ field: String) -> JSONValue? {
        guard let value = members[field], value != .null else { return nil }
        return value
    }

    func require<T>(_ field: String, _ read: (String) throws(WireProtocolError) -> T?) throws(WireProtocolError) -> T {
        guard let value = try read(field) else { throw fail(field, "is missing") }
        return value
    }

    func string(_ field: String) throws(WireProtocolError) -> String? {
        guard let value = value(field) else { return nil }
        guard let text = value.stringValue else { throw fail(field, "must be a string, got \(value.typeDescription)") }
        return text
    }

    func double(_ field: String) throws(WireProtocolError) -> Double? {
        guard let value = value(field) else { return nil }
        guard let number = value.doubleValue else { throw fail(field, "must be a number, got \(value.typeDescription)") }
        return number
    }

    func int(_ field: String) throws(WireProtocolError) -> Int? {
        guard let value = value(field) else { return nil }
        guard let number = value.intValue else {
            throw fail(field, value.doubleValue == nil ? "must be an integer, got \(value.typeDescription)" : "must be an integer")
        }
        return number
    }

    func bool(_ field: String) throws(WireProtocolError) -> Bool? {
        guard let value = value(field) else { return nil }
        guard case .bool(let flag) = value else { throw fail(field, "must be true or false, got \(value.typeDescription)") }
        return flag
    }

    func array(_ field: String) throws(WireProtocolError) -> [JSONValue]? {
        guard let value = value(field) else { return nil }
        guard case .array(let items) = value else { throw fail(field, "must be an array, got \(value.typeDescription)") }
        return items
    }

    func object(_ field: String) throws(WireProtocolError) -> [String: JSONValue]? {
        guard let value = value(field) else { return nil }
        guard let members = value.objectValue else { throw fail(field, "must be an object, got \(value.typeDescription)") }
        return members
    }

    /// A string field that must be one of `E`'s raw values.
    func choice<E: RawRepresentable & CaseIterable>(_ field: String, as type: E.Type) throws(WireProtocolError) -> E?
    where E.RawValue == String {
        guard let text = try string(field) else { return nil }
        guard let choice = E(rawValue: text) else { throw fail(field, "has unknown value \"\(text)\" (\(Self.known(E.self)))") }
        return choice
    }

    /// An array of strings each of which must be one of `E`'s raw values.
    func choices<E: RawRepresentable & CaseIterable>(_ field: String, as type: E.Type) throws(WireProtocolError) -> [E]?
    where E.RawValue == String {
        guard let items = try array(field) else { return nil }
        var result: [E] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue else { throw fail("\(field)[\(index)]", "must be a string, got \(item.typeDescription)") }
            guard let choice = E(rawValue: text) else {
                throw fail("\(field)[\(index)]", "has unknown value \"\(text)\" (\(Self.known(E.self)))")
            }
            result.append(choice)
        }
        return result
    }

    static func known<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> String where E.RawValue == String {
        "known: " + E.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
