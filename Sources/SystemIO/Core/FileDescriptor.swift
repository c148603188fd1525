#if canImport(Glibc)
import Glibc
#endif

/// An owned-by-convention POSIX file descriptor with typed, EINTR-safe operations.
/// Whoever opens it closes it (`close()`); the struct itself does not.
public struct FileDescriptor: Hashable, Sendable {
    /// The raw descriptor.
    public let rawValue: Int32

    /// Wraps an existing descriptor.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Opens `path` with `flags` (always adding O_CLOEXEC); `mode` applies when creating.
    public static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingInterrupts("open \(path)") { Glibc.open(path, flags | O_CLOEXEC, mode) })
    }

    /// Reads up to `count` bytes; an empty result means end of file. Throws EAGAIN on a
    /// non-blocking descriptor with nothing to read.
    public func read(upTo count: Int) throws(SystemError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = try retryingInterrupts("read fd \(rawValue)") {
            buffer.withUnsafeMutableBytes { Glibc.read(rawValue, $0.baseAddress, count) }
        }
        buffer.removeSubrange(n...)
        return buffer
    }

    /// Reads up to `buffer.count` bytes into the start of `buffer` (a buffer reused across
    /// reads); returns how many were read, 0 at end of file.
    public func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        try retryingInterrupts("read fd \(rawValue)") {
            buffer.withUnsafeMutableBytes { Glibc.read(rawValue, $0.baseAddress, $0.count) }
        }
    }

    /// Writes as many of `bytes` as the descriptor accepts now; returns how many were written.
    public func write(_ bytes: some Collection<UInt8>) throws(SystemError) -> Int {
        let array = Array(bytes)
        return try retryingInterrupts("write fd \(rawValue)") {
            array.withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress, $0.count) }
        }
    }

    /// Writes all of `bytes`, waiting for writability on a non-blocking descriptor.
    public func writeAll(_ bytes: some Collection<UInt8>) throws(SystemError) {
        let array = Array(bytes)  // no copy when `bytes` already is an array
        var failure: SystemError?
        array.withUnsafeBytes { buffer in
            do throws(SystemError) { try writeAll(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes all the bytes of `buffer` (without copying them), waiting for writability on a non-blocking descriptor.
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < buffer.count {
            do {
                offset += try retryingInterrupts("write fd \(rawValue)") {
                    Glibc.write(rawValue, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                }
            } catch where error.code == EAGAIN {
                _ = try poll(events: Int16(POLLOUT), timeoutMilliseconds: 1000)
            }
        }
    }

    /// Waits up to `timeoutMilliseconds` (-1 = forever) for `events`; returns the `revents`
    /// (0 on timeout), e.g. POLLIN | POLLHUP.
    public func poll(events: Int16, timeoutMilliseconds: Int32) throws(SystemError) -> Int16 {
        var p = pollfd(fd: rawValue, events: events, revents: 0)
        let n = try retryingInterrupts("poll fd \(rawValue)") { Glibc.poll(&p, 1, timeoutMilliseconds) }
        return n == 0 ? 0 : p.revents
    }

    /// Switches O_NONBLOCK on or off.
    public func setNonBlocking(_ on: Bool) throws(SystemError) {
        let flags = try retryingInterrupts("fcntl F_GETFL") { fcntl(rawValue, F_GETFL) }
        _ = try retryingInterrupts("fcntl F_SETFL") { fcntl(rawValue, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
    }

    /// Closes the descriptor (errors other than EBADF are ignored, as the fd is gone either way).
    public func close() { _ = Glibc.close(rawValue) }
}
