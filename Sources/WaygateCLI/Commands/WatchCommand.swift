import JSON
import DriverAlerts
import Foundation
import Servers
import SystemIO
import WireProtocol

/// `waygate watch`: a live, human-readable view of a running server.
struct WatchCommand: Subcommand {
    static let spec = CommandSpec(
        name: "watch", abstract: "Show a running server's events live, as a driver would read them.",
        usage: "[--socket PATH] [--json] [--count N] [--imperial] [CHANNEL…]",
        discussion: """
            CHANNELs default to location, device, match, progress, instructions, guidance, session \
            and camera; 'all' adds sky and nmea. --json prints the raw lines instead.
            """,
        options: [
            OptionSpec("--socket", value: "PATH", help: "Server socket (default as for serve)."),
            OptionSpec("--json", help: "Print the server's JSON lines unchanged."),
            OptionSpec("--count", value: "N", help: "Exit after N events."),
            OptionSpec("--wait", value: "SECONDS", help: "Keep trying to connect this long while the server starts.", default: "0"),
            OptionSpec("--imperial", help: "Show miles, feet and mph."),
            OptionSpec("--speak", help: "Speak each VOICE instruction here (espeak-ng)."),
            OptionSpec("--voice", value: "LANG", help: "espeak-ng voice for --speak instead of the language each VOICE event names (e.g. en, it)."),
            OptionSpec("--speak-to", value: "FILE.wav", help: "Write the spoken instructions to a WAV file (implies --speak)."),
            OptionSpec("--notify", help: "Post desktop notifications for maneuvers, arrival, reroutes and GPS loss."),
            OptionSpec("--no-notify-maneuvers", help: "With --notify: only the status notifications."),
        ],
        positionals: 0...16)

    static let defaultChannels: [Channel] = [.location, .device, .match, .progress, .instructions, .guidance, .session, .camera]

    let socket: String?
    let raw: Bool
    let count: Int?
    let wait: Double
    let channels: [Channel]
    let formatter: WatchFormatter
    let alerts: DriverAlertSettings

    init(_ arguments: ParsedArguments) throws(UsageError) {
        socket = arguments.value("--socket")
        raw = arguments.flag("--json")
        count = try arguments.int("--count")
        if let count, count < 1 { throw UsageError("--count: at least 1, got \(count)") }
        wait = try arguments.double("--wait", default: 0, in: 0...86_400) ?? 0
        channels = try arguments.positionals.isEmpty
            ? Self.defaultChannels
            : arguments.positionals.map { name throws(UsageError) in
                guard let c = Channel(wireName: name) else {
                    throw UsageError("unknown channel \"\(name)\" (channels: \(Channel.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                return c
            }
        formatter = WatchFormatter(imperial: arguments.flag("--imperial"))
        let speakTo = arguments.value("--speak-to")
        alerts = DriverAlertSettings(
            speech: arguments.flag("--speak") || speakTo != nil, voice: arguments.value("--voice"), speechFile: speakTo,
            notifications: arguments.flag("--notify"), maneuverNotifications: !arguments.flag("--no-notify-maneuvers"))
    }

    func run(in environment: AppEnvironment) async throws {
        let path = socket ?? SocketPath.resolveDefault(environment: environment.variables, uid: environment.uid)
        let client: EventClient
        do {
            client = try EventClient(path: path, waitingUpTo: wait)
        } catch {
            throw RuntimeError("cannot connect to \(path): \(error.message) (is 'waygate serve' running?)")
        }
        defer { client.close() }
        try client.send(Request(id: .integer(1), command: .subscribe(channels)))
        var console = Console()
        var events = 0
        let driverAlerts = alerts.speech || alerts.notifications ? DriverAlerts(settings: alerts, warn: { Console.error("warning: \($0)") }) : nil
        defer {
            _ = driverAlerts?.waitUntilIdle(timeout: 30)
            driverAlerts?.stop()
        }
        while true {
            let read: [UInt8]?
            do {
                read = try client.nextLine()
            } catch {
                throw RuntimeError("reading \(path): \(error.message)")
            }
            guard let line = read else {
                console.flush()
                throw RuntimeError("server at \(path) closed the connection")
            }
            if let message = try? ServerMessage.decode(line: line) {
                if raw {
                    console.print(String(decoding: line, as: UTF8.self))
                } else if let text = formatter.line(for: message) {
                    console.print(text)
                }
                if let driverAlerts, let alert = WatchAlerts.alert(for: message) { driverAlerts.handle([alert]) }
                if case .event = message { events += 1 }
                if let count, events >= count {
                    console.flush()
                    return
                }
            } else {
                console.print("unreadable line from server: " + WatchFormatter.printable(String(decoding: line.prefix(120), as: UTF8.self)))
            }
            if !client.hasBufferedLine { console.flush() }
        }
    }
}
