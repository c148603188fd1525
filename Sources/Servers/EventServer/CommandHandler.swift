public import JSON
public import SystemIO
public import WireProtocol

/// Answers the requests the event server cannot answer by itself — the contents of `status`,
/// `route`, `select_route`, `start`, `stop`, `camera`, `simulate` — typically by asking the
/// `Gateway`. Called on the cooperative pool, one request at a time per client, in order.
public protocol CommandHandler: Sendable {
    /// The result of `command` sent by `client`. For `status`, the returned fields are merged
    /// with the server's own counters.
    func handle(_ command: Command, from client: ClientInfo) async -> CommandResult
}

/// What a `CommandHandler` answers: REPLY fields, or an ERROR code and sentence.
public enum CommandResult: Sendable, Hashable {
    /// Success; the fields go into the REPLY next to `id` and `ok`, and `written`'s members, already
    /// JSON bytes (a route's objects), next to them (see `ReplyMessage.written`).
    case success([String: JSONValue], written: [String: [UInt8]] = [:])
    /// Failure; sent as `ERROR` with this code and message.
    case failure(ErrorMessage.Code, String)
}

/// Who sent a request: the server's id for the connection and the peer's credentials.
public struct ClientInfo: Sendable, Hashable {
    /// The connection's id, unique for the life of the server.
    public let id: UInt64
    /// The peer's pid/uid/gid at connect time (`SO_PEERCRED`).
    public let credentials: PeerCredentials

    /// A client description.
    public init(id: UInt64, credentials: PeerCredentials) {
        self.id = id
        self.credentials = credentials
    }
}
