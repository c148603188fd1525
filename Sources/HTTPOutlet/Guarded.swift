import Foundation

/// A value guarded by an `NSLock` (a pthread mutex, which ThreadSanitizer understands).
final class Guarded<Value>: @unchecked Sendable {  // `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Runs `body` on the cooperative pool and waits for it on the calling (connection) thread, at
/// most `timeout` seconds; nil on timeout. Only for libmicrohttpd's own threads, never the pool.
func waitForAsync<T: Sendable>(timeout: Double, _ body: @escaping @Sendable () async -> T) -> T? {
    let result = Guarded<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return result.withLock { $0 }
}
