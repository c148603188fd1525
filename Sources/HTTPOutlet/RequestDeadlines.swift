import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SystemIO

/// What keeps slow clients from holding every connection slot. A slowloris sends its request
/// header one byte at a time; each byte restarts libmicrohttpd's idle timeout, and libmicrohttpd
/// has no deadline for a whole request. So:
///
/// - a connection must deliver a whole request (headers and body) within `timeout` seconds of
///   connecting, or of its previous response completing (keep-alive), or it is closed;
/// - at most `maxWaiting` connections may wait for their request at once: when one more starts
///   waiting, the one that has waited longest is closed. With `maxWaiting` below libmicrohttpd's
///   connection limit (past which it refuses a connection as soon as it accepts it), a new client
///   always gets a slot.
///
/// A request being answered, such as an event stream, has no deadline. libmicrohttpd reports the
/// steps: `connected` and `closed` (its connection notifications), `received` (the access
/// handler's last call for a request) and `answered` (its request-completed notification). A
/// sweeper thread closes the overdue connections.
///
/// To close a connection, its socket is shut down (`shutdown(2)`); the connection's thread then
/// reads end of file and libmicrohttpd closes the socket. That happens only under the lock that
/// `closed` takes, and libmicrohttpd 0.9.75 notifies the close before it closes the descriptor,
/// so a descriptor number is never shut down after it was closed and maybe reused.
final class RequestDeadlines: @unchecked Sendable {  // every mutable field is guarded by `condition`
    /// Seconds a connection has to deliver a whole request.
    let timeout: Double
    /// The most connections waiting for their request at once.
    let maxWaiting: Int

    private let condition = NSCondition()
    /// The connections waiting for a request: their socket and when the request is due.
    private var waiting: [OpaquePointer: (socket: Int32, deadline: ContinuousClock.Instant)] = [:]
    private var stopping = false
    private let stopped = DispatchSemaphore(value: 0)

    /// Deadlines of `timeout` seconds, at most `maxWaiting` connections waiting.
    init(timeout: Double, maxWaiting: Int) {
        self.timeout = timeout
        self.maxWaiting = maxWaiting
    }

    /// Starts the sweeper thread.
    func start() { NamedThread.start("wg-http-sweeper") { [self] in sweep() } }

    /// Stops the sweeper thread (started before) and waits for it.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        stopped.wait()
    }

    /// libmicrohttpd accepted `connection`: its first request is due.
    func connected(_ connection: OpaquePointer) { startWaiting(connection) }

    /// A response on `connection` completed: its next request is due (keep-alive).
    func answered(_ connection: OpaquePointer) { startWaiting(connection) }

    /// The whole request arrived on `connection`: no deadline while it is answered.
    func received(_ connection: OpaquePointer) { stopWaiting(connection) }

    /// libmicrohttpd is about to close `connection`'s socket.
    func closed(_ connection: OpaquePointer) { stopWaiting(connection) }

    private func startWaiting(_ connection: OpaquePointer) {
        condition.lock()
        defer { condition.unlock() }
        waiting[connection] = (waygate_mhd_connection_fd(connection), .now + .seconds(timeout))
        if waiting.count > maxWaiting, let oldest = waiting.min(by: { $0.value.deadline < $1.value.deadline }) {
            shut(oldest.key)
        }
        condition.signal()
    }

    private func stopWaiting(_ connection: OpaquePointer) {
        condition.lock()
        waiting[connection] = nil
        condition.unlock()
    }

    /// Shuts down the socket of a waiting connection and forgets it; the caller holds the lock.
    private func shut(_ connection: OpaquePointer) {
        guard let entry = waiting.removeValue(forKey: connection) else { return }
        _ = shutdown(entry.socket, Int32(SHUT_RDWR))
    }

    /// Closes each connection when its deadline passes. Waits at most a second at a time, so a
    /// step of the wall clock (which `NSCondition` waits by) delays nothing for long.
    private func sweep() {
        condition.lock()
        while !stopping {
            let now = ContinuousClock.now
            for (connection, entry) in waiting where entry.deadline <= now { shut(connection) }
            if let next = waiting.values.map(\.deadline).min() {
                _ = condition.wait(until: Date(timeIntervalSinceNow: min(1, (next - now) / .seconds(1))))
            } else {
                condition.wait()
            }
        }
        condition.unlock()
        stopped.signal()
    }
}
