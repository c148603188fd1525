#if canImport(Glibc)
import Glibc
#endif
import CWaygateSys

/// One connected stream socket (Unix-domain or TCP), from `accept` or `connect`.
///
/// Writes use `send(…, MSG_NOSIGNAL)`, so a peer that went away yields EPIPE instead of killing
/// the process with SIGPIPE. Whoever holds the connection closes it (`close()`).
public struct SocketConnection: Hashable, Sendable {
    /// The connected descriptor.
    public let descriptor: FileDescriptor

    /// Wraps an already connected socket descriptor.
    public init(descriptor: FileDescriptor) { self.descriptor = descriptor }

    /// The peer as `ADDRESS:PORT` (`[ADDRESS]:PORT` for IPv6), numeric; `on descriptor N` when
    /// it cannot be read (a Unix-domain socket, a connection already reset). For log lines.
    public var peerName: String {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST)), port = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let found = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                getpeername(descriptor.rawValue, raw, &length) == 0
                    && getnameinfo(raw, length, &host, socklen_t(host.count), &port, socklen_t(port.count), NI_NUMERICHOST | NI_NUMERICSERV) == 0
            }
        }
        guard found else { return "on descriptor \(descriptor.rawValue)" }
        let text = { (chars: [CChar]) in String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        let hostText = text(host)
        return (hostText.contains(":") ? "[\(hostText)]" : hostText) + ":" + text(port)
    }

    /// Connects to the Unix-domain socket at `path` (blocking mode).
    public static func connect(unixPath path: String) throws(SystemError) -> SocketConnection {
        try connect(to: .unix(path))
    }

    /// Connects to a numeric IPv4/IPv6 `host` on `port` (blocking mode).
    public static func connect(host: String, port: UInt16) throws(SystemError) -> SocketConnection {
        try connect(to: .inet(host: host, port: port))
    }

    static func connect(to address: SocketAddress) throws(SystemError) -> SocketConnection {
        let operation = "connect \(address.description)"
        let fd = try makeStreamSocket(family: address.family, nonBlocking: false, operation: operation)
        do {
            _ = try address.withSockaddr(operation: operation) { addr, length throws(SystemError) in
                try retryingInterrupts(operation) { Glibc.connect(fd.rawValue, addr, length) }
            }
        } catch {
            fd.close()
            throw error
        }
        return SocketConnection(descriptor: fd)
    }

    /// The pid, uid and gid of the process at the other end (Unix-domain sockets only).
    public func peerCredentials() throws(SystemError) -> PeerCredentials {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        _ = try retryingInterrupts("getsockopt SO_PEERCRED fd \(descriptor.rawValue)") {
            waygate_peercred(descriptor.rawValue, &pid, &uid, &gid)
        }
        return PeerCredentials(pid: pid, uid: uid, gid: gid)
    }

    /// Reads up to `count` bytes; empty means the peer closed. Throws EAGAIN (`SystemError.wouldBlock`)
    /// on a non-blocking socket with nothing to read.
    public func read(upTo count: Int) throws(SystemError) -> [UInt8] {
        try descriptor.read(upTo: count)
    }

    /// Sends as many of `bytes` as the socket accepts now and returns that count; throws EAGAIN
    /// when a non-blocking socket's buffer is full and EPIPE when the peer has gone.
    public func send(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        try retryingInterrupts("send fd \(descriptor.rawValue)") {
            Glibc.send(descriptor.rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        }
    }

    /// Sends all of `bytes`, waiting for the socket to become writable when it is non-blocking.
    public func sendAll(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            do throws(SystemError) {
                let start = offset
                offset += try bytes.withUnsafeBytes { raw in
                    Result { () throws(SystemError) in try send(UnsafeRawBufferPointer(rebasing: raw[start...])) }
                }.get()
            } catch where error.code == SystemError.wouldBlock {
                _ = try descriptor.poll(events: Int16(POLLOUT), timeoutMilliseconds: -1)
            }
        }
    }

    /// Sets the receive timeout (`SO_RCVTIMEO`) in seconds; a read that waits longer throws EAGAIN.
    /// Zero waits forever.
    public func setReceiveTimeout(seconds: Double) throws(SystemError) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        _ = try retryingInterrupts("setsockopt SO_RCVTIMEO fd \(descriptor.rawValue)") {
            setsockopt(descriptor.rawValue, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    /// Shuts down the sending direction (the peer reads end of file) but keeps reading possible.
    public func shutdownWrite() { _ = Glibc.shutdown(descriptor.rawValue, Int32(SHUT_WR)) }

    /// Closes the socket.
    public func close() { descriptor.close() }
}
