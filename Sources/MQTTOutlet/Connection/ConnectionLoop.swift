import CMosquitto
import Foundation
import SystemIO

/// libmosquitto's global set-up, run once before the first handle is made.
private let libraryStatus: Int32 = mosquitto_lib_init()

/// The network thread of an `MQTTConnection` and everything it owns. Shared with producers:
/// only `shared` (under its lock). Everything else is touched by the network thread alone, after
/// `start()` — including from libmosquitto's callbacks, which run inside `mosquitto_loop` there.
final class ConnectionLoop: @unchecked Sendable {  // see above: `shared` is locked, the rest is thread-confined.
    private struct Shared {
        var outbox: MQTTOutbox
        var statistics = MQTTStatistics()
        var stopRequested = false
        var flushTimeout = 0.0
        var finished = false
    }

    private let settings: MQTTSettings
    private let presence: MQTTConnection.Presence
    private let onMessage: @Sendable (String, [UInt8], Bool) -> Void
    private let onConnectionChange: @Sendable (Bool, String) -> Void
    private let onDrops: @Sendable (Bool, UInt64, String) -> Void
    private let shared: Locked<Shared>
    private let done = DispatchSemaphore(value: 0)
    private let handle: OpaquePointer
    private let clock = ContinuousClock()

    // Network-thread state.
    private var connected = false
    private var everConnected = false
    /// Unacknowledged message ids → their QoS.
    private var inFlight: [Int32: Int32] = [:]
    /// Ids acknowledged before `mosquitto_publish` returned them: a QoS 0 message written at once
    /// is reported by the callback inside the call. Rarely more than one, so an array.
    private var earlyAcks: [Int32] = []
    /// Messages dropped as of the last `onDrops` report, and when it was made.
    private var reportedDrops: UInt64 = 0
    private var lastDropReport: ContinuousClock.Instant?

    init(settings: MQTTSettings, clientID: String, presence: MQTTConnection.Presence,
         onMessage: @escaping @Sendable (String, [UInt8], Bool) -> Void,
         onConnectionChange: @escaping @Sendable (Bool, String) -> Void,
         onDrops: @escaping @Sendable (Bool, UInt64, String) -> Void) throws(MQTTError) {
        guard libraryStatus == MOSQ_ERR_SUCCESS.rawValue else {
            throw .library(call: "mosquitto_lib_init", message: Self.describe(libraryStatus))
        }
        self.handle = try Self.makeHandle(settings: settings, clientID: clientID, will: presence.will)
        self.settings = settings
        self.presence = presence
        self.onMessage = onMessage
        self.onConnectionChange = onConnectionChange
        self.onDrops = onDrops
        self.shared = Locked(Shared(outbox: MQTTOutbox(limits: settings.outbox)))
    }

    /// A configured handle (credentials, TLS, will, threading mode); destroyed again on failure.
    private static func makeHandle(settings: MQTTSettings, clientID: String, will: MQTTMessage?) throws(MQTTError) -> OpaquePointer {
        guard let mosq = mosquitto_new(clientID, true, nil) else {
            throw .library(call: "mosquitto_new", message: "cannot create a client (out of memory or bad client id \"\(clientID)\")")
        }
        func check(_ rc: Int32, _ call: String) throws(MQTTError) {
            guard rc == MOSQ_ERR_SUCCESS.rawValue else {
                mosquitto_destroy(mosq)
                throw .library(call: call, message: describe(rc))
            }
        }
        // Unthreaded mode: every call comes from the network thread, so a publish writes at once
        // (one send; libmosquitto 2.0 still writes its wake-up byte to its socket pair, a `write`
        // that fails with EAGAIN once the pair is full, since only `mosquitto_loop` drains it).
        if settings.username != nil || settings.password != nil {
            try check(mosquitto_username_pw_set(mosq, settings.username ?? "", settings.password), "mosquitto_username_pw_set")
        }
        if settings.usesTLS {
            let tls = settings.tls
            let rc = mosquitto_tls_set(mosq, tls.caFile, tls.caFile == nil ? "/etc/ssl/certs" : nil, tls.certFile, tls.keyFile, nil)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else {
                mosquitto_destroy(mosq)
                throw .badTLS("libmosquitto refused the TLS files (\(describe(rc)))")
            }
        }
        if let will {
            let rc = will.payload.withUnsafeBytes { bytes in
                mosquitto_will_set(mosq, will.topic, Int32(bytes.count), bytes.baseAddress, will.qos, will.retain)
            }
            try check(rc, "mosquitto_will_set")
        }
        return mosq
    }

    // MARK: - Producer side

    func enqueue(_ messages: [MQTTMessage]) {
        shared.withLock { s in
            guard !s.finished else { return }
            s.statistics.offered += UInt64(messages.count)
            for message in messages { s.outbox.append(message) }
        }
    }

    var statistics: MQTTStatistics {
        shared.withLock { s in
            var statistics = s.statistics
            statistics.queued = s.outbox.count
            statistics.droppedStream += s.outbox.droppedStream
            statistics.droppedState += s.outbox.droppedState
            return statistics
        }
    }

    func start() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        mosquitto_user_data_set(handle, context)
        mosquitto_connect_callback_set(handle) { _, context, rc in
            guard let context else { return }
            Unmanaged<ConnectionLoop>.fromOpaque(context).takeUnretainedValue().didConnect(rc)
        }
        mosquitto_publish_callback_set(handle) { _, context, mid in
            guard let context else { return }
            Unmanaged<ConnectionLoop>.fromOpaque(context).takeUnretainedValue().didPublish(mid)
        }
        mosquitto_subscribe_callback_set(handle) { _, context, _, _, _ in
            guard let context else { return }
            Unmanaged<ConnectionLoop>.fromOpaque(context).takeUnretainedValue().shared.withLock { $0.statistics.isSubscribed = true }
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let context, let message, let topic = message.pointee.topic else { return }
            let count = Int(max(0, message.pointee.payloadlen))
            let payload = message.pointee.payload.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
            Unmanaged<ConnectionLoop>.fromOpaque(context).takeUnretainedValue().onMessage(String(cString: topic), payload, message.pointee.retain)
        }
        // The thread keeps `self` (and so the callbacks' context) alive until it ends.
        NamedThread.start("wg-mqtt") { [self] in run() }
    }

    func stop(flushTimeout: Double) {
        shared.withLock { s in
            if !s.stopRequested {
                s.stopRequested = true
                s.flushTimeout = flushTimeout
            }
        }
        // The network thread signals once when it ends; each caller passes the signal on.
        done.wait()
        done.signal()
    }

    // MARK: - Network thread

    private var stopRequested: Bool { shared.withLock { $0.stopRequested } }

    private func run() {
        var socketOpen = false
        var attempted = false
        var delay = settings.reconnectDelay
        var nextAttempt = clock.now
        while !stopRequested {
            reportDrops()
            if !socketOpen {
                if clock.now < nextAttempt {
                    Thread.sleep(forTimeInterval: min(0.05, seconds(nextAttempt - clock.now)))
                    continue
                }
                let rc = attempted
                    ? mosquitto_reconnect_async(handle)
                    : mosquitto_connect_async(handle, settings.broker.host, Int32(settings.broker.port), Int32(settings.keepalive))
                let code = errno  // libmosquitto reports socket failures through errno (MOSQ_ERR_ERRNO)
                attempted = true
                if rc == MOSQ_ERR_SUCCESS.rawValue {
                    socketOpen = true
                } else {
                    noteFailure(rc, errno: code)
                    nextAttempt = clock.now + .seconds(delay)
                    delay = min(delay * 2, settings.maximumReconnectDelay)
                    continue
                }
            }
            if connected { pump() }
            let rc = connected ? service() : libraryTurn()
            let code = errno
            if rc != MOSQ_ERR_SUCCESS.rawValue {
                socketOpen = false
                let wasConnected = connected
                lost(rc, errno: code)
                if wasConnected { delay = settings.reconnectDelay }
                nextAttempt = clock.now + .seconds(delay)
                delay = min(delay * 2, settings.maximumReconnectDelay)
            } else if connected {
                delay = settings.reconnectDelay
            }
        }
        shutDown()
    }

    /// One turn of the loop once connected: polls the broker's socket alone (up to 10 ms), then
    /// reads, writes and runs the keepalive, as `mosquitto_loop` does. `mosquitto_loop` also polls
    /// libmosquitto's wake-up socket pair, which gets a byte per publish and gives one back per
    /// turn, so at thousands of publishes a second it would turn once per message without waiting.
    /// Before CONNACK (TCP connect, TLS handshake) `mosquitto_loop` runs.
    private func service() -> Int32 {
        let socket = mosquitto_socket(handle)
        guard socket >= 0 else { return MOSQ_ERR_NO_CONN.rawValue }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN) | (mosquitto_want_write(handle) ? Int16(POLLOUT) : 0), revents: 0)
        let ready = poll(&descriptor, 1, 10)
        if ready < 0 && errno != EINTR { return MOSQ_ERR_ERRNO.rawValue }
        if ready > 0 {
            if descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let rc = mosquitto_loop_read(handle, 1)
                if rc != MOSQ_ERR_SUCCESS.rawValue { return rc }
            }
            if descriptor.revents & Int16(POLLOUT) != 0 && mosquitto_socket(handle) >= 0 {
                let rc = mosquitto_loop_write(handle, 1)
                if rc != MOSQ_ERR_SUCCESS.rawValue { return rc }
            }
        }
        return mosquitto_loop_misc(handle)
    }

    /// One turn of `mosquitto_loop` (it completes the TCP connect and the TLS handshake), used
    /// before CONNACK and while disconnecting. `mosquitto_loop` waits with `select` and refuses
    /// (MOSQ_ERR_INVAL, its only cause here, every time) a socket past FD_SETSIZE, as the
    /// broker's socket is in a daemon serving a thousand clients: such a socket is served by
    /// `service()` instead.
    private func libraryTurn() -> Int32 {
        let rc = mosquitto_loop(handle, 10, 1)
        return rc == MOSQ_ERR_INVAL.rawValue ? service() : rc
    }

    /// Holds back (`true`) or lets go (`false`) partial TCP segments on the broker's socket:
    /// a batch of publishes, one `send` each, leaves in full segments instead of one per message.
    private func cork(_ on: Bool) {
        let socket = mosquitto_socket(handle)
        guard socket >= 0 else { return }
        var value: Int32 = on ? 1 : 0
        _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_CORK, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Hands outbox messages to libmosquitto while the in-flight window has room. The batch
    /// counts as in flight from the moment it leaves the outbox (same lock), and each message's
    /// outcome (published, in flight, put back, dropped) is recorded under one lock at the end,
    /// so a statistics snapshot never misses a message mid-handoff.
    private func pump() {
        let room = settings.inFlightLimit - inFlight.count
        guard room > 0 else { return }
        let batch = shared.withLock { s in
            let batch = s.outbox.take(room)
            s.statistics.inFlight += batch.count
            return batch
        }
        guard !batch.isEmpty else { return }
        if batch.count > 1 { cork(true) }
        defer { if batch.count > 1 { cork(false) } }
        var failedStream: UInt64 = 0
        var failedState: UInt64 = 0
        var published: UInt64 = 0
        var handedOver = 0
        var rest: [MQTTMessage] = []
        for index in batch.indices {
            // Read in place, not copied out by an iterator (a copy retains and releases topic and payload).
            let qos = batch[index].qos
            var mid: Int32 = 0
            let rc = publish(batch[index], mid: &mid)
            if rc == MOSQ_ERR_SUCCESS.rawValue {
                if takeEarlyAck(mid) {
                    published += 1
                } else {
                    inFlight[mid] = qos
                    handedOver += 1
                }
            } else if qos > 0 && (rc == MOSQ_ERR_CONN_LOST.rawValue || rc == MOSQ_ERR_ERRNO.rawValue) {
                // The write failed, but libmosquitto keeps QoS 1 messages and sends them after the reconnect.
                inFlight[mid] = qos
                handedOver += 1
            } else if rc == MOSQ_ERR_NO_CONN.rawValue {
                rest = Array(batch[index...])
                break
            } else if qos > 0 {
                failedState += 1
            } else {
                failedStream += 1
            }
        }
        // Callbacks during the publishes may have settled older messages (their own lock, their own
        // decrement): only this batch's share moves here.
        shared.withLock { s in
            s.outbox.putBack(rest)
            s.statistics.published += published
            s.statistics.droppedStream += failedStream
            s.statistics.droppedState += failedState
            s.statistics.inFlight -= batch.count - handedOver
        }
    }

    /// `mosquitto_publish` of `message`, with the topic's own bytes (`withCString` on a native
    /// string) rather than a converted copy.
    private func publish(_ message: MQTTMessage, mid: inout Int32) -> Int32 {
        message.topic.withCString { topic in
            message.payload.withUnsafeBytes { bytes in
                mosquitto_publish(handle, &mid, topic, Int32(bytes.count), bytes.baseAddress, message.qos, message.retain)
            }
        }
    }

    /// Whether `mid` was acknowledged before its publish returned (and forgets it).
    private func takeEarlyAck(_ mid: Int32) -> Bool {
        guard let index = earlyAcks.lastIndex(of: mid) else { return false }
        earlyAcks.swapAt(index, earlyAcks.count - 1)
        earlyAcks.removeLast()
        return true
    }

    private func didPublish(_ mid: Int32) {
        if inFlight.removeValue(forKey: mid) == nil {
            earlyAcks.append(mid)
            return
        }
        shared.withLock { s in
            s.statistics.published += 1
            s.statistics.inFlight -= 1
        }
    }

    private func didConnect(_ rc: Int32) {
        guard rc == 0 else {
            let reason = String(cString: mosquitto_connack_string(rc))
            shared.withLock { s in
                s.statistics.failedAttempts += 1
                s.statistics.lastError = "\(settings.broker) refused the connection: \(reason)"
            }
            return
        }
        connected = true
        let reconnect = everConnected
        everConnected = true
        for message in presence.greeting { publishDirect(message) }
        for filter in presence.subscriptions { _ = mosquitto_subscribe(handle, nil, filter, 1) }
        shared.withLock { s in
            s.statistics.isConnected = true
            if reconnect { s.statistics.reconnects += 1 }
        }
        onConnectionChange(true, "\(reconnect ? "reconnected" : "connected") to \(settings.broker)")
    }

    /// Publishes outside the outbox (greeting, farewell), still counted in flight.
    @discardableResult
    private func publishDirect(_ message: MQTTMessage) -> Int32? {
        var mid: Int32 = 0
        let rc = publish(message, mid: &mid)
        let kept = rc == MOSQ_ERR_SUCCESS.rawValue
            || (message.qos > 0 && (rc == MOSQ_ERR_CONN_LOST.rawValue || rc == MOSQ_ERR_ERRNO.rawValue))
        guard kept else { return nil }
        let acknowledged = takeEarlyAck(mid)
        if !acknowledged { inFlight[mid] = message.qos }
        shared.withLock { s in
            s.statistics.offered += 1
            if acknowledged { s.statistics.published += 1 } else { s.statistics.inFlight += 1 }
        }
        return mid
    }

    /// Reports the messages dropped since the last report (outbox overflow, QoS 0 lost with a
    /// connection), the first at once and then at most once per `dropReportInterval`, with the
    /// running total, for the caller's DEVICE-like event (docs/fleet.md).
    private func reportDrops() {
        let total = shared.withLock { s in
            s.statistics.droppedStream + s.statistics.droppedState + s.outbox.droppedStream + s.outbox.droppedState
        }
        guard total > reportedDrops else { return }
        let now = clock.now
        if let lastDropReport, now - lastDropReport < .seconds(settings.dropReportInterval) { return }
        let count = total - reportedDrops
        let line = "\(count) message\(count == 1 ? "" : "s") dropped (\(total) so far) "
            + (connected ? "while \(settings.broker) took them slower than they came" : "while not connected to \(settings.broker)")
        reportedDrops = total
        lastDropReport = now
        onDrops(connected, total, line)
    }

    private func noteFailure(_ rc: Int32, errno code: Int32) {
        let reason = Self.describe(rc, errno: code)
        shared.withLock { s in
            s.statistics.failedAttempts += 1
            s.statistics.lastError = "cannot connect to \(settings.broker): \(reason)"
        }
    }

    /// The connection broke (or a pending connect failed): QoS 0 messages in flight are gone
    /// (libmosquitto frees unwritten packets on reconnect); QoS 1 ones stay in libmosquitto and
    /// are sent again after the next CONNACK.
    private func lost(_ rc: Int32, errno code: Int32) {
        let lostStream = inFlight.filter { $0.value == 0 }
        for mid in lostStream.keys { inFlight.removeValue(forKey: mid) }
        earlyAcks.removeAll()
        let wasConnected = connected
        connected = false
        let reason = Self.describe(rc, errno: code)
        let line = wasConnected ? "lost the connection to \(settings.broker): \(reason)" : "cannot connect to \(settings.broker): \(reason)"
        shared.withLock { s in
            s.statistics.isConnected = false
            s.statistics.isSubscribed = false
            s.statistics.droppedStream += UInt64(lostStream.count)
            s.statistics.inFlight -= lostStream.count
            if !wasConnected { s.statistics.failedAttempts += 1 }
            // A refusal noted by didConnect is the better explanation: keep it.
            if wasConnected || !(s.statistics.lastError?.contains("refused the connection") ?? false) { s.statistics.lastError = line }
        }
        if wasConnected { onConnectionChange(false, line) }
    }

    /// Flush (bounded), farewell, DISCONNECT, destroy; then wake `stop()`.
    private func shutDown() {
        let flushTimeout = shared.withLock { $0.flushTimeout }
        if connected {
            let flushDeadline = clock.now + .seconds(flushTimeout)
            while connected && clock.now < flushDeadline && (!inFlight.isEmpty || shared.withLock({ !$0.outbox.isEmpty })) {
                pump()
                if service() != MOSQ_ERR_SUCCESS.rawValue { connected = false }
            }
            let farewell = presence.farewell.compactMap { publishDirect($0) }
            let farewellDeadline = clock.now + .seconds(1)
            while connected && clock.now < farewellDeadline && farewell.contains(where: { inFlight[$0] != nil }) {
                if service() != MOSQ_ERR_SUCCESS.rawValue { connected = false }
            }
            if connected {
                _ = mosquitto_disconnect(handle)
                let disconnectDeadline = clock.now + .milliseconds(500)
                while mosquitto_socket(handle) >= 0 && clock.now < disconnectDeadline {
                    if libraryTurn() != MOSQ_ERR_SUCCESS.rawValue { break }
                }
            }
            connected = false
        }
        mosquitto_destroy(handle)
        let wasConnected = shared.withLock { s -> Bool in
            s.finished = true
            let was = s.statistics.isConnected
            s.statistics.isConnected = false
            s.statistics.isSubscribed = false
            return was
        }
        if wasConnected { onConnectionChange(false, "disconnected from \(settings.broker)") }
        done.signal()
    }

    static func describe(_ rc: Int32, errno code: Int32 = 0) -> String {
        if rc == MOSQ_ERR_ERRNO.rawValue, code != 0 { return SystemError(code: code, operation: "socket").message }
        return String(cString: mosquitto_strerror(rc))
    }
}
