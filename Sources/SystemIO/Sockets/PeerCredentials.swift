#if canImport(Glibc)
import Glibc
#endif

/// Who is at the other end of a Unix-domain socket, as the kernel reports it (`SO_PEERCRED`):
/// the credentials the peer had when it connected.
public struct PeerCredentials: Hashable, Sendable, CustomStringConvertible {
    /// The peer's process id.
    public let pid: Int32
    /// The peer's effective user id.
    public let uid: UInt32
    /// The peer's effective (primary) group id.
    public let gid: UInt32

    /// Credentials with the given ids.
    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    public var description: String { "pid \(pid) uid \(uid) gid \(gid)" }
}
