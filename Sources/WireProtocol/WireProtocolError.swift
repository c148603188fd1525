/// Why bytes could not be read as a wire message or request: one line naming the problem.
public enum WireProtocolError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The line is not valid JSON (or not UTF-8).
    case malformedJSON(String)
    /// The line is valid JSON but not an object; the associated value names what it is.
    case notAnObject(String)
    /// The line exceeds the line limit; the associated values are its length and the limit, in bytes.
    case lineTooLong(length: Int, limit: Int)
    /// The request has no `cmd`, or it is not a string.
    case missingCommand(String)
    /// `cmd` names no known command.
    case unknownCommand(String)
    /// A field of a request or message is missing or wrong; `context` is the command or class.
    case badField(context: String, field: String, problem: String)
    /// A message's `class` is missing or unknown.
    case unknownClass(String)

    public var description: String {
        switch self {
        case .malformedJSON(let detail): "malformed JSON: \(detail)"
        case .notAnObject(let kind): "a request must be a JSON object, got \(kind)"
        case .lineTooLong(let length, let limit): "line of \(length) bytes exceeds the \(limit)-byte limit"
        case .missingCommand(let problem): problem
        case .unknownCommand(let name):
            "unknown command \"\(name)\" (known: \(CommandName.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .badField(let context, let field, let problem): "\(context): field \"\(field)\" \(problem)"
        case .unknownClass(let name): "unknown message class \"\(name)\""
        }
    }
}
