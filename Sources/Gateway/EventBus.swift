import Dispatch
import Foundation
import SystemIO

/// The one place the gateway's events leave it: published once, in order, to every outlet that
/// subscribed (the wire fan-out feeding the Unix socket, SSE and MQTT; the gpsd-compatible
/// server; speech and notifications; tests).
///
/// A subscriber is either `inline` — called on the publisher's thread, so it must only queue
/// and return (a test collector, an outlet that hands work to its own threads) — or `queued`:
/// the bus gives it a bounded queue and a thread of its own, so a slow outlet never delays the
/// gateway or another outlet. A full queue drops its oldest stream sample (LOCATION, MATCH,
/// PROGRESS, SKY, NMEA, CAMERA frames), never a state change (`GatewayEvent.isState`), and
/// counts what it dropped. A `deferred` subscriber is queued too, but what a deferring publisher
/// (a source's reader thread or pump, inside `deferring`) gives it while its thread is idle waits
/// for `deliverDeferred()`, which the reader calls after the gateway's turn: the outlet then runs
/// on the reader's thread, off the gateway actor and without waking a thread of its own.
public final class EventBus: Sendable {
    /// How a subscriber receives events.
    public enum Delivery: Sendable, Hashable {
        /// On the publisher's thread; the handler must return at once.
        case inline
        /// On the subscriber's own thread, through a queue of at most `capacity` stream events
        /// (state events are always kept, up to `EventBus.stateCapacity`).
        case queued(capacity: Int)
        /// As `queued`, but a batch published inside `deferring` while the subscriber's thread
        /// is idle is delivered by the publisher's `deliverDeferred()` on its own thread instead.
        case deferred(capacity: Int)
    }

    /// A thread-specific key, set on a thread while it publishes deferring (see `deferring(_:)`).
    private static let deferringKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for the event bus")
        return key
    }()

    /// Whether the calling thread publishes deferring.
    fileprivate static var isDeferring: Bool { pthread_getspecific(deferringKey) != nil }

    /// Runs `body` (e.g. a gateway turn handling one read) so that what it publishes on the
    /// calling thread to `deferred` subscribers whose threads are idle waits for this thread's
    /// `deliverDeferred()`. `body` is synchronous, so what runs elsewhere meanwhile (a task it
    /// starts: a reroute answer, a timer) does not defer: nobody would deliver what it left.
    public static func deferring<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let outer = pthread_getspecific(deferringKey)
        pthread_setspecific(deferringKey, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(deferringKey, outer) }
        return try body()
    }

    /// State events a queued subscriber may hold before even those are dropped (a subscriber
    /// stuck that long has failed; memory stays bounded all the same).
    public static let stateCapacity = 65_536

    /// Counters of one subscriber.
    public struct SubscriberStatistics: Sendable, Hashable {
        /// The subscriber's name, e.g. `wire` or `gpsd`.
        public var name: String
        /// Events handed to it.
        public var delivered: UInt64
        /// Stream events dropped from its queue (state events only past `stateCapacity`).
        public var dropped: UInt64
        /// Events waiting in its queue now.
        public var queued: Int
        /// Whether its thread (a queued or deferred subscriber's) is waiting for events.
        public var idle: Bool
    }

    private let subscribers = Locked<[Subscriber]>([])

    /// A bus with no subscribers.
    public init() {}

    /// Adds a subscriber; events published from now on reach it. `handler` gets batches in
    /// publishing order. `accepts`, when given, is asked on the publisher's thread (so it must be
    /// quick) which events the subscriber wants now: the others are never queued, and a batch
    /// with none of its events wakes no thread.
    @discardableResult
    public func subscribe(_ name: String, delivery: Delivery, accepts: (@Sendable (GatewayEvent) -> Bool)? = nil,
                          handler: @escaping @Sendable ([GatewayEvent]) -> Void) -> Subscription {
        var filter: (@Sendable () -> (GatewayEvent) -> Bool)?
        if let accepts { filter = { accepts } }
        return subscribe(name, delivery: delivery, filter: filter, handler: handler)
    }

    /// Adds a subscriber whose filter is made once per published batch: `filter`, called on the
    /// publisher's thread for each batch, returns the test (as `accepts`) of that batch's events,
    /// so what the test needs to look up (e.g. which channels the outlets want now) is looked up
    /// once per batch, not once per event.
    @discardableResult
    public func subscribe(_ name: String, delivery: Delivery, filter: (@Sendable () -> (GatewayEvent) -> Bool)?,
                          handler: @escaping @Sendable ([GatewayEvent]) -> Void) -> Subscription {
        let subscriber = Subscriber(name: name, delivery: delivery, filter: filter, handler: handler)
        subscribers.withLock { $0.append(subscriber) }
        return Subscription(bus: self, subscriber: subscriber)
    }

    /// Publishes `events` (usually what one fix produced) to every subscriber.
    public func publish(_ events: [GatewayEvent]) {
        guard !events.isEmpty else { return }
        for subscriber in subscribers.withLock({ $0 }) { subscriber.take(events) }
    }

    /// Delivers, on the calling thread, what deferring publishers left for idle `deferred`
    /// subscribers; anything published meanwhile goes on to their threads as usual.
    public func deliverDeferred() {
        for subscriber in subscribers.withLock({ $0 }) { subscriber.deliverDeferred() }
    }

    /// Every subscriber's counters.
    public var statistics: [SubscriberStatistics] { subscribers.withLock { $0 }.map(\.statistics) }

    fileprivate func remove(_ subscriber: Subscriber) {
        subscribers.withLock { list in list.removeAll { $0 === subscriber } }
        subscriber.close()
    }
}

/// A subscription to an `EventBus`; `cancel()` stops delivery (a queued subscriber's thread
/// finishes what it holds first and exits).
public struct Subscription: Sendable {
    fileprivate let bus: EventBus
    fileprivate let subscriber: Subscriber

    /// Stops delivery and, for a queued subscriber, waits until its thread has delivered what
    /// it held and exited.
    public func cancel() { bus.remove(subscriber) }
}

/// One subscriber: its handler and, when queued, its queue and thread.
private final class Subscriber: Sendable {
    struct Queue {
        var events: [GatewayEvent] = []
        var streamCount = 0
        var delivered: UInt64 = 0
        var dropped: UInt64 = 0
        var waiting = false
        var closed = false
        /// The handler is running (on the subscriber's thread or a deferring publisher's).
        var running = false
        /// Events wait for a deferring publisher's `deliverDeferred()` rather than the thread.
        var deferred = false

        var count: Int { events.count }
    }

    let name: String
    let delivery: EventBus.Delivery
    let filter: (@Sendable () -> (GatewayEvent) -> Bool)?
    let handler: @Sendable ([GatewayEvent]) -> Void
    private let queue = Locked(Queue())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(name: String, delivery: EventBus.Delivery, filter: (@Sendable () -> (GatewayEvent) -> Bool)?,
         handler: @escaping @Sendable ([GatewayEvent]) -> Void) {
        self.name = name
        self.delivery = delivery
        self.filter = filter
        self.handler = handler
        if delivery != .inline {
            NamedThread.start("wg-bus-\(name)") { [self] in run() }
        }
    }

    var statistics: EventBus.SubscriberStatistics {
        queue.withLock { .init(name: name, delivered: $0.delivered, dropped: $0.dropped, queued: $0.count, idle: $0.waiting) }
    }

    func take(_ published: [GatewayEvent]) {
        var events = published
        // One call of the batch's test per event; the batch is copied only when one is rejected.
        if let accepts = filter?(), let rejected = events.firstIndex(where: { !accepts($0) }) {
            events = Array(published[..<rejected]) + published[(rejected + 1)...].filter(accepts)
            if events.isEmpty { return }
        }
        let capacity: Int, defers: Bool
        switch delivery {
        case .inline:
            handler(events)
            queue.withLock { $0.delivered += UInt64(events.count) }
            return
        case .queued(let c): (capacity, defers) = (c, false)
        case .deferred(let c): (capacity, defers) = (c, EventBus.isDeferring)
        }
        let signal = queue.withLock { q -> Bool in
            guard !q.closed else { return false }
            for event in events {
                q.events.append(event)
                if !event.isState { q.streamCount += 1 }
            }
            Self.enforce(capacity: capacity, on: &q)
            // An idle thread is left asleep for the deferring publisher; otherwise woken.
            if defers, q.waiting, !q.running {
                q.deferred = true
                return false
            }
            q.deferred = false
            if q.waiting {
                q.waiting = false
                return true
            }
            return false
        }
        if signal { wake.signal() }
    }

    /// Runs the handler on the calling thread for what a deferring publisher left, unless the
    /// subscriber's thread took it meanwhile.
    func deliverDeferred() {
        guard case .deferred = delivery else { return }
        let batch = queue.withLock { q -> [GatewayEvent]? in
            guard q.deferred, !q.running, q.count > 0 else { return nil }
            q.deferred = false
            q.running = true
            return takeAll(&q)
        }
        guard let batch else { return }
        handler(batch)
        // What came meanwhile (or a close) goes to the thread.
        let signal = queue.withLock { q -> Bool in
            q.running = false
            guard q.waiting, q.count > 0 || q.closed else { return false }
            q.waiting = false
            q.deferred = false
            return true
        }
        if signal { wake.signal() }
    }

    private func takeAll(_ q: inout Queue) -> [GatewayEvent] {
        let batch = q.events
        q.events.removeAll(keepingCapacity: true)
        q.streamCount = 0
        q.delivered += UInt64(batch.count)
        return batch
    }

    /// Drops the oldest stream events beyond `capacity`, and the oldest of any kind beyond
    /// `stateCapacity` more.
    private static func enforce(capacity: Int, on q: inout Queue) {
        guard q.streamCount > capacity || q.count > capacity + EventBus.stateCapacity else { return }
        var kept: [GatewayEvent] = []
        kept.reserveCapacity(q.count)
        var streamExcess = max(0, q.streamCount - capacity)
        var totalExcess = max(0, q.count - streamExcess - (capacity + EventBus.stateCapacity))
        for event in q.events {
            if !event.isState, streamExcess > 0 {
                streamExcess -= 1
                q.streamCount -= 1
                q.dropped += 1
            } else if event.isState, totalExcess > 0 {
                totalExcess -= 1
                q.dropped += 1
            } else {
                kept.append(event)
            }
        }
        q.events = kept
    }

    private func run() {
        defer { finished.signal() }
        while true {
            let next = queue.withLock { q -> [GatewayEvent]?? in
                if q.count == 0 || q.running || q.deferred {
                    if q.closed, !q.running, q.count == 0 { return .some(nil) }
                    q.waiting = true
                    return nil
                }
                q.running = true
                return .some(takeAll(&q))
            }
            switch next {
            case .none: wake.wait()
            case .some(.none): return
            case .some(.some(let batch)):
                handler(batch)
                queue.withLock { $0.running = false }
            }
        }
    }

    func close() {
        guard delivery != .inline else { return }
        let signal = queue.withLock { q -> Bool in
            guard !q.closed else { return false }
            q.closed = true
            q.deferred = false  // the thread delivers what a deferring publisher left
            return true
        }
        guard signal else { return }
        wake.signal()
        finished.wait()
    }
}
