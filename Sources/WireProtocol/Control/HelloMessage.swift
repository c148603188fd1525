/// The first message on every connection: protocol version, server version, session mode and
/// the channels this server offers. Nothing else is sent until the client subscribes.
public struct HelloMessage: WireMessage {
    public static let messageClass = "HELLO"

    /// The navigation session as HELLO reports it.
    public struct Session: Sendable, Hashable, Codable {
        /// The current session mode.
        public var mode: SessionMode
        /// A session in `mode`.
        public init(mode: SessionMode) { self.mode = mode }
    }

    /// The wire protocol version (1).
    public var protocolVersion: Int
    /// The server's version string, e.g. `0.1.0`.
    public var version: String
    /// The session as it is when the client connects.
    public var session: Session
    /// The channels a client may subscribe to.
    public var channels: [Channel]

    /// A HELLO for protocol `protocolVersion` (default 1).
    public init(protocolVersion: Int = 1, version: String, session: Session, channels: [Channel]) {
        self.protocolVersion = protocolVersion
        self.version = version
        self.session = session
        self.channels = channels
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol", version, session, channels
    }
}

extension HelloMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("channels", channels)
        object.member("protocol", protocolVersion)
        object.member("session", session)
        object.member("version", version)
    }
}

extension HelloMessage.Session: WireObject {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("mode", mode)
    }
}
