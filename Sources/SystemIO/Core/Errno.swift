#if canImport(Glibc)
import Glibc
#endif

/// A POSIX error number, with its message and the call that produced it.
public struct SystemError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The errno value.
    public let code: Int32
    /// What was being done, e.g. `open /dev/ttyUSB0`.
    public let operation: String

    /// An error for `code` raised while doing `operation`.
    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// The C library's text for the code, e.g. "No such file or directory".
    public var message: String { String(cString: strerror(code)) }

    public var description: String { "\(operation): \(message)" }

    /// ENOENT.
    public static let noSuchFile = ENOENT
    /// EAGAIN / EWOULDBLOCK.
    public static let wouldBlock = EAGAIN
}

/// Runs a syscall returning -1 on failure, retrying on EINTR; errno is captured right after
/// the call (before ARC can clobber it) and thrown as `SystemError` naming `operation`.
@inline(never)
public func retryingInterrupts<T: BinaryInteger>(_ operation: @autoclosure () -> String, _ call: () -> T) throws(SystemError) -> T {
    while true {
        let r = call()
        if r >= 0 { return r }
        let e = errno
        if e == EINTR { continue }
        throw SystemError(code: e, operation: operation())
    }
}
