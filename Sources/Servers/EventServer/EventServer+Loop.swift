#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import SystemIO
import WireProtocol

extension EventServer {
    /// Bytes moved from a client's outbox into its send buffer at a time.
    static let batchBytes = 65_536
    /// The I/O thread: one `poll` loop over the wake pipe, the listener and every client.
    func runLoop() {
        var clients: [UInt64: ClientConnection] = [:]
        var nextID: UInt64 = 1
        var acceptPause = AcceptPause()
        while true {
            // Take output from the outboxes and decide what to poll for, in one locked pass.
            var readable: Set<UInt64> = []
            var roomMade: [CheckedContinuation<Void, Never>] = []
            let stopping = state.withLock { s -> Bool in
                s.wakePending = false
                for (id, client) in clients {
                    guard let index = s.outboxes.index(forKey: id) else { continue }
                    if !client.hasOutput { s.outboxes.values[index].drain(into: &client.output, batchBytes: Self.batchBytes) }
                    s.outboxes.values[index].writerIdle = !client.hasOutput
                    let box = s.outboxes.values[index]
                    let replyRoom = box.controlBytes < configuration.maxUnsentReplyBytes
                    if replyRoom, let waiter = box.replyRoomWaiter {
                        roomMade.append(waiter)
                        s.outboxes.values[index].replyRoomWaiter = nil
                    }
                    if replyRoom, box.pendingRequests + box.control.count < configuration.maxPendingRequests { readable.insert(id) }
                }
                return s.stopping
            }
            roomMade.forEach { $0.resume() }
            if stopping { break }
            var refill = false
            for client in clients.values where client.hasOutput && !client.blocked {
                if !client.flush() {
                    disconnect(client, from: &clients)
                    acceptPause.clientLeft()
                } else if !client.hasOutput {
                    refill = true
                }
            }
            var fds = [pollfd(fd: wakePipe.readEnd.rawValue, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listener.descriptor.rawValue, events: acceptPause.listenerEvents, revents: 0)]
            let order = Array(clients.values)
            for client in order {
                var events: Int16 = 0
                if readable.contains(client.id) { events |= Int16(POLLIN) }
                if client.hasOutput { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: client.socket.descriptor.rawValue, events: events, revents: 0))
            }
            // A client whose buffer just emptied may have more queued: look again at once.
            let ready = poll(&fds, nfds_t(fds.count), refill ? 0 : acceptPause.pollTimeout(otherwise: -1))
            acceptPause.expire()
            guard ready > 0 else { continue }
            if fds[0].revents != 0 { wakePipe.drain() }
            if fds[1].revents & Int16(POLLIN) != 0 {
                let error = acceptClients(into: &clients, nextID: &nextID)
                if acceptPause.accepted(failing: error), let error {
                    log("socket \(listener.path): cannot accept (\(error.message)) with \(clients.count) connected; trying again when one leaves or in 1 s")
                }
            }
            for (offset, client) in order.enumerated() {
                let revents = fds[offset + 2].revents
                if revents & Int16(POLLOUT) != 0 { client.blocked = false }
                guard revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
                guard let inputs = client.readInputs() else {
                    disconnect(client, from: &clients)
                    acceptPause.clientLeft()
                    continue
                }
                guard !inputs.isEmpty else { continue }
                state.withLock { s in
                    if let index = s.outboxes.index(forKey: client.id) { s.outboxes.values[index].pendingRequests += inputs.count }
                }
                for input in inputs { client.requests.yield(input) }
            }
        }
        for client in clients.values { disconnect(client, from: &clients) }
        listener.close()
        stopped.signal()
    }

    /// Accepts every waiting connection: reads its credentials, queues HELLO and starts its
    /// request task; past `maxClients` a connection is refused. Returns the error when
    /// accepting failed (out of descriptors, …), nil when every waiting connection was taken.
    private func acceptClients(into clients: inout [UInt64: ClientConnection], nextID: inout UInt64) -> SystemError? {
        while true {
            let accepted: SocketConnection?
            do { accepted = try listener.accept() } catch { return error }
            guard let socket = accepted else { return nil }
            guard let credentials = try? socket.peerCredentials() else {
                socket.close()
                continue
            }
            guard clients.count < configuration.maxClients else {
                refuse(socket, credentials: credentials)
                continue
            }
            let id = nextID
            nextID += 1
            let (stream, continuation) = AsyncStream.makeStream(of: ClientInput.self)
            clients[id] = ClientConnection(id: id, socket: socket, requests: continuation)
            let hello = state.withLock { s -> HelloMessage in
                s.outboxes[id] = ClientOutbox(credentials: credentials, socket: socket, capacity: configuration.maxQueuedEvents)
                s.statistics.clients += 1
                return HelloMessage(version: configuration.version, session: .init(mode: s.sessionMode), channels: configuration.channels)
            }
            sendControl(.hello(hello), to: id, answering: false)
            let info = ClientInfo(id: id, credentials: credentials)
            Task { await self.serveRequests(stream, from: info) }
        }
    }

    /// Tells a connection past `maxClients` why with one ERROR `busy` line (the fresh socket's
    /// buffer takes it whole), logs one line naming the peer, counts it and closes it.
    private func refuse(_ socket: SocketConnection, credentials: PeerCredentials) {
        let message = "too many clients (\(configuration.maxClients) connected)"
        if let line = try? WireCoding.line(.error(ErrorMessage(code: .busy, message: message))) {
            _ = line.withUnsafeBytes { try? socket.send($0) }
        }
        log("socket client pid \(credentials.pid) uid \(credentials.uid) refused: \(message)")
        socket.close()
        state.withLock { $0.statistics.refusedClients += 1 }
    }

    /// Forgets a client's outbox, then closes it (in that order: publishers write through the
    /// outbox's socket, and must never see a descriptor number the kernel may hand out again).
    /// A request task waiting for reply room is let go. A client that leaves a megabyte or more
    /// of replies unsent has its memory given back to the kernel (glibc would keep it resident).
    private func disconnect(_ client: ClientConnection, from clients: inout [UInt64: ClientConnection]) {
        let (waiter, unsent) = state.withLock { s -> (CheckedContinuation<Void, Never>?, Int) in
            guard let box = s.outboxes.removeValue(forKey: client.id) else { return (nil, 0) }
            s.statistics.clients -= 1
            s.channelsWanted = nil
            return (box.replyRoomWaiter, box.controlBytes + client.output.count)
        }
        waiter?.resume()
        client.output = []
        client.close()
        clients[client.id] = nil
        if unsent >= 1 << 20 { HeapReuse.giveBackFreedMemory() }
    }
}
