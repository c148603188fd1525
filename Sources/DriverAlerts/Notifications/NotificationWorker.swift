import Foundation
import SystemIO

/// Posts notifications on its own thread, so the event bus never waits for D-Bus: connects to
/// the session bus when it starts (one warning and nothing more if there is none), then sends
/// each queued notification, replacing the previous one of its slot, with the body escaped when
/// the server reads it as markup.
final class NotificationWorker: @unchecked Sendable {  // every `var` is guarded by `condition`.
    private let condition = NSCondition()
    private var queue: NotificationQueue
    private var replacing: [String: UInt32] = [:]
    private var isStopping = false
    private var isBusy = false
    private var isUnavailable = false
    private var sent = 0
    private var failureWarned = false
    private let finished = DispatchSemaphore(value: 0)
    private let address: String?
    private let environment: [String: String]
    private let warn: @Sendable (String) -> Void

    /// The app name notifications are posted under.
    static let appName = "Waygate"

    /// Starts the thread; it connects to `address` (nil: the environment's session bus).
    init(address: String?, environment: [String: String], maneuverCapacity: Int = 8, warn: @escaping @Sendable (String) -> Void) {
        self.address = address
        self.environment = environment
        self.warn = warn
        queue = NotificationQueue(maneuverCapacity: maneuverCapacity)
        NamedThread.start("wg-notify") { [self] in run() }
    }

    /// Whether the bus connection failed (notifications are then off for good).
    var isAvailable: Bool { condition.withLock { !isUnavailable } }

    /// Counters: sent, dropped.
    var counters: (sent: Int, dropped: Int) { condition.withLock { (sent, queue.dropped) } }

    /// Queues `notifications`; returns at once.
    func post(_ notifications: [DesktopNotification]) {
        guard !notifications.isEmpty else { return }
        condition.withLock {
            guard !isStopping, !isUnavailable else { return }
            for notification in notifications { queue.push(notification) }
            condition.broadcast()
        }
    }

    /// Forgets the slots' ids, so the next notifications start fresh rather than replacing.
    func forgetSlots(_ slots: Set<String>) {
        condition.withLock { for slot in slots { replacing[slot] = nil } }
    }

    /// Waits until the queue is empty and nothing is being sent, at most `timeout` seconds.
    func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !queue.isEmpty || isBusy {
            if !condition.wait(until: deadline) { return queue.isEmpty && !isBusy }
        }
        return true
    }

    /// Sends what is queued, then ends the thread (waits at most `timeout` seconds).
    func stop(timeout: Double = 10) {
        condition.withLock {
            isStopping = true
            condition.broadcast()
        }
        _ = finished.wait(timeout: .now() + timeout)
    }

    private func run() {
        defer { finished.signal() }
        let bus: SessionBus
        do {
            bus = try SessionBus(address: address, environment: environment)
        } catch {
            condition.withLock {
                isUnavailable = true
                queue.removeAll()
                condition.broadcast()
            }
            warn("\(error): notifications off")
            return
        }
        // Whether the server reads the body as markup: asked once (GetCapabilities), and again
        // after a failed call, since the server that answers next may be another one. A server
        // that takes Notify but not GetCapabilities gets plain text.
        var bodyMarkup: Bool?
        while let notification = next() {
            let previous = condition.withLock { replacing[notification.slot] ?? 0 }
            let markup = bodyMarkup ?? bus.capabilities()?.contains("body-markup")
            let id: UInt32?
            do {
                // The specification allows markup in the body only: the summary goes as it is.
                id = try bus.notify(appName: Self.appName, replacesID: previous, summary: notification.summary,
                                    body: markup == true ? DesktopNotification.markupEscaped(notification.body) : notification.body,
                                    urgency: notification.urgency)
                bodyMarkup = markup ?? false
            } catch {
                id = nil
                bodyMarkup = nil
                let first = condition.withLock { () -> Bool in
                    defer { failureWarned = true }
                    return !failureWarned
                }
                if first { warn("\(error) (at \(bus.address)); later failures are not reported") }
            }
            condition.withLock {
                if let id {
                    replacing[notification.slot] = id
                    sent += 1
                }
                isBusy = false
                condition.broadcast()
            }
        }
    }

    /// The next notification to send, marking the worker busy; nil once stopping and drained.
    private func next() -> DesktopNotification? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !isStopping { condition.wait() }
        guard let notification = queue.pop() else { return nil }
        isBusy = true
        return notification
    }
}
