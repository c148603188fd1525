#if canImport(Glibc)
import Glibc
#endif
import CWaygateSys

/// A listening Unix-domain stream socket at a filesystem path, with non-blocking `accept`.
///
/// Binding replaces a *stale* socket file (one left by a dead server: connecting to it is
/// refused) but never steals a live one, and refuses to unlink anything that is not a socket.
/// The file gets `mode` (default 0660) and, if given, `group` before the socket starts
/// listening, so no client can connect through wider permissions. `close()` removes the file.
public final class UnixSocketListener: Sendable {
    /// The socket's filesystem path.
    public let path: String
    /// The listening descriptor (non-blocking, close-on-exec).
    public let descriptor: FileDescriptor

    /// Binds and listens at `path` with permission bits `mode` and optional owning `group`.
    /// Throws `SystemError` naming the call and the path, e.g. `bind /run/waygate/waygate.sock`,
    /// or EADDRINUSE "socket PATH is in use by a running server".
    public init(path: String, mode: mode_t = 0o660, group: gid_t? = nil, backlog: Int32 = listenBacklog) throws(SystemError) {
        try Self.removeStaleSocket(at: path)
        let fd = try makeStreamSocket(family: AF_UNIX, nonBlocking: true, operation: "bind \(path)")
        do {
            _ = try SocketAddress.unix(path).withSockaddr(operation: "bind") { addr, length throws(SystemError) in
                try retryingInterrupts("bind \(path)") { bind(fd.rawValue, addr, length) }
            }
        } catch {
            fd.close()
            throw error
        }
        do {
            _ = try retryingInterrupts("chmod \(path) to \(String(mode, radix: 8))") { chmod(path, mode) }
            if let group {
                _ = try retryingInterrupts("chown \(path) to group \(group)") { chown(path, uid_t.max, group) }
            }
            _ = try retryingInterrupts("listen \(path)") { listen(fd.rawValue, backlog) }
        } catch {
            fd.close()
            unlink(path)
            throw error
        }
        self.path = path
        descriptor = fd
    }

    /// Accepts one pending connection as a non-blocking, close-on-exec socket; nil when none is waiting.
    public func accept() throws(SystemError) -> SocketConnection? {
        do {
            let fd = try retryingInterrupts("accept \(path)") { waygate_accept_nonblocking(descriptor.rawValue) }
            return SocketConnection(descriptor: FileDescriptor(rawValue: fd))
        } catch where error.code == EAGAIN || error.code == ECONNABORTED {
            return nil
        }
    }

    /// Stops listening and removes the socket file.
    public func close() {
        unlink(path)
        descriptor.close()
    }

    /// Unlinks `path` when it is a socket nobody listens on; throws when it is a live socket
    /// or not a socket at all. Does nothing when `path` does not exist.
    static func removeStaleSocket(at path: String) throws(SystemError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw SystemError(code: EEXIST, operation: "bind \(path) (the path exists and is not a socket)")
        }
        if try Self.isLive(path) {
            throw SystemError(code: EADDRINUSE, operation: "socket \(path) is in use by a running server")
        }
        _ = try retryingInterrupts("unlink stale socket \(path)") { unlink(path) }
    }

    /// Whether something accepts connections at `path`: a non-blocking connect that succeeds or
    /// would block (full backlog) means live, ECONNREFUSED or ENOENT means stale; any other
    /// failure is thrown, as the path's state is then unknown.
    static func isLive(_ path: String) throws(SystemError) -> Bool {
        let fd = try makeStreamSocket(family: AF_UNIX, nonBlocking: true, operation: "probe \(path)")
        defer { fd.close() }
        do {
            _ = try SocketAddress.unix(path).withSockaddr(operation: "connect") { addr, length throws(SystemError) in
                try retryingInterrupts("connect \(path)") { Glibc.connect(fd.rawValue, addr, length) }
            }
            return true
        } catch where error.code == ECONNREFUSED || error.code == ENOENT {
            return false
        } catch where error.code == EAGAIN || error.code == EINPROGRESS {
            return true
        }
    }
}
