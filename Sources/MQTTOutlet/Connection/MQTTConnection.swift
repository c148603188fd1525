import CMosquitto
import Foundation

/// One connection to an MQTT broker through libmosquitto, owned by one network thread.
///
/// `send` only appends to a bounded outbox and returns; the network thread (started by `init`)
/// connects, reconnects with exponential back-off, moves messages from the outbox to
/// libmosquitto while fewer than `inFlightLimit` are unacknowledged, and runs the callbacks.
/// Every libmosquitto call happens on that thread (TOOLCHAIN.md: one C handle, one thread), which
/// is why the loop is Waygate's own rather than `mosquitto_loop_start`'s: back-off and shutdown
/// stay interruptible, no callback can race a publish, and a publish is one `send` (docs/fleet.md).
public final class MQTTConnection: Sendable {
    /// What the connection says on its own behalf: sent on every connect, set as the last will,
    /// sent before a clean disconnect, and the topics it subscribes to.
    public struct Presence: Sendable, Hashable {
        /// The last will (the broker publishes it when the connection dies without DISCONNECT).
        public var will: MQTTMessage?
        /// Published first on every (re)connect, e.g. a retained `{"online":true}`.
        public var greeting: [MQTTMessage]
        /// Published by `stop()` before disconnecting, e.g. a retained `{"online":false}`.
        public var farewell: [MQTTMessage]
        /// Topic filters subscribed to (QoS 1) on every connect.
        public var subscriptions: [String]

        /// A presence.
        public init(will: MQTTMessage? = nil, greeting: [MQTTMessage] = [], farewell: [MQTTMessage] = [], subscriptions: [String] = []) {
            self.will = will
            self.greeting = greeting
            self.farewell = farewell
            self.subscriptions = subscriptions
        }
    }

    private let loop: ConnectionLoop

    /// Connects (in the background) to `settings.broker` as `clientID`. Throws only for set-up
    /// problems (bad TLS files, libmosquitto refusing an option); an unreachable broker is
    /// retried for as long as the connection lives. `onMessage` (topic, payload, whether the
    /// broker kept it retained) and `onConnectionChange` (up, one-line reason) and `onDrops`
    /// (connected, messages dropped so far, one line saying how many since the last report and
    /// why; at most once per `settings.dropReportInterval`) run on the network thread: return
    /// quickly.
    public init(settings: MQTTSettings, clientID: String, presence: Presence = Presence(),
                onMessage: @escaping @Sendable (String, [UInt8], Bool) -> Void = { _, _, _ in },
                onConnectionChange: @escaping @Sendable (Bool, String) -> Void = { _, _ in },
                onDrops: @escaping @Sendable (Bool, UInt64, String) -> Void = { _, _, _ in }) throws(MQTTError) {
        try settings.validate()
        loop = try ConnectionLoop(settings: settings, clientID: clientID, presence: presence,
                                  onMessage: onMessage, onConnectionChange: onConnectionChange, onDrops: onDrops)
        loop.start()
    }

    /// Queues `messages` in order; never blocks (the outbox drops what its limits require).
    public func send(_ messages: [MQTTMessage]) { loop.enqueue(messages) }

    /// The counters so far.
    public var statistics: MQTTStatistics { loop.statistics }

    /// Flushes what it can (up to `flushTimeout` seconds), publishes the farewell, disconnects
    /// cleanly and joins the network thread. Idempotent.
    public func stop(flushTimeout: Double = 2) { loop.stop(flushTimeout: flushTimeout) }

    deinit { loop.stop(flushTimeout: 0) }
}
