public import JSON

/// What an MQTT outlet has done so far, for `status` and the benchmarks: one consistent
/// snapshot, taken under the connection's one lock, so every message offered is in exactly one
/// of `published`, `dropped`, `queued` and `inFlight` (`isBalanced`).
public struct MQTTStatistics: Sendable, Hashable {
    /// Whether the broker has accepted the connection (CONNACK) and it is still up.
    public var isConnected = false
    /// Whether the broker has acknowledged the subscription to the command topic.
    public var isSubscribed = false
    /// Messages given to the connection: every one passed to `send` while it runs, plus its
    /// own greeting and farewell (`{"online":…}`) once handed to libmosquitto.
    public var offered: UInt64 = 0
    /// Messages written to the socket (QoS 0) or acknowledged by the broker (QoS 1).
    public var published: UInt64 = 0
    /// Stream messages dropped: beyond the outbox's stream limit, or written to a connection that broke.
    public var droppedStream: UInt64 = 0
    /// State messages dropped: only beyond the outbox's hard cap, or refused by libmosquitto.
    public var droppedState: UInt64 = 0
    /// Messages waiting in the outbox.
    public var queued = 0
    /// Messages taken from the outbox and not yet written (QoS 0) or acknowledged (QoS 1):
    /// in libmosquitto, or being handed to it.
    public var inFlight = 0
    /// Connections accepted after the first one.
    public var reconnects: UInt64 = 0
    /// Connection attempts that failed (refused, unreachable, rejected by the broker).
    public var failedAttempts: UInt64 = 0
    /// The last connection problem, one line.
    public var lastError: String?

    /// Every message dropped.
    public var dropped: UInt64 { droppedStream + droppedState }

    /// Whether `offered == published + dropped + queued + inFlight`, as it is in every snapshot.
    public var isBalanced: Bool { offered == published + dropped + UInt64(queued) + UInt64(inFlight) }

    /// Empty statistics.
    public init() {}

    /// The members of the `mqtt` object of the `status` reply (docs/protocol.md).
    public var fields: [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "connected": .bool(isConnected), "subscribed": .bool(isSubscribed),
            "offered": .integer(Int64(clamping: offered)), "published": .integer(Int64(clamping: published)),
            "dropped_stream": .integer(Int64(clamping: droppedStream)), "dropped_state": .integer(Int64(clamping: droppedState)),
            "queued": .integer(Int64(queued)), "in_flight": .integer(Int64(inFlight)),
            "reconnects": .integer(Int64(clamping: reconnects)), "failed_attempts": .integer(Int64(clamping: failedAttempts)),
        ]
        if let lastError { fields["last_error"] = .string(lastError) }
        return fields
    }
}
