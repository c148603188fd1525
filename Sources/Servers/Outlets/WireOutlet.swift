public import SystemIO
public import WireProtocol

/// One event as every wire outlet carries it (the Unix socket, Server-Sent Events, MQTT): mapped
/// to its wire class and encoded once, whatever the number of outlets and clients.
public struct WireLine: Sendable, Hashable {
    /// The event's `seq`, the same on every outlet.
    public let seq: UInt64
    /// The channel carrying it.
    public let channel: Channel
    /// One JSON object followed by `\n`, exactly as the socket sends it.
    public let bytes: [UInt8]
    /// For a SESSION event, the mode it switched to (what a greeting announces to new clients).
    public let sessionMode: SessionMode?

    /// A line.
    public init(seq: UInt64, channel: Channel, bytes: [UInt8], sessionMode: SessionMode? = nil) {
        self.seq = seq
        self.channel = channel
        self.bytes = bytes
        self.sessionMode = sessionMode
    }

    /// Whether the line reports a state change (DEVICE, SESSION, REROUTE, ARRIVAL), which an
    /// outlet must never drop, as opposed to a stream sample (LOCATION, MATCH, PROGRESS…).
    public var isState: Bool { channel.carriesState }
}

/// Something that carries wire lines out of the process. `deliver` is called with lines in
/// `seq` order from one thread at a time and must return at once: queue, never block.
public protocol WireOutlet: AnyObject, Sendable {
    /// Takes the next lines.
    func deliver(_ lines: [WireLine])
    /// The channels it would send now; stream events of other channels are not encoded for it
    /// (their `seq` is used all the same; state lines always come). By default every channel.
    var channelsWanted: ChannelSet { get }
}

extension WireOutlet {
    /// Every channel.
    public var channelsWanted: ChannelSet { .every }
}

/// Answers one request line of the socket protocol (`{"cmd":…}`) exactly as the socket would,
/// for outlets that accept commands (HTTP `POST /command`, MQTT `…/command`).
public protocol RequestRunner: Sendable {
    /// The REPLY or ERROR line (with `\n`) for `line`. `credentials` are the sender's when
    /// known; with nil, state-changing commands are refused whenever an allow-list is set.
    func run(line: [UInt8], credentials: PeerCredentials?) async -> [UInt8]
}
