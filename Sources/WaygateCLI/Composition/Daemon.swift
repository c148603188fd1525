import Dispatch
import DriverAlerts
import Foundation
import Gateway
import HTTPOutlet
import JSON
import MQTTOutlet
import Geodesy
import LocationSources
import Positioning
import RouteFormats
import RouteModel
import Servers
import Simulation
import SystemIO
import Timekeeping

/// What `waygate serve` was asked to run, as parsed from its command line: sources, map,
/// outlets and the drive to start. The composition root (`Daemon.start`) builds it.
struct DaemonPlan {
    var serial: [(path: String, baud: Int?)] = []
    var gpsd: [(host: String, port: Int)] = []
    var replays: [String] = []
    var replayPace: ReplaySource.Pace = .recorded(speed: 1)
    var map: String?
    var socket: String?
    var socketMode: mode_t = 0o660
    var socketGroup: gid_t?
    var access = AccessPolicy.open
    var maxQueue = 4_096
    var simulate: (route: String, settings: SimulationSettings)?
    var guide: String?
    var gpsdListen: (host: String, port: Int)?
    var simulationMode: SimulationModeController.Mode = .never
    var simulationSpeed: Double = 1
    var simulateTo: (from: Coordinate?, to: Coordinate)?
    var driverAlerts = DriverAlertSettings()
    var routeDirectories: [String] = []
    /// `--http HOST:PORT` and whether a non-loopback address is allowed (`--http-allow-remote`).
    var http: (host: String, port: Int, allowRemote: Bool)?
    /// `--mqtt` and its options.
    var mqtt: MQTTSettings?
}

/// The running daemon, built in one place from a `DaemonPlan`: location sources → `Gateway` →
/// `EventBus` → outlets (the wire fan-out feeding the Unix socket; the gpsd-compatible server).
/// `runUntilSignalled()` runs it until a stop signal (`SignalWaiter.stopSignals`: SIGINT,
/// SIGTERM, SIGHUP…) and takes everything down in order.
final class Daemon: Sendable {
    let gateway: Gateway
    let bus: EventBus
    let server: EventServer
    let gpsdServer: GPSDCompatibleServer?
    let alerts: DriverAlerts?
    let http: HTTPServer?
    let mqtt: MQTTPublisher?
    let subscriptions: [Subscription]
    /// The socket path and what feeds the gateway, for the start-up line.
    let socketPath: String
    let sourceNames: [String]

    private init(gateway: Gateway, bus: EventBus, server: EventServer, gpsdServer: GPSDCompatibleServer?, alerts: DriverAlerts?,
                 http: HTTPServer?, mqtt: MQTTPublisher?, subscriptions: [Subscription], socketPath: String, sourceNames: [String]) {
        self.http = http
        self.mqtt = mqtt
        self.gateway = gateway
        self.bus = bus
        self.server = server
        self.gpsdServer = gpsdServer
        self.alerts = alerts
        self.subscriptions = subscriptions
        self.socketPath = socketPath
        self.sourceNames = sourceNames
    }

    /// Builds sources, gateway, bus and outlets for `plan`; starts guidance and the simulated
    /// drive it asks for.
    static func start(_ plan: DaemonPlan, in environment: AppEnvironment) async throws -> Daemon {
        let sources = try makeSources(plan, environment: environment)
        // A signal while starting cancels this task: each step that may take long (reading
        // routes, loading the map, starting guidance) is followed by a check, and the undo list
        // takes down what was started (the socket file included).
        try Task.checkCancellation()
        // What has been started so far, stopped in reverse order if a later part fails.
        var undo: [() -> Void] = []
        var built = false
        defer { if !built { undo.reversed().forEach { $0() } } }
        let gpsdServer = try plan.gpsdListen.map { address in
            do {
                return try GPSDCompatibleServer(
                    listener: TCPListener(host: address.host, port: UInt16(address.port)), version: WaygateCommand.version,
                    log: { Console.error($0) })
            } catch {
                throw RuntimeError("cannot serve gpsd clients on \(address.host):\(address.port): \(error)")
            }
        }
        if let gpsdServer { undo.append(gpsdServer.stop) }
        let path = plan.socket ?? SocketPath.resolveDefault(environment: environment.variables, uid: environment.uid)
        let loaded = try plan.map.map { try environment.loadMap($0) }
        try Task.checkCancellation()
        let bus = EventBus()
        let gateway = Gateway(
            sources: sources, timeSource: environment.timeSource,
            configuration: Gateway.Configuration(map: loaded?.graph, hierarchies: loaded?.hierarchies ?? [], planner: loaded?.planner, simulationMode: plan.simulationMode, speedMultiplier: plan.simulationSpeed),
            bus: bus)
        // Speech and notifications exist whenever asked for at start, and can be switched at run time.
        let alerts = DriverAlerts(settings: plan.driverAlerts, warn: { Console.error("warning: \($0)") })
        undo.append(alerts.stop)
        let server = try startEventServer(at: path, plan: plan, handler: GatewayCommandHandler(gateway: gateway, routeDirectories: plan.routeDirectories, driverAlerts: { speech, notifications in
                alerts.set(speech: speech, notifications: notifications)
                let state = alerts.state
                return ["driver_alerts": JSONValue(["speech": .bool(state.speech), "notifications": .bool(state.notifications)])]
            }))
        undo.append(server.stop)
        try Task.checkCancellation()
        let http: HTTPServer?
        do {
            http = try plan.http.map { address throws(HTTPOutletError) in
                try HTTPServer(host: address.host, port: UInt16(address.port), allowNonLoopback: address.allowRemote, roads: loaded?.graph,
                               runner: server, activeRoute: { await gateway.activeRoute.map { OSRMWriter(geometry: .polyline6).route($0) } })
            }
        } catch {
            throw RuntimeError("--http: \(error)")
        }
        if let http { undo.append(http.stop) }
        let mqtt: MQTTPublisher?
        do {
            mqtt = try plan.mqtt.map { settings throws(MQTTError) in
                let source = SourceID("mqtt:\(settings.broker.host):\(settings.broker.port)")
                let clock = environment.timeSource
                // The broker's connection and the messages dropped for it are reported like a device's,
                // so clients see an outage and what it cost.
                return try MQTTPublisher(
                    settings: settings, runner: server,
                    onConnectionChange: { connected, reason in
                        bus.publish([.source(.device(connected ? .connected : .lost, driver: "mqtt: \(reason)", baud: nil), from: source, time: clock.now())])
                    },
                    onDrops: { connected, _, line in
                        bus.publish([.source(.device(connected ? .connected : .reconnecting, driver: "mqtt: \(line)", baud: nil), from: source, time: clock.now())])
                    })
            }
        } catch {
            throw RuntimeError("--mqtt: \(error)")
        }
        let fanout = WireFanout()
        fanout.add(server)
        if let http { fanout.add(http) }
        if let mqtt {
            fanout.add(mqtt)
            server.addStatus("mqtt") { mqtt.status }
        }
        if let gpsdServer { server.addStatus("gpsd") { gpsdServer.status } }
        var subscriptions = [fanout.attach(to: bus, capacity: plan.maxQueue)]
        if let gpsdServer { subscriptions.append(gpsdServer.attach(to: bus)) }
        subscriptions.append(bus.subscribe("driver-alerts", delivery: .inline) { events in alerts.handle(events) })
        let daemon = Daemon(gateway: gateway, bus: bus, server: server, gpsdServer: gpsdServer, alerts: alerts, http: http, mqtt: mqtt, subscriptions: subscriptions, socketPath: path,
                            sourceNames: sources.map(\.id.rawValue) + (plan.simulateTo.map { ["simulator to \($0.to)"] } ?? []))
        built = true  // from here on `daemon.stop()` takes everything down
        do {
            try await daemon.startDrive(plan)
        } catch {
            daemon.stop()
            throw error
        }
        return daemon
    }

    private static func makeSources(_ plan: DaemonPlan, environment: AppEnvironment) throws -> [any LocationSource] {
        var sources: [any LocationSource] = plan.serial.map {
            SerialNMEASource(path: $0.path, options: .init(baudRate: $0.baud), timeSource: environment.timeSource)
        }
        sources += plan.gpsd.map { GPSDClientSource(host: $0.host, port: $0.port, timeSource: environment.timeSource) as any LocationSource }
        for file in plan.replays {
            do {
                sources.append(try ReplaySource(contentsOf: file, pace: plan.replayPace, timeSource: environment.timeSource))
            } catch {
                throw RuntimeError(String(describing: error))
            }
        }
        if let simulate = plan.simulate {
            let clock = AcceleratedTimeSource(base: environment.timeSource, multiplier: simulate.settings.speedMultiplier)
            sources.append(try simulate.settings.source(try SimulationSettings.readRoute(simulate.route), timeSource: clock))
        }
        return sources
    }

    private static func startEventServer(at path: String, plan: DaemonPlan, handler: any CommandHandler) throws -> EventServer {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        do {
            let listener = try UnixSocketListener(path: path, mode: plan.socketMode, group: plan.socketGroup)
            return try EventServer(
                listener: listener, configuration: EventServer.Configuration(version: WaygateCommand.version, maxQueuedEvents: plan.maxQueue, access: plan.access),
                handler: handler, log: { Console.error($0) })
        } catch {
            throw RuntimeError("cannot serve on \(path): \(error)")
        }
    }

    /// `--guide` and `--simulate-to`.
    private func startDrive(_ plan: DaemonPlan) async throws {
        if let guide = plan.guide {
            let route = try SimulationSettings.readRoute(guide)
            try Task.checkCancellation()
            do {
                _ = try await gateway.startGuidance(route)
            } catch {
                throw RuntimeError("--guide \(guide): \(error)")
            }
            try Task.checkCancellation()
        }
        if let simulateTo = plan.simulateTo {
            let gateway = self.gateway, speed = plan.simulationSpeed
            let drive = Task { try await Self.simulateDrive(to: simulateTo.to, from: simulateTo.from, on: gateway, speedMultiplier: speed) }
            if simulateTo.from != nil {
                do {
                    try await withTaskCancellationHandler { try await drive.value } onCancel: { drive.cancel() }
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    throw RuntimeError("--simulate-to: \(error)")
                }
            }
        }
    }

    /// `--simulate-to`: plans from `from` (or the first fix the gateway sees) to `to`, starts
    /// guidance on it and lets the gateway's simulator drive it (mode `always`).
    static func simulateDrive(to: Coordinate, from: Coordinate?, on gateway: Gateway, speedMultiplier: Double) async throws {
        var origin = from
        while origin == nil {
            origin = await gateway.currentPosition?.coordinate
            if origin == nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        guard let origin else { return }
        _ = try await gateway.planRoutes([origin, to], options: RouteOptions(), alternatives: false)
        _ = try await gateway.startGuidance(index: 0)
        _ = try await gateway.setSimulation(mode: .always, speedMultiplier: speedMultiplier)
    }

    /// `waygate serve`: the process set up for a long-running daemon, the daemon started and run
    /// until a stop signal (`SignalWaiter.stopSignals`: SIGINT, SIGTERM, SIGHUP…). A signal while
    /// the map, a `--replay` log or the `--guide` route loads cancels the start-up, which takes
    /// down what it had started (the socket file too) and returns like a stop.
    static func serve(_ plan: DaemonPlan, in environment: AppEnvironment) async throws {
        // Answers reuse the heap blocks freed by the ones before instead of faulting fresh pages in.
        HeapReuse.keepFreedBlocks()
        // Caught from the start, before anything is opened.
        let signals = SignalWaiter(SignalWaiter.stopSignals)
        let starting = Task { try await Daemon.start(plan, in: environment) }
        Task {
            await signals.wait()
            starting.cancel()
        }
        let daemon: Daemon
        do {
            daemon = try await starting.value
        } catch where signals.received != nil {
            Console.error("stopped by signal \(signals.received ?? 0) while starting")
            return
        }
        if let signal = signals.received {
            daemon.stop()
            Console.error("stopped by signal \(signal) while starting")
            return
        }
        let sources = daemon.sourceNames.isEmpty ? "no source yet: waiting for route + start with simulate" : daemon.sourceNames.joined(separator: ", ")
        Console.error("serving on \(daemon.socketPath) (\(sources))")
        if let http = daemon.http { Console.error("live map: \(http.url)") }
        await daemon.runUntilSignalled(signals)
    }

    /// Runs the gateway until one of `signals` arrives, then stops everything (removing the socket).
    private func runUntilSignalled(_ signals: SignalWaiter) async {
        let gatewayTask = Task { await gateway.run() }
        await signals.wait()
        gatewayTask.cancel()
        stop()
    }

    /// Stops the outlets: bus subscriptions first (what they hold is delivered), then the servers.
    func stop() {
        for subscription in subscriptions { subscription.cancel() }
        mqtt?.stop()
        http?.stop()
        server.stop()
        gpsdServer?.stop()
        alerts?.stop()
    }
}
