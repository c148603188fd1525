public import SystemIO

/// Who may send state-changing commands (`Command.changesState`): clients whose uid or primary
/// gid is on an allow-list. With neither list set, everyone who can open the socket may.
public struct AccessPolicy: Sendable, Hashable {
    /// Allowed user ids (`--allow-uid`), or nil for no uid list.
    public var allowUIDs: Set<UInt32>?
    /// Allowed group ids (`--allow-gid`), or nil for no gid list.
    public var allowGIDs: Set<UInt32>?

    /// A policy with the given allow-lists.
    public init(allowUIDs: Set<UInt32>? = nil, allowGIDs: Set<UInt32>? = nil) {
        self.allowUIDs = allowUIDs
        self.allowGIDs = allowGIDs
    }

    /// Everyone may do everything.
    public static let open = AccessPolicy()

    /// Whether a peer with `credentials` may send state-changing commands.
    public func permits(_ credentials: PeerCredentials) -> Bool {
        if allowUIDs == nil && allowGIDs == nil { return true }
        return allowUIDs?.contains(credentials.uid) == true || allowGIDs?.contains(credentials.gid) == true
    }
}
