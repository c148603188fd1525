/// One message to publish: a topic, its payload, and how the broker should treat it.
public struct MQTTMessage: Sendable, Hashable {
    /// The full topic, e.g. `waygate/van-7/location`.
    public var topic: String
    /// The payload bytes (a wire line without its `\n`).
    public var payload: [UInt8]
    /// 0 (at most once) for streams, 1 (at least once) for state.
    public var qos: Int32
    /// Whether the broker keeps it as the topic's last value for late subscribers.
    public var retain: Bool

    /// A message.
    public init(topic: String, payload: [UInt8], qos: Int32 = 0, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }

    /// Whether the outbox must keep it while streams are dropped (QoS 1 = state).
    public var isState: Bool { qos > 0 }
}
