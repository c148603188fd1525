import Foundation
public import JSON
public import Servers
import WireProtocol

/// The MQTT wire outlet: every line it is given published on `waygate/<vehicle>/<channel>`,
/// requests on `waygate/<vehicle>/command` answered on `…/reply`.
///
/// - Payloads are the socket's JSON lines without the `\n`.
/// - State lines (`WireLine.isState`: DEVICE, SESSION, REROUTE/ARRIVAL) go at QoS 1, streams at
///   QoS 0; the last LOCATION and SESSION are retained so a new subscriber sees the vehicle at once.
/// - `waygate/<vehicle>/status` is `{"online":true}` (retained) while connected; the last will
///   and a clean `stop()` set it to `{"online":false}`.
/// - `deliver` never blocks: lines go to the bounded outbox of an `MQTTConnection` (see
///   `MQTTOutboxLimits`), which reconnects with back-off for as long as the publisher lives.
public final class MQTTPublisher: WireOutlet {
    /// The settings it runs with.
    public let settings: MQTTSettings
    private let connection: MQTTConnection

    /// Starts publishing to `settings.broker` (connecting in the background). `runner` answers
    /// commands when `settings.commandsEnabled`; `onConnectionChange` (connected, one-line
    /// reason) and `onDrops` (connected, dropped so far, one line: how many since the last report
    /// and why) run on the network thread, for the caller to emit DEVICE-like events.
    public init(settings: MQTTSettings, runner: (any RequestRunner)? = nil,
                onConnectionChange: @escaping @Sendable (Bool, String) -> Void = { _, _ in },
                onDrops: @escaping @Sendable (Bool, UInt64, String) -> Void = { _, _, _ in }) throws(MQTTError) {
        self.settings = settings
        let status = settings.topic("status")
        let presence = MQTTConnection.Presence(
            will: MQTTMessage(topic: status, payload: Array(#"{"online":false}"#.utf8), qos: 1, retain: true),
            greeting: [MQTTMessage(topic: status, payload: Array(#"{"online":true}"#.utf8), qos: 1, retain: true)],
            farewell: [MQTTMessage(topic: status, payload: Array(#"{"online":false}"#.utf8), qos: 1, retain: true)],
            subscriptions: [settings.topic("command")])
        let commands = CommandRelay(settings: settings, runner: runner)
        connection = try MQTTConnection(
            settings: settings, clientID: "waygate-\(settings.vehicleID)", presence: presence,
            onMessage: { topic, payload, retained in commands.received(topic: topic, payload: payload, retained: retained) },
            onConnectionChange: onConnectionChange, onDrops: onDrops)
        commands.attach(connection)
    }

    /// Queues `lines` (in `seq` order) for the broker; returns at once.
    public func deliver(_ lines: [WireLine]) {
        var messages: [MQTTMessage] = []
        messages.reserveCapacity(lines.count)
        for line in lines where settings.channels.contains(line.channel) {
            messages.append(MQTTMessage(wireLine: line, topic: settings.topic(line.channel.rawValue)))
        }
        if !messages.isEmpty { connection.send(messages) }
    }

    /// Counters for `status`: connection state, offered, published, dropped, queued, in flight,
    /// reconnects; one consistent snapshot.
    public var statistics: MQTTStatistics { connection.statistics }

    /// The `mqtt` member of the `status` reply: `broker`, `vehicle` and the statistics' fields.
    public var status: JSONValue {
        var fields = statistics.fields
        fields["broker"] = .string(settings.broker.description)
        fields["vehicle"] = .string(settings.vehicleID)
        return JSONValue(fields)
    }

    /// Publishes what is queued (for up to `flushTimeout` s), sets the status offline, disconnects
    /// and joins the network thread.
    public func stop(flushTimeout: Double = 2) { connection.stop(flushTimeout: flushTimeout) }
}

extension MQTTMessage {
    /// The message carrying `line` on `topic`: payload without the `\n`, QoS 1 for state,
    /// retained for LOCATION and SESSION.
    public init(wireLine line: WireLine, topic: String) {
        let bytes = line.bytes
        let end = bytes.last == 0x0A ? bytes.count - 1 : bytes.count
        self.init(payload: Array(bytes[..<end]), channel: line.channel, topic: topic)
    }

    /// The message carrying a wire line's `payload` (without `\n`) of `channel` on `topic`: QoS 1
    /// for state channels, retained for LOCATION and SESSION.
    public init(payload: [UInt8], channel: Channel, topic: String) {
        self.init(topic: topic, payload: payload, qos: channel.carriesState ? 1 : 0,
                  retain: channel == .location || channel == .session)
    }
}
