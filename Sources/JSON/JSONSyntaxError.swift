/// Why bytes are not one well-formed JSON document: where (1-based line and byte column, lines
/// counted from the caller's `firstLine`) and what, e.g. `route JSON line 3, column 14: expected ':' after "a"`.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input's name in messages, e.g. `route JSON`.
    public var source: String
    /// The line of the problem, 1-based.
    public var line: Int
    /// The column of the problem, 1-based, in bytes.
    public var column: Int
    /// What is wrong there.
    public var reason: String

    /// An error at `line`, `column` of `source`.
    public init(source: String, line: Int, column: Int, reason: String) {
        self.source = source
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// The one-line message.
    public var description: String { "\(source) line \(line), column \(column): \(reason)" }
}
