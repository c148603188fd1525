import Foundation

/// A value guarded by a pthread mutex (`NSLock`).
///
/// Used instead of `Synchronization.Mutex`, whose contended path on Linux hands ownership over
/// with PI futexes that ThreadSanitizer cannot see: under contention TSan then reports false
/// races, which would hide real ones in `swift test --sanitize=thread`.
public final class Locked<Value>: @unchecked Sendable {  // `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    public func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
