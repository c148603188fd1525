public import Gateway
import LocationSources
import NMEA
import Positioning
public import WireProtocol

/// Answers the event server's requests from the `Gateway`: `status` today; route planning,
/// guidance, camera and simulation commands as the gateway gains them.
public struct GatewayCommandHandler: CommandHandler {
    /// The gateway asked.
    public let gateway: Gateway

    /// A handler over `gateway`.
    public init(gateway: Gateway) { self.gateway = gateway }

    public func handle(_ command: Command, from client: ClientInfo) async -> CommandResult {
        switch command {
        case .status:
            return .success(Self.fields(for: await gateway.status()))
        default:
            return .failure(.badRequest, "'\(command.name.rawValue)' is not available: this server runs without a map or guidance")
        }
    }

    /// The REPLY fields of `status`: sources with device states, session mode and counters.
    static func fields(for status: GatewayStatus) -> [String: JSONValue] {
        var totals = NMEATotals()
        let sources: [JSONValue] = status.sources.map { source in
            let s = source.statistics
            totals.add(s)
            var object: [String: JSONValue] = [
                "id": .string(source.id.rawValue),
                "fixes": .integer(Int64(s.fixes)),
                "sentences": .integer(Int64(s.sentences)),
                "connections": .integer(Int64(s.connections)),
                "losses": .integer(Int64(s.losses)),
            ]
            if let state = s.deviceState { object["state"] = .string(state.rawValue) }
            if let driver = s.driver { object["driver"] = .string(driver) }
            if let baud = s.baudRate { object["baud"] = .integer(Int64(baud)) }
            if let error = s.lastError { object["last_error"] = .string(error) }
            return .object(object)
        }
        return [
            "sources": .array(sources),
            "session": .object(["mode": .string(SessionMode.freeDrive.rawValue)]),
            "counters": .object([
                "sentences_ok": .integer(Int64(totals.sentences)),
                "bad_checksum": .integer(Int64(totals.badChecksum)),
                "discarded_bytes": .integer(Int64(totals.discardedBytes)),
                "fixes": .integer(Int64(status.fixes)),
            ]),
        ]
    }

    private struct NMEATotals {
        var sentences = 0, badChecksum = 0, discardedBytes = 0

        mutating func add(_ s: SourceStatistics) {
            sentences += s.sentences
            badChecksum += s.nmea.badChecksum
            discardedBytes += s.nmea.discardedBytes
        }
    }
}
