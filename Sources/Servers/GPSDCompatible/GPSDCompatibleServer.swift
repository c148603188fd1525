import Foundation
public import Gateway
import GPSDProtocol
public import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Serves gpsd's JSON protocol (3.22: proto 3.14) on TCP, so unmodified gpsd clients
/// (`gpspipe -w`, `cgps`, the Python `gps` module) follow whatever feeds Waygate.
///
/// On connect a client gets VERSION; `?WATCH={"enable":true,"json":true};` answers DEVICES and
/// the WATCH echo and then streams TPV and SKY (and DEVICE) reports for every fix and sky view
/// published; `?POLL;`, `?DEVICES;` and `?VERSION;` are answered; anything else gets gpsd's
/// ERROR object. One dedicated thread polls the listener and every non-blocking client; each
/// client's unsent output is bounded (`maximumBufferedBytes`): reports that do not fit are
/// dropped for that client only, so a client that never reads cannot stall the others.
public final class GPSDCompatibleServer: Sendable {
    /// The listening socket.
    public let listener: TCPListener
    private let session: Locked<GPSDSession>
    private let stopping = Locked(false)
    private let wakePipe: WakePipe
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts serving on `listener` on a dedicated thread; VERSION says `release` 3.22 and
    /// `rev` "waygate `version`". Each client may have up to `maximumBufferedBytes` unsent.
    public init(listener: TCPListener, version: String, maximumBufferedBytes: Int = 1 << 20) throws(SystemError) {
        self.listener = listener
        session = Locked(GPSDSession(version: Version(release: "3.22", rev: "waygate \(version)"),
                                     maximumBuffered: max(4_096, maximumBufferedBytes)))
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

    /// Reports that did not fit a slow client's buffer, over all clients connected now.
    public var droppedReports: Int { session.withLock { $0.clients.values.reduce(0) { $0 + $1.dropped } } }

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
        while !stopping.withLock({ $0 }) {
            // Clients with output to send, and those whose replies fill their buffer (not read until it drains).
            let (writable, full) = session.withLock { s in
                (Set(s.clients.filter { !$0.value.output.isEmpty }.keys), Set(s.clients.filter { $0.value.output.count > s.maximumBuffered }.keys))
            }
            var fds = [pollfd(fd: wakePipe.readEnd.rawValue, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listener.descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
            let order = Array(sockets.keys)
            for fd in order {
                fds.append(pollfd(fd: fd, events: (full.contains(fd) ? 0 : Int16(POLLIN)) | (writable.contains(fd) ? Int16(POLLOUT) : 0), revents: 0))
            }
            guard poll(&fds, nfds_t(fds.count), 1_000) > 0 else { continue }
            if fds[0].revents != 0 { wakePipe.drain() }
            if fds[1].revents != 0 { acceptAll(into: &sockets) }
            for (offset, fd) in order.enumerated() {
                let revents = fds[offset + 2].revents
                guard let socket = sockets[fd] else { continue }
                var alive = true
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { alive = read(socket) }
                if alive, revents & Int16(POLLOUT) != 0 || writable.contains(fd) { alive = flush(socket) }
                if !alive {
                    socket.close()
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

    private func acceptAll(into sockets: inout [Int32: SocketConnection]) {
        while let socket = try? listener.accept() {
            let fd = socket.descriptor.rawValue
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

    /// Sends as much queued output as the socket takes; false when the client has gone.
    private func flush(_ socket: SocketConnection) -> Bool {
        let fd = socket.descriptor.rawValue
        let output = session.withLock { $0.clients[fd]?.output ?? [] }
        guard !output.isEmpty else { return true }
        let result = output.withUnsafeBytes { buffer in Result { () throws(SystemError) in try socket.send(buffer) } }
        let sent: Int
        switch result {
        case .success(let count): sent = count
        case .failure(let error): return error.code == EAGAIN
        }
        // Only this thread removes output, and only from the front: the `sent` bytes are still there.
        session.withLock { s in s.clients[fd]?.output.removeFirst(sent) }
        return true
    }
}
