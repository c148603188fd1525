import Foundation
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
///
/// The signals are caught by a `sigaction` handler that writes the signal's number into a
/// pipe (the one thing it does, async-signal-safe), and one thread reads the pipe and wakes the
/// waiters. A libdispatch signal source was used before: on Linux it needs the signal ignored
/// (`SIG_IGN`) and blocked in every thread for its `signalfd` to see it, and a SIGTERM that
/// reached a thread where it was not blocked was silently discarded — `serve` then never
/// stopped (seen under load, one start in three).
final class SignalWaiter: Sendable {
    private let signals: [Int32]
    private let state = Locked<(received: Int32?, nextID: Int, waiters: [Int: CheckedContinuation<Void, Never>])>((nil, 0, [:]))

    /// The signals that stop `serve`, `simulate` and `fleet` as cleanly as Ctrl-C: SIGINT,
    /// SIGTERM, SIGHUP (the terminal or ssh session went away), SIGQUIT (Ctrl-\; gpsd too
    /// stops on it, and left to its default the Swift runtime's backtracer caught it and the
    /// process hung) and SIGUSR1 / SIGUSR2 (which Waygate has no other use for).
    static let stopSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]

    /// Starts catching `signals`.
    init(_ signals: [Int32]) {
        self.signals = signals
        SignalPipe.shared.register(self, for: signals)
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

    /// Whether this waiter catches `number`.
    fileprivate func watches(_ number: Int32) -> Bool { signals.contains(number) }

    fileprivate func deliver(_ number: Int32) {
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

/// The write end of the signal pipe, read by the handler (a plain global: the handler may only
/// load it). Set once, before any handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: the caught signal's number into the pipe, nothing else.
private func writeCaughtSignal(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = saved
}

/// The process's one signal pipe: the handler writes into it, one thread reads it and hands
/// each signal to the waiters that catch it.
private final class SignalPipe: Sendable {
    static let shared = SignalPipe()

    private struct Waiter: Sendable {
        weak var waiter: SignalWaiter?
    }

    private let waiters = Locked<[Waiter]>([])
    private let installed = Locked<Set<Int32>>([])
    private let readEnd: Int32

    private init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // Without a pipe no signal can be caught: keep the default action (the process ends).
            readEnd = -1
            return
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        signalPipeWriteEnd = ends[1]
        NamedThread.start("wg-signals") { [self] in readLoop() }
    }

    /// Installs the handler for `signals` (once per signal) and sends them to `waiter` too.
    func register(_ waiter: SignalWaiter, for signals: [Int32]) {
        guard readEnd >= 0 else { return }
        waiters.withLock { list in
            list.removeAll { $0.waiter == nil }
            list.append(Waiter(waiter: waiter))
        }
        for number in signals where installed.withLock({ $0.insert(number).inserted }) {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = writeCaughtSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    private func readLoop() {
        var byte: UInt8 = 0
        while true {
            let n = read(readEnd, &byte, 1)
            if n == 1 {
                let number = Int32(byte)
                let targets = waiters.withLock { $0.compactMap(\.waiter) }
                for waiter in targets where waiter.watches(number) { waiter.deliver(number) }
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
