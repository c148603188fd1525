import Foundation
import SystemIO

/// Runs `body` on the cooperative pool and waits for it on the calling (connection) thread, at
/// most `timeout` seconds; nil on timeout. Only for libmicrohttpd's own threads, never the pool.
func waitForAsync<T: Sendable>(timeout: Double, _ body: @escaping @Sendable () async -> T) -> T? {
    let result = Locked<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return result.withLock { $0 }
}
