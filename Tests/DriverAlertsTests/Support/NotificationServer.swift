import CSystemdBus
import Foundation

/// A stand-in for a desktop's notification daemon (none can run without a display): owns
/// `org.freedesktop.Notifications` on a bus through sd-bus, answers each `Notify` with the next
/// id (from 101) and records the call.
final class NotificationServer: @unchecked Sendable {  // `calls`, `nextID`, `isStopping` are guarded by `lock`.
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
    private var isStopping = false
    private var startError: String?
    private var isReady = false
    private let finished = DispatchSemaphore(value: 0)

    /// Connects to `address` and owns the name, on the server's own thread; throws if that fails.
    init(address: String) throws {
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

/// Answers `Notify`; other calls are left to sd-bus (which replies "unknown method").
private func handleMessage(_ message: OpaquePointer?, _ userData: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userData,
        sd_bus_message_is_method_call(message, "org.freedesktop.Notifications", "Notify") > 0 else { return 0 }
    var app: UnsafePointer<CChar>?, icon: UnsafePointer<CChar>?, summary: UnsafePointer<CChar>?, body: UnsafePointer<CChar>?
    var replaces: UInt32 = 0
    guard waygate_bus_read_notify(message, &app, &replaces, &icon, &summary, &body) >= 0 else { return 0 }
    let server = Unmanaged<NotificationServer>.fromOpaque(userData).takeUnretainedValue()
    let id = server.record(appName: app.map { String(cString: $0) } ?? "", replacesID: replaces,
                           summary: summary.map { String(cString: $0) } ?? "", body: body.map { String(cString: $0) } ?? "")
    return waygate_bus_reply_uint32(message, id) >= 0 ? 1 : 0
}
