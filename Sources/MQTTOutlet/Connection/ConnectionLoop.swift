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
    private let onMessage: @Sendable (String, [UInt8]) -> Void
    private let onConnectionChange: @Sendable (Bool, String) -> Void
    private let shared: Locked<Shared>
    private let done = DispatchSemaphore(value: 0)
    private let handle: OpaquePointer
    private let clock = ContinuousClock()

    // Network-thread state.
    private var connected = false
    private var everConnected = false
    /// Unacknowledged message ids → their QoS.
    private var inFlight: [Int32: Int32] = [:]
    /// Ids acknowledged before `mosquitto_publish` returned them (possible inside callbacks).
    private var earlyAcks: Set<Int32> = []

    init(settings: MQTTSettings, clientID: String, presence: MQTTConnection.Presence,
         onMessage: @escaping @Sendable (String, [UInt8]) -> Void,
         onConnectionChange: @escaping @Sendable (Bool, String) -> Void) throws(MQTTError) {
        guard libraryStatus == MOSQ_ERR_SUCCESS.rawValue else {
            throw .library(call: "mosquitto_lib_init", message: Self.describe(libraryStatus))
        }
        self.handle = try Self.makeHandle(settings: settings, clientID: clientID, will: presence.will)
        self.settings = settings
        self.presence = presence
        self.onMessage = onMessage
        self.onConnectionChange = onConnectionChange
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
        // (one send, no wake-up byte through libmosquitto's socket pair).
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
            Unmanaged<ConnectionLoop>.fromOpaque(context).takeUnretainedValue().onMessage(String(cString: topic), payload)
        }
        // The thread keeps `self` (and so the callbacks' context) alive until it ends.
        let thread = Thread { [self] in run() }
        thread.name = "mqtt \(settings.broker)"
        thread.start()
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
            let rc = mosquitto_loop(handle, 10, 1)
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

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Hands outbox messages to libmosquitto while the in-flight window has room.
    private func pump() {
        let room = settings.inFlightLimit - inFlight.count
        guard room > 0 else { return }
        let batch = shared.withLock { $0.outbox.take(room) }
        guard !batch.isEmpty else { return }
        var failedStream: UInt64 = 0
        var failedState: UInt64 = 0
        var published: UInt64 = 0
        for (index, message) in batch.enumerated() {
            var mid: Int32 = 0
            let rc = message.payload.withUnsafeBytes { bytes in
                mosquitto_publish(handle, &mid, message.topic, Int32(bytes.count), bytes.baseAddress, message.qos, message.retain)
            }
            if rc == MOSQ_ERR_SUCCESS.rawValue {
                if earlyAcks.remove(mid) != nil { published += 1 } else { inFlight[mid] = message.qos }
            } else if message.qos > 0 && (rc == MOSQ_ERR_CONN_LOST.rawValue || rc == MOSQ_ERR_ERRNO.rawValue) {
                // The write failed, but libmosquitto keeps QoS 1 messages and sends them after the reconnect.
                inFlight[mid] = message.qos
            } else if rc == MOSQ_ERR_NO_CONN.rawValue {
                let rest = Array(batch[index...])
                shared.withLock { $0.outbox.putBack(rest) }
                break
            } else if message.isState {
                failedState += 1
            } else {
                failedStream += 1
            }
        }
        let inFlightNow = inFlight.count
        shared.withLock { s in
            s.statistics.published += published
            s.statistics.droppedStream += failedStream
            s.statistics.droppedState += failedState
            s.statistics.inFlight = inFlightNow
        }
    }

    private func didPublish(_ mid: Int32) {
        if inFlight.removeValue(forKey: mid) == nil {
            earlyAcks.insert(mid)
            return
        }
        let inFlightNow = inFlight.count
        shared.withLock { s in
            s.statistics.published += 1
            s.statistics.inFlight = inFlightNow
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
        let rc = message.payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle, &mid, message.topic, Int32(bytes.count), bytes.baseAddress, message.qos, message.retain)
        }
        let kept = rc == MOSQ_ERR_SUCCESS.rawValue
            || (message.qos > 0 && (rc == MOSQ_ERR_CONN_LOST.rawValue || rc == MOSQ_ERR_ERRNO.rawValue))
        guard kept else { return nil }
        if earlyAcks.remove(mid) == nil { inFlight[mid] = message.qos }
        return mid
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
        let inFlightNow = inFlight.count
        shared.withLock { s in
            s.statistics.isConnected = false
            s.statistics.isSubscribed = false
            s.statistics.droppedStream += UInt64(lostStream.count)
            s.statistics.inFlight = inFlightNow
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
                if mosquitto_loop(handle, 10, 1) != MOSQ_ERR_SUCCESS.rawValue { connected = false }
            }
            let farewell = presence.farewell.compactMap { publishDirect($0) }
            let farewellDeadline = clock.now + .seconds(1)
            while connected && clock.now < farewellDeadline && farewell.contains(where: { inFlight[$0] != nil }) {
                if mosquitto_loop(handle, 10, 1) != MOSQ_ERR_SUCCESS.rawValue { connected = false }
            }
            if connected {
                _ = mosquitto_disconnect(handle)
                let disconnectDeadline = clock.now + .milliseconds(500)
                while mosquitto_socket(handle) >= 0 && clock.now < disconnectDeadline {
                    if mosquitto_loop(handle, 10, 1) != MOSQ_ERR_SUCCESS.rawValue { break }
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
