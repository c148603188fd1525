public import WireProtocol

/// Everything an MQTT outlet needs: the broker, the vehicle it speaks for, credentials, TLS,
/// whether commands are accepted, and the outbox bounds. Built by the command line from
/// `--mqtt URL`, `--vehicle ID`, `--mqtt-commands` and the TLS options.
public struct MQTTSettings: Sendable, Hashable {
    /// The broker.
    public var broker: MQTTBrokerAddress
    /// The vehicle id: the second level of every topic (`waygate/<vehicle>/…`).
    public var vehicleID: String
    /// The user name (from the URL or its own option).
    public var username: String?
    /// The password (from the URL or its own option).
    public var password: String?
    /// TLS files; any of them turns TLS on even for `mqtt://`.
    public var tls: MQTTTLSFiles
    /// Whether requests on `…/command` are answered (`--mqtt-commands`); refused otherwise.
    public var commandsEnabled: Bool
    /// The outbox bounds while disconnected or slow.
    public var outbox: MQTTOutboxLimits
    /// Messages handed to libmosquitto and not yet written (QoS 0) or acknowledged (QoS 1);
    /// the rest wait in the bounded outbox, so a stalled network never grows libmosquitto's queue.
    public var inFlightLimit: Int
    /// The MQTT keepalive, in seconds: a dead connection is noticed within 1.5 × this.
    public var keepalive: Int
    /// The first reconnect delay, in seconds; doubled per failed attempt up to `maximumReconnectDelay`.
    public var reconnectDelay: Double
    /// The longest reconnect delay, in seconds.
    public var maximumReconnectDelay: Double
    /// The shortest time between two reports of dropped messages (`onDrops`), in seconds: the
    /// first drop is reported at once, further ones summed over at least this long.
    public var dropReportInterval: Double
    /// The channels published; every channel except NMEA by default (raw sentences are a
    /// diagnostic stream, ten times the volume of the rest).
    public var channels: ChannelSet
    /// The first topic level.
    public var topicPrefix: String

    /// Settings for the broker at `url` (`mqtt://HOST[:PORT]`, `mqtts://…`); the vehicle id
    /// defaults to the machine id (`VehicleIdentity.default()`).
    public init(url: String, vehicleID: String? = nil) throws(MQTTError) {
        broker = try MQTTBrokerAddress(url: url)
        let id = vehicleID ?? VehicleIdentity.default()
        try VehicleIdentity.validate(id)
        self.vehicleID = id
        username = broker.username
        password = broker.password
        tls = MQTTTLSFiles()
        commandsEnabled = false
        outbox = MQTTOutboxLimits()
        inFlightLimit = 256
        keepalive = 30
        reconnectDelay = 0.5
        maximumReconnectDelay = 30
        dropReportInterval = 10
        channels = ChannelSet.every.subtracting([.nmea])
        topicPrefix = "waygate"
    }

    /// Whether the connection uses TLS.
    public var usesTLS: Bool { broker.usesTLS || !tls.isEmpty }

    /// The topic of `channel` for `vehicle` (this one's by default): `waygate/<vehicle>/<channel>`.
    public func topic(_ leaf: String, vehicle: String? = nil) -> String {
        "\(topicPrefix)/\(vehicle ?? vehicleID)/\(leaf)"
    }

    /// Checks the numeric options and the TLS files; the error names the first bad one.
    public func validate() throws(MQTTError) {
        try VehicleIdentity.validate(vehicleID)
        if keepalive < 5 || keepalive > 65535 { throw .badOption(name: "keepalive", reason: "\(keepalive) s is outside 5…65535 s") }
        if inFlightLimit < 1 { throw .badOption(name: "in-flight limit", reason: "must be at least 1, not \(inFlightLimit)") }
        if outbox.streamMessages < 0 || outbox.stateMessages < 1 || outbox.bytes < 1024 {
            throw .badOption(name: "outbox limits", reason: "streams ≥ 0, state ≥ 1 and bytes ≥ 1024 are required")
        }
        if !(reconnectDelay > 0) || maximumReconnectDelay < reconnectDelay {
            throw .badOption(name: "reconnect delay", reason: "need 0 < first (\(reconnectDelay) s) ≤ maximum (\(maximumReconnectDelay) s)")
        }
        if !(dropReportInterval >= 0 && dropReportInterval.isFinite) {
            throw .badOption(name: "drop report interval", reason: "\(dropReportInterval) s must be 0 or more seconds")
        }
        if topicPrefix.isEmpty || topicPrefix.contains(where: { "+#".contains($0) }) {
            throw .badOption(name: "topic prefix", reason: "\"\(topicPrefix)\" must be non-empty without + or #")
        }
        if (tls.certFile == nil) != (tls.keyFile == nil) {
            throw .badTLS("a client certificate needs its key and a key its certificate (give both)")
        }
        for (name, path) in [("CA file", tls.caFile), ("certificate", tls.certFile), ("key", tls.keyFile)] {
            if let path, !VehicleIdentity.isReadable(path) { throw .badTLS("\(name) \(path) cannot be read") }
        }
    }
}
