import Foundation

/// A value guarded by a pthread mutex (`NSLock`).
///
/// Used instead of `Synchronization.Mutex`, whose contended path on Linux hands ownership over
/// with PI futexes that ThreadSanitizer cannot see: under contention TSan then reports false
/// races, which would hide real ones in `swift test --sanitize=thread`.
///
/// The value lives in memory of its own, reached through a pointer: the lock already makes the
/// access exclusive, and a stored `var` of a class would have every `withLock` pay the runtime's
/// dynamic exclusivity check as well.
public final class Locked<Value>: @unchecked Sendable {  // `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private let value: UnsafeMutablePointer<Value>

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value.pointee)
    }
}
