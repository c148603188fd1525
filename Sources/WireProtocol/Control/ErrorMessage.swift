public import JSON
/// The answer to a request that failed: a machine-readable `code` and a human sentence.
public struct ErrorMessage: WireMessage, Error, CustomStringConvertible {
    public static let messageClass = "ERROR"

    /// What kind of failure, as PROTOCOL.md spells it.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The request could not be read or is invalid.
        case badRequest = "bad_request"
        /// Something the request names does not exist (route index, file).
        case notFound = "not_found"
        /// No route could be found between the waypoints.
        case noRoute = "no_route"
        /// The request needs a current position and there is none.
        case noFix = "no_fix"
        /// The server is busy with a conflicting operation.
        case busy
        /// The client's uid/gid is not allowed to make this request.
        case forbidden
        /// The server failed; the message says how.
        case `internal`
    }

    /// The request's `id`, echoed when it had one.
    public var id: JSONValue?
    /// The failure kind.
    public var code: Code
    /// One human sentence naming the problem.
    public var message: String

    /// An error answer to the request with `id`.
    public init(id: JSONValue? = nil, code: Code, message: String) {
        self.id = id
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }

    enum CodingKeys: String, CodingKey {
        case id, code, message
    }
}

extension ErrorMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("code", code)
        object.member("id", id)
        object.member("message", message)
    }
}
