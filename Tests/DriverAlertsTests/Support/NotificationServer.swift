import CSystemdBus
import Foundation

/// A stand-in for a desktop's notification daemon (none can run without a display): owns
/// `org.freedesktop.Notifications` on a bus through sd-bus, answers each `Notify` with the next
/// id (from 101) and records the call, and answers `GetCapabilities` with its capabilities.
final class NotificationServer: @unchecked Sendable {  // `calls`, `nextID`, `isStopping`, `capabilityQueries` are guarded by `lock`.
    struct Call: Hashable {
        var appName: String
        var replacesID: UInt32
        var summary: String
        var body: String
        var id: UInt32
    }

    private let lock = NSCondition()
    private var calls: [Call] = []
    private var nextID: UInt32 = 101
    private var capabilityQueries = 0
    /// What `GetCapabilities` answers; nil: the method is unknown (sd-bus's error reply).
    let capabilities: [String]?
    private var isStopping = false
    private var startError: String?
    private var isReady = false
    private let finished = DispatchSemaphore(value: 0)

    /// Connects to `address` and owns the name, on the server's own thread; throws if that fails.
    /// `capabilities` is what `GetCapabilities` answers: by default `body` and `body-markup`, as
    /// a desktop's notification daemon that shows markup.
    init(address: String, capabilities: [String]? = ["body", "body-markup"]) throws {
        self.capabilities = capabilities
        let thread = Thread { [self] in run(address: address) }
        thread.name = "test-notification-server"
        thread.start()
        lock.lock()
        let deadline = Date(timeIntervalSinceNow: 10)
        while !isReady && startError == nil && lock.wait(until: deadline) {}
        let failure = isReady ? nil : (startError ?? "timed out")
        lock.unlock()
        if let failure {
            stop()
            throw NSError(domain: "NotificationServer", code: 1, userInfo: [NSLocalizedDescriptionKey: failure])
        }
    }

    /// The calls so far.
    var received: [Call] { lock.withLock { calls } }

    /// How many `GetCapabilities` calls came (answered or not).
    var capabilityCalls: Int { lock.withLock { capabilityQueries } }

    /// Waits until `count` calls came (at most `timeout` s); the calls then.
    func waitForCalls(_ count: Int, timeout: Double = 10) -> [Call] {
        waitForCalls(timeout: timeout) { $0.count >= count }
    }

    /// Waits until the calls so far satisfy `done` (at most `timeout` s); the calls then.
    func waitForCalls(timeout: Double = 10, until done: ([Call]) -> Bool) -> [Call] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.lock()
        defer { lock.unlock() }
        while !done(calls) && lock.wait(until: deadline) {}
        return calls
    }

    func stop() {
        lock.withLock { isStopping = true }
        _ = finished.wait(timeout: .now() + 5)
    }

    fileprivate func record(appName: String, replacesID: UInt32, summary: String, body: String) -> UInt32 {
        lock.withLock {
            let id = nextID
            nextID += 1
            calls.append(Call(appName: appName, replacesID: replacesID, summary: summary, body: body, id: id))
            lock.broadcast()
            return id
        }
    }

    fileprivate func countCapabilityCall() {
        lock.withLock { capabilityQueries += 1 }
    }

    private func fail(_ message: String) {
        lock.withLock {
            startError = message
            lock.broadcast()
        }
    }

    private func run(address: String) {
        defer { finished.signal() }
        var handle: OpaquePointer?
        guard sd_bus_new(&handle) >= 0, let bus = handle else { return fail("sd_bus_new failed") }
        defer { sd_bus_flush_close_unref(bus) }
        var rc = sd_bus_set_address(bus, address)
        if rc >= 0 { rc = sd_bus_set_bus_client(bus, 1) }
        if rc >= 0 { rc = sd_bus_start(bus) }
        guard rc >= 0 else { return fail("cannot connect to \(address): \(String(cString: strerror(-rc)))") }
        rc = sd_bus_add_object(bus, nil, "/org/freedesktop/Notifications", handleMessage, Unmanaged.passUnretained(self).toOpaque())
        guard rc >= 0 else { return fail("sd_bus_add_object: \(String(cString: strerror(-rc)))") }
        rc = sd_bus_request_name(bus, "org.freedesktop.Notifications", 0)
        guard rc >= 0 else { return fail("cannot own org.freedesktop.Notifications: \(String(cString: strerror(-rc)))") }
        lock.withLock {
            isReady = true
            lock.broadcast()
        }
        while !lock.withLock({ isStopping }) {
            let processed = sd_bus_process(bus, nil)
            if processed < 0 { break }
            if processed > 0 { continue }
            _ = sd_bus_wait(bus, 50_000)
        }
    }
}

/// Answers `Notify`, and `GetCapabilities` when the server has capabilities; other calls are
/// left to sd-bus (which replies "unknown method").
private func handleMessage(_ message: OpaquePointer?, _ userData: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userData else { return 0 }
    let server = Unmanaged<NotificationServer>.fromOpaque(userData).takeUnretainedValue()
    if sd_bus_message_is_method_call(message, "org.freedesktop.Notifications", "GetCapabilities") > 0 {
        server.countCapabilityCall()
        guard let capabilities = server.capabilities else { return 0 }
        return replyStrings(to: message, capabilities) >= 0 ? 1 : 0
    }
    guard sd_bus_message_is_method_call(message, "org.freedesktop.Notifications", "Notify") > 0 else { return 0 }
    var app: UnsafePointer<CChar>?, icon: UnsafePointer<CChar>?, summary: UnsafePointer<CChar>?, body: UnsafePointer<CChar>?
    var replaces: UInt32 = 0
    guard waygate_bus_read_notify(message, &app, &replaces, &icon, &summary, &body) >= 0 else { return 0 }
    let id = server.record(appName: app.map { String(cString: $0) } ?? "", replacesID: replaces,
                           summary: summary.map { String(cString: $0) } ?? "", body: body.map { String(cString: $0) } ?? "")
    return waygate_bus_reply_uint32(message, id) >= 0 ? 1 : 0
}

/// Replies to method call `call` with one array of strings (`as`); an sd-bus code.
private func replyStrings(to call: OpaquePointer, _ strings: [String]) -> Int32 {
    var handle: OpaquePointer?
    var rc = sd_bus_message_new_method_return(call, &handle)
    guard rc >= 0, let reply = handle else { return rc }
    defer { sd_bus_message_unref(reply) }
    var list = strings.map { strdup($0) } + [nil]
    defer { list.forEach { free($0) } }
    rc = sd_bus_message_append_strv(reply, &list)
    return rc >= 0 ? sd_bus_send(nil, reply, nil) : rc
}
