public import JSON
/// One client request: a command and the optional scalar `id` echoed in its REPLY or ERROR.
public struct Request: Sendable, Hashable, Codable {
    /// The client's id for the request (string, number or boolean), echoed verbatim.
    public var id: JSONValue?
    /// The command.
    public var command: Command

    /// A request.
    public init(id: JSONValue? = nil, command: Command) {
        self.id = id
        self.command = command
    }

    /// Reads a request from a parsed JSON value; the error says exactly what is wrong.
    public init(json: JSONValue) throws(WireProtocolError) {
        guard let members = json.objectValue else { throw .notAnObject(json.typeDescription) }
        // A field given twice is refused: which one is meant is anybody's guess (a check of the
        // first "cmd" while the last one runs).
        if case .object(let list) = json, list.count != members.count {
            var seen = Set<String>()
            for member in list where !seen.insert(member.key).inserted {
                throw .badField(context: "request", field: member.key, problem: "is given twice")
            }
        }
        if let id = members["id"], id != .null {
            guard id.isScalar else {
                throw .badField(context: "request", field: "id", problem: "must be a string, number or boolean, got \(id.typeDescription)")
            }
            self.id = id
        }
        guard let cmd = members["cmd"] else { throw .missingCommand("the request has no \"cmd\" field") }
        guard let name = cmd.stringValue else { throw .missingCommand("\"cmd\" must be a string, got \(cmd.typeDescription)") }
        guard let commandName = CommandName(rawValue: name) else { throw .unknownCommand(name) }
        command = try Command(name: commandName, reading: FieldReader(context: name, members: members))
    }

    /// The request as a JSON object: the command's fields plus `cmd` and, if set, `id`.
    public var json: JSONValue {
        var members = command.fields
        members["cmd"] = .string(command.name.rawValue)
        if let id { members["id"] = id }
        return JSONValue(members)
    }

    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(json: value)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
