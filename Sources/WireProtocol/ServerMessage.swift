import FoundationEssentials
import JSON

/// Anything a Waygate server sends a client, decoded by its `class`: what `waygate watch` and
/// the tests read.
public enum ServerMessage: Sendable, Hashable, Codable {
    /// The greeting sent on connect.
    case hello(HelloMessage)
    /// A successful answer to a request.
    case reply(ReplyMessage)
    /// A failed request.
    case error(ErrorMessage)
    /// Events were discarded for this slow client.
    case dropped(DroppedMessage)
    /// An event on a subscribed channel.
    case event(Event)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        switch try container.decode(String.self, forKey: .messageClass) {
        case HelloMessage.messageClass: self = .hello(try HelloMessage(from: decoder))
        case ReplyMessage.messageClass: self = .reply(try ReplyMessage(from: decoder))
        case ErrorMessage.messageClass: self = .error(try ErrorMessage(from: decoder))
        case DroppedMessage.messageClass: self = .dropped(try DroppedMessage(from: decoder))
        default: self = .event(try Event(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        let body: any WireMessage
        switch self {
        case .hello(let m): body = m
        case .reply(let m): body = m
        case .error(let m): body = m
        case .dropped(let m): body = m
        case .event(let event): return try event.encode(to: encoder)
        }
        try body.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type(of: body).messageClass, forKey: .messageClass)
    }

    /// The message's `class`.
    public var messageClass: String {
        switch self {
        case .hello: HelloMessage.messageClass
        case .reply: ReplyMessage.messageClass
        case .error: ErrorMessage.messageClass
        case .dropped: DroppedMessage.messageClass
        case .event(let event): event.payload.messageClass
        }
    }

    /// Reads one server line (with or without its `\n`) through the JSON module's parser.
    public static func decode(line: some Collection<UInt8>) throws -> ServerMessage {
        try JSONValueDecoder().decode(ServerMessage.self, from: Array(line), source: "server line")
    }
}
