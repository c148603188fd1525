import Foundation
public import Gateway
import GPSDProtocol
public import Timekeeping
public import JSON
public import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Serves gpsd's JSON protocol (3.22: proto 3.14) on TCP, so unmodified gpsd clients
/// (`gpspipe -w`, `cgps`, the Python `gps` module) follow whatever feeds Waygate.
///
/// On connect a client gets VERSION; `?WATCH={"enable":true,"json":true};` answers DEVICES and
/// the WATCH echo and then streams TPV, SKY and GST (and DEVICE) reports for every fix, sky view
/// and set of noise statistics published. Each client's WATCH policy is kept and echoed as gpsd 3.22 keeps it: `device`
/// restricts it to one source, `nmea` and `raw` add the NMEA sentences as received.
/// `?POLL;`, `?DEVICES;`, `?DEVICE;` and `?VERSION;` are answered, an invalid `?WATCH` and
/// anything else get gpsd's ERROR objects, and a lost device gets its watchers gpsd's DEVICE
/// with `"activated":0` (docs/gpsd-compatibility.md lists what differs from gpsd 3.22).
/// One dedicated thread polls the listener and every non-blocking client. As gpsd drops a client
/// that cannot keep up, a client whose unsent output would pass `maximumBufferedBytes` is
/// disconnected, so a client that never reads stalls nobody and holds at most that much; and as
/// gpsd's `MAX_CLIENTS`, at most `maximumClients` are served at once, later connections refused. Each disconnection and refusal is one line to `log`.
public final class GPSDCompatibleServer: Sendable {
    /// Counters of the server since it started.
    public struct Statistics: Sendable, Hashable {
        /// Clients connected now.
        public var clients: Int
        /// Connections refused because `maximumClients` were connected.
        public var refusedClients: Int
        /// Clients disconnected because their unsent output would have passed `maximumBufferedBytes`.
        public var slowClientsDisconnected: Int
    }

    /// The listening socket.
    public let listener: TCPListener
    /// The most bytes of unsent output a client may have.
    public let maximumBufferedBytes: Int
    /// The most clients served at once.
    public let maximumClients: Int
    private let session: Locked<GPSDSession>
    private let stopping = Locked(false)
    private let wakePipe: WakePipe
    private let stopped = DispatchSemaphore(value: 0)
    private let log: @Sendable (String) -> Void

    /// Starts serving on `listener` on a dedicated thread; VERSION says `release` 3.22 and
    /// `rev` "waygate `version`". Each client may have up to `maximumBufferedBytes` unsent (at
    /// least 4 KiB), and up to `maximumClients` are served at once; `log` gets one line per
    /// client disconnected or refused (the daemon writes it to standard error). POLL's `time`
    /// is read from `clock`.
    public init(listener: TCPListener, version: String, maximumBufferedBytes: Int = 1 << 20, maximumClients: Int = 256,
                clock: any TimeSource = SystemTimeSource(), log: @escaping @Sendable (String) -> Void) throws(SystemError) {
        self.listener = listener
        self.maximumBufferedBytes = max(4_096, maximumBufferedBytes)
        self.maximumClients = max(1, maximumClients)
        self.log = log
        session = Locked(GPSDSession(version: Version(release: "3.22", rev: "waygate \(version)"),
                                     maximumBuffered: self.maximumBufferedBytes, clock: clock))
        wakePipe = try WakePipe()
        NamedThread.start("wg-gpsd-server") { [self] in runLoop() }
    }

    /// Reports `events` to every watching client (any thread; never blocks on a client).
    public func publish(_ events: [GatewayEvent]) {
        session.withLock { s in for event in events { s.publish(event) } }
        wakePipe.wake()
    }

    /// Subscribes to `bus` with a queue of its own of `capacity` stream events (deferred: a
    /// source's pump hands it a read's reports when it is idle).
    @discardableResult
    public func attach(to bus: EventBus, capacity: Int = 4_096) -> Subscription {
        bus.subscribe("gpsd", delivery: .deferred(capacity: capacity)) { [self] events in publish(events) }
    }

    /// The server's counters now.
    public var statistics: Statistics {
        session.withLock { Statistics(clients: $0.clients.count, refusedClients: $0.refusedClients, slowClientsDisconnected: $0.slowClientsDisconnected) }
    }

    /// The `gpsd` member of the `status` reply: the listening address and the statistics.
    public var status: JSONValue {
        let now = statistics
        return JSONValue([
            "listen": .string("\(listener.host):\(listener.port)"), "clients": .integer(Int64(now.clients)),
            "refused_clients": .integer(Int64(now.refusedClients)),
            "slow_clients_disconnected": .integer(Int64(now.slowClientsDisconnected)),
        ])
    }

    /// Closes every connection and the listener; returns when the thread has finished.
    public func stop() {
        let first = stopping.withLock { s -> Bool in
            defer { s = true }
            return !s
        }
        guard first else { return }
        wakePipe.wake()
        stopped.wait()
        wakePipe.close()
    }

    private func runLoop() {
        var sockets: [Int32: SocketConnection] = [:]
        var acceptPause = AcceptPause()
        while !stopping.withLock({ $0 }) {
            // Clients with output to send, and those that could not keep up (disconnected now).
            let (writable, overflowed) = session.withLock { s in
                (Set(s.clients.filter { !$0.value.output.isEmpty }.keys), s.clients.filter(\.value.overflowed).map(\.key))
            }
            for fd in overflowed {
                guard let socket = sockets.removeValue(forKey: fd) else { continue }
                log("gpsd client \(socket.peerName) disconnected: its unsent output would pass \(maximumBufferedBytes) bytes (not reading)")
                socket.close()
                acceptPause.clientLeft()
                session.withLock { s in
                    s.clients[fd] = nil
                    s.slowClientsDisconnected += 1
                }
            }
            // Their buffers, a megabyte each, would otherwise stay resident (glibc keeps freed heap).
            if !overflowed.isEmpty { HeapReuse.giveBackFreedMemory() }
            var fds = [pollfd(fd: wakePipe.readEnd.rawValue, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listener.descriptor.rawValue, events: acceptPause.listenerEvents, revents: 0)]
            let order = Array(sockets.keys)
            for fd in order {
                fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (writable.contains(fd) ? Int16(POLLOUT) : 0), revents: 0))
            }
            let ready = poll(&fds, nfds_t(fds.count), acceptPause.pollTimeout(otherwise: 1_000))
            acceptPause.expire()
            guard ready > 0 else { continue }
            if fds[0].revents != 0 { wakePipe.drain() }
            if fds[1].revents & Int16(POLLIN) != 0 {
                let error = acceptAll(into: &sockets)
                if acceptPause.accepted(failing: error), let error {
                    log("gpsd port \(listener.host):\(listener.port): cannot accept (\(error.message)) with \(sockets.count) connected; trying again when one leaves or in 1 s")
                }
            }
            for (offset, fd) in order.enumerated() {
                let revents = fds[offset + 2].revents
                guard let socket = sockets[fd] else { continue }
                var alive = true
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { alive = read(socket) }
                if alive, revents & Int16(POLLOUT) != 0 || writable.contains(fd) { alive = flush(socket) }
                if !alive {
                    socket.close()
                    acceptPause.clientLeft()
                    sockets[fd] = nil
                    session.withLock { _ = $0.clients.removeValue(forKey: fd) }
                }
            }
        }
        for socket in sockets.values { socket.close() }
        session.withLock { $0.clients.removeAll() }
        listener.close()
        stopped.signal()
    }

    /// Accepts every waiting connection; past `maximumClients` a connection gets gpsd's ERROR
    /// object and is closed. Returns the error when accepting failed (out of descriptors, …),
    /// nil when every waiting connection was taken.
    private func acceptAll(into sockets: inout [Int32: SocketConnection]) -> SystemError? {
        while true {
            let accepted: SocketConnection?
            do { accepted = try listener.accept() } catch { return error }
            guard let socket = accepted else { return nil }
            let fd = socket.descriptor.rawValue
            guard sockets.count < maximumClients else {
                let message = "too many clients (\(maximumClients) connected)"
                // Counted and logged before the client sees its ERROR and the close.
                session.withLock { $0.refusedClients += 1 }
                log("gpsd client \(socket.peerName) refused: \(message)")
                _ = Array(GPSDSession.error(message).utf8).withUnsafeBytes { try? socket.send($0) }
                socket.close()
                continue
            }
            sockets[fd] = socket
            session.withLock { $0.connect(fd) }
        }
    }

    /// Reads what the client sent and answers it; false when the client has gone.
    private func read(_ socket: SocketConnection) -> Bool {
        let fd = socket.descriptor.rawValue
        do {
            let bytes = try socket.read(upTo: 4_096)
            guard !bytes.isEmpty else { return false }
            session.withLock { $0.receive(bytes, from: fd) }
            return true
        } catch {
            return error.code == EAGAIN
        }
    }

    /// Sends as much queued output as the socket takes; false when the client has gone. Sent
    /// under the lock (the socket never blocks), so the buffer is trimmed in place, not copied;
    /// an emptied buffer over 64 KiB is given back.
    private func flush(_ socket: SocketConnection) -> Bool {
        let fd = socket.descriptor.rawValue
        return session.withLock { s in
            guard let index = s.clients.index(forKey: fd), !s.clients.values[index].output.isEmpty else { return true }
            let result = s.clients.values[index].output.withUnsafeBytes { buffer in Result { () throws(SystemError) in try socket.send(buffer) } }
            switch result {
            case .success(let sent):
                s.clients.values[index].output.removeFirst(sent)
                if s.clients.values[index].output.isEmpty, s.clients.values[index].output.capacity > 65_536 { s.clients.values[index].output = [] }
                return true
            case .failure(let error):
                return error.code == EAGAIN
            }
        }
    }
}
