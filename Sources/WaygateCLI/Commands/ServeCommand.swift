import Foundation
import DriverAlerts
import Geodesy
import HTTPOutlet
import MQTTOutlet
import LocationSources
import Servers
import Simulation
import SystemIO

/// `waygate serve`: the daemon. Reads the configured sources and publishes everything on the
/// Unix socket until SIGINT, SIGTERM or SIGHUP (`SignalWaiter.stopSignals`).
struct ServeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "serve", abstract: "Run the gateway: read GPS sources, publish JSON lines on a Unix socket.",
        usage: "[--serial PATH[:BAUD]]… [--replay FILE] [--socket PATH] [options]",
        discussion: """
            Sources: --serial reads a receiver (baud hunted unless :BAUD is given; unplugging and \
            re-plugging is handled without a restart); --replay plays an NMEA log at its recorded \
            pace times --replay-speed. The socket defaults to $WAYGATE_SOCKET, then \
            /run/waygate/waygate.sock as root, $XDG_RUNTIME_DIR/waygate.sock, /tmp/waygate-$UID.sock.
            """,
        options: [
            OptionSpec("--serial", value: "PATH[:BAUD]", help: "Read NMEA from a serial device.", repeatable: true),
            OptionSpec("--gpsd", value: "HOST:PORT", help: "Read fixes from a gpsd (reconnects when it restarts).", repeatable: true),
            OptionSpec("--replay", value: "FILE", help: "Replay an NMEA log: a file of any size (read as it plays), or a FIFO or pipe of at most 1 GiB.", repeatable: true),
            OptionSpec("--replay-speed", value: "N", help: "Replay speed multiplier (> 0), or 'max' for no pacing.", default: "1"),
            OptionSpec("--map", value: "MAP", help: "Road network (.osm.pbf, .osm or a cached graph): MATCH events, route command, rerouting."),
            OptionSpec("--socket", value: "PATH", help: "Unix socket path."),
            OptionSpec("--socket-mode", value: "OCTAL", help: "Permissions of the socket file.", default: "0660"),
            OptionSpec("--socket-group", value: "GID", help: "Group owning the socket file."),
            OptionSpec("--allow-uid", value: "UID", help: "Only these uids may change state (start, stop, simulate).", repeatable: true),
            OptionSpec("--allow-gid", value: "GID", help: "Only these gids may change state.", repeatable: true),
            OptionSpec("--max-queue", value: "N", help: "Events queued per client before the oldest are dropped.", default: "4096"),
            OptionSpec("--simulate", value: "ROUTE", help: "Drive this route file with the simulator as a source."),
            OptionSpec("--simulate-to", value: "LAT,LON", help: "Plan a route on --map to here and drive it with the simulator, with guidance."),
            OptionSpec("--simulate-from", value: "LAT,LON", help: "Origin for --simulate-to (default: the first fix of the other sources)."),
            OptionSpec("--guide", value: "ROUTE", help: "Start active guidance on this route file at once (e.g. the --simulate route)."),
            OptionSpec("--gpsd-listen", value: "HOST:PORT", help: "Also serve gpsd's JSON protocol here (e.g. 127.0.0.1:2947)."),
            OptionSpec("--simulation-mode", value: "MODE", help: "always, on_poor_gps or never: when the simulator drives the active route.", default: "never"),
            OptionSpec("--http", value: "HOST:PORT", help: "Serve the live map, SSE events and POST /command here (e.g. 127.0.0.1:8080)."),
            OptionSpec("--http-allow-remote", help: "Let --http listen on a non-loopback address (the map then answers the network)."),
        ] + MQTTOptions.specs + [
            OptionSpec("--vehicle", value: "ID", help: "Vehicle id in the MQTT topics (default: from /etc/machine-id)."),
            OptionSpec("--mqtt-commands", help: "Accept socket requests on waygate/VEHICLE/command (replies on …/reply)."),
            OptionSpec("--route-dir", value: "DIR", help: "Let `start route_file` read route files from DIR (off by default).", repeatable: true),
            OptionSpec("--speak", help: "Speak each VOICE instruction (espeak-ng), in the route's language."),
            OptionSpec("--voice", value: "LANG", help: "espeak-ng voice for --speak instead of the route's language (e.g. en, it)."),
            OptionSpec("--speak-to", value: "FILE.wav", help: "Write the spoken instructions to a WAV file instead of playing them (implies --speak)."),
            OptionSpec("--notify", help: "Post desktop notifications (session D-Bus) for maneuvers, arrival, reroutes and GPS loss."),
            OptionSpec("--no-notify-maneuvers", help: "With --notify: only arrival, reroute and GPS signal notifications."),
        ] + SimulationSettings.options)

    let serial: [(path: String, baud: Int?)]
    let gpsd: [(host: String, port: Int)]
    let replays: [String]
    let replayPace: ReplaySource.Pace
    let map: String?
    let socket: String?
    let socketMode: mode_t
    let socketGroup: gid_t?
    let access: AccessPolicy
    let maxQueue: Int
    let simulate: (route: String, settings: SimulationSettings)?
    let guide: String?
    let gpsdListen: (host: String, port: Int)?
    let simulationMode: SimulationModeController.Mode
    let simulationSpeed: Double
    let simulateTo: (from: Coordinate?, to: Coordinate)?
    let driverAlerts: DriverAlertSettings
    let routeDirectories: [String]
    let http: (host: String, port: Int, allowRemote: Bool)?
    let mqtt: MQTTSettings?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        serial = try arguments.allValues("--serial").map { value throws(UsageError) in try Self.serialSpec(value) }
        gpsd = try arguments.allValues("--gpsd").map { value throws(UsageError) in try Self.hostPort(value, option: "--gpsd") }
        replays = arguments.allValues("--replay")
        if arguments.value("--replay-speed") == "max" {
            replayPace = .asFastAsPossible
        } else {
            replayPace = .recorded(speed: try arguments.double("--replay-speed", default: 1, in: 0.001...100_000) ?? 1)
        }
        simulate = try arguments.value("--simulate").map { route throws(UsageError) in (route, try SimulationSettings(arguments)) }
        guide = arguments.value("--guide")
        gpsdListen = try arguments.value("--gpsd-listen").map { v throws(UsageError) in try Self.hostPort(v, option: "--gpsd-listen") }
        let hasSource = !serial.isEmpty || !gpsd.isEmpty || !replays.isEmpty || simulate != nil
        if let to = try arguments.coordinate("--simulate-to") {
            let from = try arguments.coordinate("--simulate-from")
            guard arguments.value("--map") != nil else { throw UsageError("--simulate-to needs --map MAP to plan the route on") }
            guard from != nil || hasSource else {
                throw UsageError("--simulate-to needs --simulate-from LAT,LON, or another source whose first fix is the origin")
            }
            simulateTo = (from, to)
        } else {
            simulateTo = nil
        }
        guard hasSource || simulateTo != nil || arguments.value("--map") != nil else {
            throw UsageError("serve needs a source (--serial PATH, --gpsd HOST:PORT, --replay FILE, --simulate ROUTE, --simulate-to LAT,LON) or --map MAP to wait for route + start with simulate")
        }
        let modeName = arguments.value("--simulation-mode") ?? "never"
        guard let mode = SimulationModeController.Mode(rawValue: modeName) else {
            throw UsageError("--simulation-mode: expected always, on_poor_gps or never, got \"\(modeName)\"")
        }
        simulationMode = mode
        simulationSpeed = try arguments.double("--speed-multiplier", default: 1, in: 0.001...100_000) ?? 1
        map = arguments.value("--map")
        socket = arguments.value("--socket")
        guard let mode = mode_t(arguments.value("--socket-mode") ?? "0660", radix: 8), mode <= 0o777 else {
            throw UsageError("--socket-mode: expected octal permissions such as 0660, got \"\(arguments.value("--socket-mode") ?? "")\"")
        }
        socketMode = mode
        socketGroup = try arguments.int("--socket-group").map { gid_t($0) }
        let uids = try arguments.allValues("--allow-uid").map { v throws(UsageError) in try Self.id(v, "--allow-uid") }
        let gids = try arguments.allValues("--allow-gid").map { v throws(UsageError) in try Self.id(v, "--allow-gid") }
        access = AccessPolicy(allowUIDs: uids.isEmpty ? nil : Set(uids), allowGIDs: gids.isEmpty ? nil : Set(gids))
        routeDirectories = arguments.allValues("--route-dir")
        let commandsEnabled = arguments.flag("--mqtt-commands")
        mqtt = try MQTTOptions.settings(arguments, vehicleID: arguments.value("--vehicle")) { $0.commandsEnabled = commandsEnabled }
        http = try arguments.value("--http").map { v throws(UsageError) in
            let address = try Self.hostPort(v, option: "--http")
            return (address.host, address.port, arguments.flag("--http-allow-remote"))
        }
        let speakTo = arguments.value("--speak-to")
        driverAlerts = DriverAlertSettings(
            speech: arguments.flag("--speak") || speakTo != nil, voice: arguments.value("--voice"), speechFile: speakTo,
            notifications: arguments.flag("--notify"), maneuverNotifications: !arguments.flag("--no-notify-maneuvers"))
        maxQueue = try arguments.int("--max-queue", default: 4096) ?? 4096
        guard maxQueue >= 16 else { throw UsageError("--max-queue: at least 16, got \(maxQueue)") }
    }

    static func serialSpec(_ value: String) throws(UsageError) -> (path: String, baud: Int?) {
        guard let colon = value.lastIndex(of: ":") else { return (value, nil) }
        let rate = value[value.index(after: colon)...]
        guard let baud = Int(rate), baud > 0 else { throw UsageError("--serial: expected PATH[:BAUD], got \"\(value)\"") }
        return (String(value[..<colon]), baud)
    }

    /// Parses `HOST:PORT` (IPv6 hosts in brackets, `[::1]:2947`).
    static func hostPort(_ value: String, option: String) throws(UsageError) -> (host: String, port: Int) {
        guard let colon = value.lastIndex(of: ":"), let port = Int(value[value.index(after: colon)...]), (1...65_535).contains(port)
        else { throw UsageError("\(option): expected HOST:PORT, got \"\(value)\"") }
        var host = String(value[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw UsageError("\(option): expected HOST:PORT, got \"\(value)\"") }
        return (host, port)
    }

    static func id(_ value: String, _ option: String) throws(UsageError) -> UInt32 {
        guard let v = UInt32(value) else { throw UsageError("\(option): expected a numeric id, got \"\(value)\"") }
        return v
    }

    func run(in environment: AppEnvironment) async throws {
        try await Daemon.serve(plan, in: environment)
    }

    /// What to run, for the composition root.
    var plan: DaemonPlan {
        DaemonPlan(
            serial: serial, gpsd: gpsd, replays: replays, replayPace: replayPace, map: map, socket: socket, socketMode: socketMode,
            socketGroup: socketGroup, access: access, maxQueue: maxQueue, simulate: simulate, guide: guide, gpsdListen: gpsdListen,
            simulationMode: simulationMode, simulationSpeed: simulationSpeed, simulateTo: simulateTo, driverAlerts: driverAlerts,
            routeDirectories: routeDirectories, http: http, mqtt: mqtt)
    }
}
