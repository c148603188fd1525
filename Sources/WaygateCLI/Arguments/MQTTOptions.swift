import MQTTOutlet

/// The broker options `serve` and `fleet` share: `--mqtt URL` with the credentials and TLS files
/// passed through to libmosquitto.
enum MQTTOptions {
    /// `--mqtt`, `--mqtt-user`, `--mqtt-password`, `--mqtt-ca`, `--mqtt-cert`, `--mqtt-key`, `--mqtt-outbox`.
    static let specs = [
        OptionSpec("--mqtt", value: "URL", help: "MQTT broker to publish to: mqtt://[USER[:PASSWORD]@]HOST[:PORT], mqtts:// for TLS; topics waygate/VEHICLE/CHANNEL."),
        OptionSpec("--mqtt-user", value: "NAME", help: "MQTT user name."),
        OptionSpec("--mqtt-password", value: "PASSWORD", help: "MQTT password."),
        OptionSpec("--mqtt-ca", value: "FILE", help: "CA certificate for mqtts:// (default: the system's)."),
        OptionSpec("--mqtt-cert", value: "FILE", help: "Client certificate for mqtts:// (with --mqtt-key)."),
        OptionSpec("--mqtt-key", value: "FILE", help: "Client key for mqtts:// (with --mqtt-cert)."),
        OptionSpec("--mqtt-outbox", value: "N", help: "Stream messages kept while the broker is away (default 1000; the oldest are dropped first)."),
    ]

    /// The settings for `--mqtt` and its options, nil without `--mqtt`; `configure` sets the
    /// command's own fields before the settings are checked. Bad input is one `--mqtt: …` line.
    static func settings(_ arguments: ParsedArguments, vehicleID: String?,
                         configure: (inout MQTTSettings) -> Void = { _ in }) throws(UsageError) -> MQTTSettings? {
        guard let url = arguments.value("--mqtt") else {
            for option in specs.dropFirst().map(\.name) where arguments.value(option) != nil {
                throw UsageError("\(option) needs --mqtt URL")
            }
            return nil
        }
        let streams = try arguments.int("--mqtt-outbox")
        if let streams, !(0...1_000_000).contains(streams) { throw UsageError("--mqtt-outbox: expected 0…1000000 messages, got \(streams)") }
        do {
            var settings = try MQTTSettings(url: url, vehicleID: vehicleID)
            if let user = arguments.value("--mqtt-user") { settings.username = user }
            if let password = arguments.value("--mqtt-password") { settings.password = password }
            settings.tls.caFile = arguments.value("--mqtt-ca") ?? settings.tls.caFile
            settings.tls.certFile = arguments.value("--mqtt-cert") ?? settings.tls.certFile
            settings.tls.keyFile = arguments.value("--mqtt-key") ?? settings.tls.keyFile
            if let streams { settings.outbox.streamMessages = streams }
            configure(&settings)
            try settings.validate()
            return settings
        } catch {
            throw UsageError("--mqtt: \(error)")
        }
    }
}
