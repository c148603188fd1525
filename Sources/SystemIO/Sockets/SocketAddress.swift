#if canImport(Glibc)
import Glibc
#endif

/// The address forms Waygate binds and connects to, turned into C `sockaddr` storage.
enum SocketAddress {
    /// A Unix-domain socket at a filesystem path (at most 107 bytes).
    case unix(String)
    /// An IPv4 or IPv6 host (numeric) and port.
    case inet(host: String, port: UInt16)

    /// The address family, `AF_UNIX`, `AF_INET` or `AF_INET6`.
    var family: Int32 {
        switch self {
        case .unix: AF_UNIX
        case .inet(let host, _): host.contains(":") ? AF_INET6 : AF_INET
        }
    }

    /// Calls `body` with a pointer to the C address and its length; throws if the path is too
    /// long or the host is not a numeric address. `operation` names the call for the error.
    func withSockaddr<T>(operation: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemError) -> T) throws(SystemError) -> T {
        switch self {
        case .unix(let path):
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            let capacity = MemoryLayout.size(ofValue: addr.sun_path)
            guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else {
                throw SystemError(code: ENAMETOOLONG, operation: "\(operation) \(path) (a socket path must be 1–\(capacity - 1) bytes)")
            }
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in
                raw.copyBytes(from: bytes)
                raw[bytes.count] = 0
            }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
            return try withUnsafePointer(to: &addr) { p throws(SystemError) in
                try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { a throws(SystemError) in try body(a, length) }
            }
        case .inet(let host, let port):
            if family == AF_INET6 {
                var addr = sockaddr_in6()
                addr.sin6_family = sa_family_t(AF_INET6)
                addr.sin6_port = port.bigEndian
                guard inet_pton(AF_INET6, host, &addr.sin6_addr) == 1 else {
                    throw SystemError(code: EINVAL, operation: "\(operation) \(host) (not a numeric IPv6 address)")
                }
                return try withUnsafePointer(to: &addr) { p throws(SystemError) in
                    try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { a throws(SystemError) in
                        try body(a, socklen_t(MemoryLayout<sockaddr_in6>.size))
                    }
                }
            }
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &addr.sin_addr) == 1 else {
                throw SystemError(code: EINVAL, operation: "\(operation) \(host) (not a numeric IPv4 address)")
            }
            return try withUnsafePointer(to: &addr) { p throws(SystemError) in
                try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { a throws(SystemError) in
                    try body(a, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    /// A human-readable form for error messages: the path, or `host:port` (`[v6]:port`).
    var description: String {
        switch self {
        case .unix(let path): path
        case .inet(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        }
    }
}

/// The listen backlog of Waygate's servers: 4,096 pending connections, Linux's default
/// `net.core.somaxconn` (the kernel silently caps a larger value at that setting). With 64, a
/// burst of clients reconnecting at once (after a restart, or while the server is busy) found
/// the queue full: non-blocking Unix-socket connects failed with EAGAIN and TCP handshakes stalled.
public let listenBacklog: Int32 = 4_096

/// Creates a close-on-exec stream socket of `family`, non-blocking if asked.
func makeStreamSocket(family: Int32, nonBlocking: Bool, operation: String) throws(SystemError) -> FileDescriptor {
    var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    if nonBlocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
    return FileDescriptor(rawValue: try retryingInterrupts("socket for \(operation)") { socket(family, type, 0) })
}
