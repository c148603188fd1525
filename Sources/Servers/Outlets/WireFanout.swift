public import Gateway
import JSON
import SystemIO
public import Timekeeping
public import WireProtocol

/// Maps each gateway event to its wire class, numbers it (`seq`, one sequence for every
/// outlet) and encodes it once, then hands the lines to every wire outlet: the Unix socket, and
/// Server-Sent Events and MQTT as they are attached. Subscribed to the `EventBus` with a queue
/// of its own (`attach(to:)`), so encoding never runs on the gateway's actor.
public final class WireFanout: Sendable {
    private struct State {
        var nextSeq: UInt64 = 1
        var outlets: [any WireOutlet] = []
        /// One reused buffer: each event is written once, straight into it.
        var json = JSONWriter(capacity: 4_096)
    }

    private let state = Locked(State())

    /// A fan-out with no outlets yet.
    public init() {}

    /// Sends every later line to `outlet` too.
    public func add(_ outlet: any WireOutlet) { state.withLock { $0.outlets.append(outlet) } }

    /// Subscribes to `bus` with its own queue of `capacity` stream events, delivered by a source's
    /// pump right after the gateway's turn while the fan-out is idle (`EventBus.Delivery.deferred`),
    /// else by its own thread. Only events with a
    /// wire class that some outlet wants now (or that carry state) are queued: a sentence or a
    /// sky view nobody subscribed to costs no queueing, no wake-up and no `seq`.
    /// What the outlets want is looked up once per published batch.
    @discardableResult
    public func attach(to bus: EventBus, capacity: Int = 4_096) -> Subscription {
        bus.subscribe("wire", delivery: .deferred(capacity: capacity), filter: { [self] in
            let wanted = channelsWanted
            return { event in
                guard let channel = event.wireChannel else { return false }
                return channel.carriesState || wanted.contains(channel)
            }
        }) { [self] events in publish(events) }
    }

    /// The channels some outlet wants now.
    private var channelsWanted: ChannelSet {
        let outlets = state.withLock { $0.outlets }
        return outlets.count == 1 ? outlets[0].channelsWanted : outlets.reduce(into: ChannelSet()) { $0.formUnion($1.channelsWanted) }
    }

    /// Publishes the gateway events that have a wire class; returns the last `seq` used. Events
    /// of channels no outlet wants are numbered but never mapped to their wire payload.
    @discardableResult
    public func publish(_ events: [GatewayEvent]) -> UInt64 {
        publish(count: events.count) { index, wanted in
            let event = events[index]
            guard let channel = event.wireChannel else { return .none }
            guard wanted.contains(channel) || channel.carriesState, let wire = event.wire else { return .skipped }
            return .encode(wire.payload, wire.time)
        }
    }

    /// Publishes one event stamped `time`; returns its `seq`.
    @discardableResult
    public func publish(_ payload: EventPayload, time: Timestamp) -> UInt64 {
        publish(contentsOf: [(payload, time)])
    }

    /// Publishes events in order, each encoded once for all outlets; lines of channels no outlet
    /// wants now are not encoded, except state lines (DEVICE, SESSION, guidance), which every
    /// outlet gets. Returns the last `seq` used.
    @discardableResult
    public func publish(contentsOf events: [(payload: EventPayload, time: Timestamp)]) -> UInt64 {
        publish(count: events.count) { index, wanted in
            let (payload, time) = events[index]
            return wanted.contains(payload.channel) || payload.channel.carriesState ? .encode(payload, time) : .skipped
        }
    }

    /// What becomes of one event: no wire class (no `seq`), numbered but not wanted, or encoded.
    private enum Step {
        case none, skipped
        case encode(EventPayload, Timestamp)
    }

    /// Numbers and encodes `count` events in order, `step(index, channels wanted)` saying what
    /// each one is, and hands the lines to every outlet at once.
    private func publish(count: Int, _ step: (Int, ChannelSet) -> Step) -> UInt64 {
        state.withLock { s in
            let wanted = s.outlets.count == 1 ? s.outlets[0].channelsWanted
                : s.outlets.reduce(into: ChannelSet()) { $0.formUnion($1.channelsWanted) }
            var lines: [WireLine] = []
            lines.reserveCapacity(count)
            for index in 0..<count {
                let payload: EventPayload, time: Timestamp
                switch step(index, wanted) {
                case .none: continue
                case .skipped:
                    s.nextSeq += 1
                    continue
                case .encode(let p, let t): (payload, time) = (p, t)
                }
                let seq = s.nextSeq
                s.nextSeq += 1
                s.json.reset()
                Event(seq: seq, time: WireTime(time), payload: payload).writeLine(to: &s.json)
                // A copy at its size; the writer's memory is reused for the next event.
                let bytes = s.json.bytes
                var mode: SessionMode?
                if case .session(let session) = payload { mode = session.mode }
                lines.append(WireLine(seq: seq, channel: payload.channel, bytes: bytes, sessionMode: mode))
            }
            if !lines.isEmpty { for outlet in s.outlets { outlet.deliver(lines) } }
            return s.nextSeq - 1
        }
    }
}
