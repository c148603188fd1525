#if canImport(Glibc)
import Glibc
#endif
import CWaygateSys

/// A listening TCP socket (IPv4 or IPv6, numeric host), loopback by default, with non-blocking
/// `accept`; used by the gpsd-compatible server.
public final class TCPListener: Sendable {
    /// The numeric host bound to, e.g. `127.0.0.1` or `::1`.
    public let host: String
    /// The port actually bound (the kernel's choice when 0 was asked for).
    public let port: UInt16
    /// The listening descriptor (non-blocking, close-on-exec).
    public let descriptor: FileDescriptor

    /// Binds `host:port` (SO_REUSEADDR, so a restart does not wait for TIME_WAIT) and listens.
    /// Port 0 picks a free port. Throws `SystemError` naming the call and the address.
    public init(host: String = "127.0.0.1", port: UInt16, backlog: Int32 = listenBacklog) throws(SystemError) {
        let address = SocketAddress.inet(host: host, port: port)
        let operation = "bind \(address.description)"
        let fd = try makeStreamSocket(family: address.family, nonBlocking: true, operation: operation)
        do {
            var one: Int32 = 1
            _ = try retryingInterrupts("setsockopt SO_REUSEADDR \(address.description)") {
                setsockopt(fd.rawValue, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            _ = try address.withSockaddr(operation: "bind") { addr, length throws(SystemError) in
                try retryingInterrupts(operation) { bind(fd.rawValue, addr, length) }
            }
            _ = try retryingInterrupts("listen \(address.description)") { listen(fd.rawValue, backlog) }
            self.port = try Self.boundPort(fd, operation: "getsockname \(address.description)")
        } catch {
            fd.close()
            throw error
        }
        self.host = host
        descriptor = fd
    }

    /// Accepts one pending connection as a non-blocking, close-on-exec socket; nil when none is waiting.
    public func accept() throws(SystemError) -> SocketConnection? {
        do {
            let fd = try retryingInterrupts("accept \(host):\(port)") { waygate_accept_nonblocking(descriptor.rawValue) }
            return SocketConnection(descriptor: FileDescriptor(rawValue: fd))
        } catch where error.code == EAGAIN || error.code == ECONNABORTED {
            return nil
        }
    }

    /// Stops listening.
    public func close() { descriptor.close() }

    private static func boundPort(_ fd: FileDescriptor, operation: String) throws(SystemError) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try withUnsafeMutablePointer(to: &storage) { p throws(SystemError) in
            try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { a throws(SystemError) in
                try retryingInterrupts(operation) { getsockname(fd.rawValue, a, &length) }
            }
        }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { p in
            if family == AF_INET6 {
                return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }
}
