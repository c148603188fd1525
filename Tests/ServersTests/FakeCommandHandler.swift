import JSON
import SystemIO
import WireProtocol
import Servers

/// Answers like a gateway would, recording what it was asked.
final class FakeCommandHandler: CommandHandler {
    let received = Locked<[Command]>([])

    func handle(_ command: Command, from client: ClientInfo) async -> CommandResult {
        received.withLock { $0.append(command) }
        switch command {
        case .status:
            return .success([
                "session": JSONValue(["mode": .string("free_drive")]),
                "counters": JSONValue(["fixes": .integer(5), "events_dropped": .integer(2)]),
            ])
        case .route: return .failure(.noRoute, "no road within 200 m of waypoint 0")
        default: return .success(["command": .string(command.name.rawValue)])
        }
    }
}
