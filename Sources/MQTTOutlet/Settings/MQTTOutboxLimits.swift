/// How much the outlet keeps while the broker is unreachable or slow. State messages (DEVICE,
/// SESSION, REROUTE/ARRIVAL, replies) are kept up to `stateMessages`; stream samples are
/// dropped oldest-first beyond `streamMessages`; and `bytes` caps the whole outbox (streams go
/// first). Nothing grows without bound.
public struct MQTTOutboxLimits: Sendable, Hashable {
    /// Stream messages kept (LOCATION, MATCH, PROGRESS…): the newest ones.
    public var streamMessages: Int
    /// State messages kept: the hard cap beyond which even state is dropped, oldest first.
    public var stateMessages: Int
    /// Payload bytes kept in total.
    public var bytes: Int

    /// Limits; the defaults hold about 100 s of a 10 Hz stream and hours of state changes.
    public init(streamMessages: Int = 1_000, stateMessages: Int = 10_000, bytes: Int = 16 << 20) {
        self.streamMessages = streamMessages
        self.stateMessages = stateMessages
        self.bytes = bytes
    }
}
