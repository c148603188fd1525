import Dispatch
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Catches the given signals from the moment it is made (their default action, ending the
/// process on the spot, is replaced) and lets any number of tasks wait for the first one.
///
/// `serve` makes one before it starts anything, so a SIGTERM while the map or `--guide` route
/// is still loading stops the start-up cleanly instead of killing the process with the socket
/// file left behind.
final class SignalWaiter: Sendable {
    private let state = Locked<(received: Int32?, nextID: Int, waiters: [Int: CheckedContinuation<Void, Never>])>((nil, 0, [:]))
    private let sources: Locked<[any DispatchSourceSignal]> = Locked([])

    /// Starts catching `signals`.
    init(_ signals: [Int32]) {
        let made = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.deliver(number) }
            source.resume()
            return source
        }
        sources.withLock { $0 = made }
    }

    /// The first signal caught, if any has been.
    var received: Int32? { state.withLock { $0.received } }

    /// Returns once a signal has been caught (at once if one already was), or when the
    /// waiting task is cancelled.
    func wait() async {
        let id = state.withLock { s -> Int in
            defer { s.nextID += 1 }
            return s.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = state.withLock { s -> Bool in
                    guard s.received == nil, !Task.isCancelled else { return false }
                    s.waiters[id] = continuation
                    return true
                }
                if !waiting { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    private func deliver(_ number: Int32) {
        let waiters = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            if s.received == nil { s.received = number }
            defer { s.waiters = [:] }
            return Array(s.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until one of `signals` arrives.
    static func wait(for signals: [Int32]) async {
        let waiter = SignalWaiter(signals)
        await waiter.wait()
        withExtendedLifetime(waiter) {}
    }
}
