import Foundation

/// A value guarded by a pthread mutex (`NSLock`), as `Servers` does it: TSan sees NSLock, not
/// the PI futexes of `Synchronization.Mutex` under contention.
final class Guarded<Value>: @unchecked Sendable {  // `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
