/// DEVICE: a receiver behind a source changed state.
public struct DeviceMessage: WireMessage {
    public static let messageClass = "DEVICE"

    /// A device's life as the wire spells it.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// Open and producing data.
        case connected
        /// Vanished (unplugged, hang-up, silence past the watchdog, gpsd gone).
        case lost
        /// Being reopened.
        case reconnecting
    }

    /// The source, e.g. `serial:/dev/ttyACM0`.
    public var source: String
    /// The new state.
    public var state: State
    /// How the device is read, e.g. `nmea0183`, `libgps`, when known.
    public var driver: String?
    /// Serial speed in bit/s, when it applies.
    public var baud: Int?
    /// What happened besides the state, as one sentence, when there is more to say (a clock
    /// that jumped back: "fix time went back 3600 s, from … to …").
    public var message: String?

    /// A DEVICE event.
    public init(source: String, state: State, driver: String? = nil, baud: Int? = nil, message: String? = nil) {
        self.source = source
        self.state = state
        self.driver = driver
        self.baud = baud
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case source, state, driver, baud, message
    }
}

extension DeviceMessage {
    public func writeMembers(to object: inout WireObjectWriter) {
        object.member("baud", baud)
        object.member("driver", driver)
        object.member("message", message)
        object.member("source", source)
        object.member("state", state)
    }
}
