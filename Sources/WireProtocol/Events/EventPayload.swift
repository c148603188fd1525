/// The body of an event: one of the event classes, each belonging to one channel.
public enum EventPayload: Sendable, Hashable {
    /// A raw fix (channel `location`).
    case location(LocationMessage)
    /// Satellites in view (channel `sky`).
    case sky(SkyMessage)
    /// A raw sentence (channel `nmea`).
    case nmea(NMEAMessage)
    /// A device state change (channel `device`).
    case device(DeviceMessage)
    /// A map-matched position (channel `match`).
    case match(MatchMessage)
    /// Route progress (channel `progress`).
    case progress(ProgressMessage)
    /// A visual instruction (channel `instructions`).
    case banner(BannerMessage)
    /// A spoken instruction (channel `instructions`).
    case voice(VoiceMessage)
    /// A reroute step (channel `guidance`).
    case reroute(RerouteMessage)
    /// A waypoint reached (channel `guidance`).
    case arrival(ArrivalMessage)
    /// A session mode change (channel `session`).
    case session(SessionMessage)
    /// A camera state or frame (channel `camera`).
    case camera(CameraMessage)

    /// The message inside, as its protocol type.
    public var message: any WireMessage {
        switch self {
        case .location(let m): m
        case .sky(let m): m
        case .nmea(let m): m
        case .device(let m): m
        case .match(let m): m
        case .progress(let m): m
        case .banner(let m): m
        case .voice(let m): m
        case .reroute(let m): m
        case .arrival(let m): m
        case .session(let m): m
        case .camera(let m): m
        }
    }

    /// The wire `class`, e.g. `LOCATION`.
    public var messageClass: String { type(of: message).messageClass }

    /// The channel that carries this event.
    public var channel: Channel {
        switch self {
        case .location: .location
        case .sky: .sky
        case .nmea: .nmea
        case .device: .device
        case .match: .match
        case .progress: .progress
        case .banner, .voice: .instructions
        case .reroute, .arrival: .guidance
        case .session: .session
        case .camera: .camera
        }
    }

    /// Every event class and how to decode it, keyed by `class`.
    static let decoders: [String: @Sendable (any Decoder) throws -> EventPayload] = [
        LocationMessage.messageClass: { .location(try LocationMessage(from: $0)) },
        SkyMessage.messageClass: { .sky(try SkyMessage(from: $0)) },
        NMEAMessage.messageClass: { .nmea(try NMEAMessage(from: $0)) },
        DeviceMessage.messageClass: { .device(try DeviceMessage(from: $0)) },
        MatchMessage.messageClass: { .match(try MatchMessage(from: $0)) },
        ProgressMessage.messageClass: { .progress(try ProgressMessage(from: $0)) },
        BannerMessage.messageClass: { .banner(try BannerMessage(from: $0)) },
        VoiceMessage.messageClass: { .voice(try VoiceMessage(from: $0)) },
        RerouteMessage.messageClass: { .reroute(try RerouteMessage(from: $0)) },
        ArrivalMessage.messageClass: { .arrival(try ArrivalMessage(from: $0)) },
        SessionMessage.messageClass: { .session(try SessionMessage(from: $0)) },
        CameraMessage.messageClass: { .camera(try CameraMessage(from: $0)) },
    ]
}
