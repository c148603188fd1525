/// A stream of events a client can subscribe to; `all` stands for every channel.
public enum Channel: String, Sendable, Hashable, Codable, CaseIterable {
    /// LOCATION: raw fixes.
    case location
    /// SKY: satellites and dilutions of precision.
    case sky
    /// NMEA: raw sentences.
    case nmea
    /// MATCH: map-matched position in free drive.
    case match
    /// PROGRESS: route progress in active guidance.
    case progress
    /// BANNER and VOICE instructions.
    case instructions
    /// REROUTE and ARRIVAL.
    case guidance
    /// SESSION: free drive ↔ active guidance.
    case session
    /// CAMERA: camera state and frame.
    case camera
    /// DEVICE: receiver connected / lost / reconnecting.
    case device
    /// Every channel.
    case all

    /// Every real channel (all cases except `all`), in protocol order.
    public static let concrete: [Channel] = allCases.filter { $0 != .all }

    /// Whether the channel reports state changes (DEVICE, SESSION, REROUTE/ARRIVAL), which
    /// outlets keep while they drop stream samples (LOCATION, MATCH, PROGRESS…) under load.
    public var carriesState: Bool {
        switch self {
        case .device, .session, .guidance: true
        default: false
        }
    }

    /// Hashes the case itself (its one-byte tag): `RawRepresentable`'s default would hash the
    /// raw `String`, and outlets look channels up in sets for every line they send.
    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: self) { hasher.combine(bytes: $0) }
    }

    /// The channel spelled `name`, or nil.
    public init?(wireName name: String) { self.init(rawValue: name) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let channel = Channel(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown channel \"\(name)\" (known: \(Self.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self = channel
    }
}
