/// What an MQTT outlet has done so far, for `status` and the benchmarks.
public struct MQTTStatistics: Sendable, Hashable {
    /// Whether the broker has accepted the connection (CONNACK) and it is still up.
    public var isConnected = false
    /// Whether the broker has acknowledged the subscription to the command topic.
    public var isSubscribed = false
    /// Messages written to the socket (QoS 0) or acknowledged by the broker (QoS 1).
    public var published: UInt64 = 0
    /// Stream messages dropped: beyond the outbox's stream limit, or written to a connection that broke.
    public var droppedStream: UInt64 = 0
    /// State messages dropped: only beyond the outbox's hard cap, or refused by libmosquitto.
    public var droppedState: UInt64 = 0
    /// Messages waiting in the outbox.
    public var queued = 0
    /// Messages handed to libmosquitto, not yet written or acknowledged.
    public var inFlight = 0
    /// Connections accepted after the first one.
    public var reconnects: UInt64 = 0
    /// Connection attempts that failed (refused, unreachable, rejected by the broker).
    public var failedAttempts: UInt64 = 0
    /// The last connection problem, one line.
    public var lastError: String?

    /// Every message dropped.
    public var dropped: UInt64 { droppedStream + droppedState }

    /// Empty statistics.
    public init() {}
}
