import Foundation
import Gateway
import Geodesy
import LocationSources
import Positioning
import RouteFormats
import RouteModel
import Routing
import Simulation
import SystemIO
import Timekeeping

/// `waygate simulate`: drives a route and writes the drive as NMEA, GPX or JSON lines — to
/// standard output as fast as possible, paced with `--realtime`, or into a pseudo-terminal
/// (`--pty LINK`) that any serial GPS reader can open.
struct SimulateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "simulate", abstract: "Drive a route and write what a GPS receiver would report.",
        usage: "(--route FILE | --map MAP --from LAT,LON --to LAT,LON) [--format nmea|gpx|jsonl] [--pty LINK] [options]",
        discussion: """
            Routes are read from OSRM/Mapbox/Valhalla JSON, GPX or GeoJSON. Without --realtime or \
            --pty the whole drive (until parked at the end, or --duration simulated seconds) is \
            written at once; the fixes are the same whatever --speed-multiplier says. --pty creates a \
            pseudo-terminal with LINK pointing at it and writes the NMEA stream there in real time × \
            the multiplier until the drive ends (plus a few parked fixes) or SIGINT, SIGTERM or \
            SIGHUP, then removes LINK. LINK must not exist, or be a link into /dev/pts/ (left by \
            an earlier run): anything else there is refused and left as it is.
            """,
        options: [
            OptionSpec("--route", value: "FILE", help: "Route to drive."),
            OptionSpec("--map", value: "MAP", help: "Plan the route on this map (needs --from and --to)."),
            OptionSpec("--from", value: "LAT,LON", help: "Start of the planned route."),
            OptionSpec("--to", value: "LAT,LON", help: "End of the planned route."),
            OptionSpec("--format", value: "nmea|gpx|jsonl", help: "Output format (--pty always writes NMEA).", default: "nmea"),
            OptionSpec("--pty", value: "LINK", help: "Write NMEA into a new pseudo-terminal linked at LINK."),
            OptionSpec("--realtime", help: "Pace standard output in real time × the multiplier."),
            OptionSpec("--duration", value: "S", help: "Stop after S simulated seconds."),
            OptionSpec("--start", value: "TIME", help: "Time of the first fix, ISO 8601 (default: now, whole second)."),
        ] + SimulationSettings.options)

    /// Where the route comes from: a file, or planned on a map.
    enum RouteInput: Sendable {
        case file(String)
        case planned(map: String, from: Coordinate, to: Coordinate)
    }

    let input: RouteInput
    let format: String
    let pty: String?
    let realtime: Bool
    let duration: Double?
    let start: Timestamp?
    let settings: SimulationSettings

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.value("--map") != nil {
            guard arguments.value("--route") == nil else { throw UsageError("simulate: give either --route FILE or --map MAP, not both") }
            guard let map = arguments.value("--map"), let from = try arguments.coordinate("--from"), let to = try arguments.coordinate("--to") else {
                throw UsageError("simulate --map MAP needs --from LAT,LON and --to LAT,LON")
            }
            input = .planned(map: map, from: from, to: to)
        } else {
            guard let file = arguments.value("--route") else { throw UsageError("simulate needs --route FILE (or --map MAP --from LAT,LON --to LAT,LON)") }
            input = .file(file)
        }
        format = try arguments.choice("--format", ["nmea", "gpx", "jsonl"], default: "nmea")
        pty = arguments.value("--pty")
        realtime = arguments.flag("--realtime")
        duration = try arguments.double("--duration", in: 0...1e9)
        if let text = arguments.value("--start") {
            guard let t = Timestamp(iso8601: text) else { throw UsageError("--start: expected an ISO 8601 time, got \"\(text)\"") }
            start = t
        } else {
            start = nil
        }
        settings = try SimulationSettings(arguments)
    }

    func run(in environment: AppEnvironment) async throws {
        let route: Route
        switch input {
        case .file(let path): route = try SimulationSettings.readRoute(path)
        case .planned(let map, let from, let to): route = try Self.plan(map: map, from: from, to: to, environment: environment)
        }
        let startTime = start ?? Timestamp(secondsSince1970: environment.timeSource.now().secondsSince1970.rounded(.down))
        if pty != nil || realtime {
            try await runPaced(route, startTime: startTime, environment: environment)
        } else {
            try runBatch(route, startTime: startTime)
        }
    }

    /// The best car route from `from` to `to` on `map` (loaded through the map cache).
    static func plan(map: String, from: Coordinate, to: Coordinate, environment: AppEnvironment) throws -> Route {
        let loaded = try environment.loadMap(map)
        do {
            guard let best = try MapRouter(map: loaded).routes([RouteWaypoint(from), RouteWaypoint(to)], options: RouteOptions()).first else {
                throw RuntimeError("\(map): no route from \(from) to \(to)")
            }
            return best
        } catch let error as RoutingError {
            throw RuntimeError("\(map): \(error.description)")
        }
    }

    /// Fixes reported after the vehicle parks at the end of the route.
    static let parkedTail = 3

    /// Whether the drive is over: `duration` passed, or parked for the tail.
    private func isOver(_ fix: Fix, startTime: Timestamp, parkedFixes: Int) -> Bool {
        if let duration, let t = fix.time { return t.seconds(since: startTime) >= duration }
        return parkedFixes > Self.parkedTail
    }

    private func runBatch(_ route: Route, startTime: Timestamp) throws {
        var drive = SimulatedDrive(simulator: try settings.simulator(route, startTime: startTime))
        var output = DriveWriter(format: format)
        var parked = 0
        while true {
            let events = drive.next()
            output.write(events)
            if drive.isFinished { parked += 1 }
            guard let fix = events.lazy.compactMap({ if case .fix(let f) = $0 { f } else { nil } }).first else { break }
            if isOver(fix, startTime: startTime, parkedFixes: parked) { break }
        }
        output.finish()
    }

    private func runPaced(_ route: Route, startTime: Timestamp, environment: AppEnvironment) async throws {
        let clock = AcceleratedTimeSource(base: environment.timeSource, multiplier: settings.speedMultiplier, start: startTime)
        let source = try settings.source(route, timeSource: clock, startTime: startTime)
        let terminal: PseudoTerminal?
        do {
            terminal = try pty.map { link throws(SystemError) in try PseudoTerminal(link: link) }
        } catch {
            throw RuntimeError("cannot create a pseudo-terminal at \(pty ?? ""): \(error)")
        }
        if let terminal { Console.error("simulating on \(terminal.link ?? terminal.devicePath) -> \(terminal.devicePath)") }
        defer { terminal?.close() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var output = DriveWriter(format: format)
                var parked = 0
                drive: for await events in source.events() {
                    for event in events {
                        if let terminal, case .sentence(let s) = event {
                            _ = try? terminal.write(Array((s.string + "\r\n").utf8))
                        } else if terminal == nil {
                            output.write([event])
                            output.flush()
                        }
                        guard case .fix(let fix) = event else { continue }
                        if source.isFinished { parked += 1 }
                        if isOver(fix, startTime: startTime, parkedFixes: parked) { break drive }
                    }
                }
                if terminal == nil { output.finish() }
            }
            group.addTask { await SignalWaiter.wait(for: SignalWaiter.stopSignals) }
            await group.next()
            group.cancelAll()
        }
    }
}

/// The simulator options `simulate` and `serve --simulate` share: multiplier, noise, seed,
/// tunnels and altitude.
struct SimulationSettings: Sendable {
    static let options = [
        OptionSpec("--speed-multiplier", value: "N", help: "Drive N times faster than real time (0.001 to 100000).", default: "1"),
        OptionSpec("--noise", value: "METRES", help: "Gaussian position noise, sigma in metres (0: exact).", default: "0"),
        OptionSpec("--seed", value: "N", help: "Seed of the noise (same seed, same drive).", default: "1"),
        OptionSpec("--tunnels", help: "No fix while the route runs through a tunnel (tunnel=yes ways, as the route marks them)."),
        OptionSpec("--altitude", value: "METRES", help: "Altitude above mean sea level where the route has no elevations, so that fixes are 3D with an altitude, as a receiver's are (without it GGA carries none, and gpsd reports 2D)."),
    ]

    let speedMultiplier: Double
    let noise: Double
    let seed: UInt64
    let tunnels: Bool
    /// `--altitude`: metres above mean sea level where the route has none.
    let altitude: Double?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        tunnels = arguments.flag("--tunnels")
        altitude = try arguments.double("--altitude", in: -500...9_000)
        if let text = arguments.value("--speed-multiplier"), let v = Double(text), !(v > 0) {
            throw UsageError("--speed-multiplier: must be greater than 0, got \(text)")
        }
        speedMultiplier = try arguments.double("--speed-multiplier", default: 1, in: AcceleratedTimeSource.multiplierRange) ?? 1
        noise = try arguments.double("--noise", default: 0, in: 0...10_000) ?? 0
        guard let seed = UInt64(arguments.value("--seed") ?? "1") else {
            throw UsageError("--seed: expected a non-negative integer, got \"\(arguments.value("--seed") ?? "")\"")
        }
        self.seed = seed
    }

    /// The simulator options these settings ask for, on `route`.
    func simulatorOptions(for route: Route) -> RouteSimulator.Options {
        RouteSimulator.Options(altitude: altitude, noise: NoiseModel.Options(sigma: noise, tunnels: tunnels ? route.tunnelStretches : [], seed: seed))
    }

    /// A simulator of `route` from `startTime`.
    func simulator(_ route: Route, startTime: Timestamp) throws -> RouteSimulator {
        do { return try RouteSimulator(route: route, options: simulatorOptions(for: route), startTime: startTime) } catch {
            throw RuntimeError("cannot simulate the route: \(error)")
        }
    }

    /// A simulated source of `route` paced by `timeSource`, fix 0 at `startTime` (default: when it starts).
    func source(_ route: Route, timeSource: any TimeSource, startTime: Timestamp? = nil) throws -> SimulatedSource {
        do { return try SimulatedSource(route: route, options: simulatorOptions(for: route), timeSource: timeSource, startTime: startTime) } catch {
            throw RuntimeError("cannot simulate the route: \(error)")
        }
    }

    /// The first route in `path` (at most `RouteFile.maximumFileBytes`); a one-line runtime
    /// error naming the file when it cannot be read or holds no drivable route.
    static func readRoute(_ path: String) throws -> Route {
        do { return try RouteFile.readRoute(try FileContents.read(path, maximumBytes: RouteFile.maximumFileBytes)) } catch {
            throw RuntimeError("cannot read route \(path): \(error)")
        }
    }
}

/// Writes a drive's events to standard output as NMEA lines, JSON lines or one GPX track.
private struct DriveWriter {
    let format: String
    private var console = Console()
    private var track: [Fix] = []

    init(format: String) { self.format = format }

    mutating func write(_ events: [SourceEvent]) {
        for event in events {
            switch (format, event) {
            case ("nmea", .sentence(let s)): console.print(s.string + "\r")
            case ("jsonl", .fix(let fix)):
                let line = FixLog.write([fix])
                if !line.isEmpty { console.print(String(decoding: line.dropLast(), as: UTF8.self)) }
            case ("gpx", .fix(let fix)) where fix.hasPosition: track.append(fix)
            default: break
            }
        }
    }

    mutating func flush() { console.flush() }

    mutating func finish() {
        if format == "gpx" { console.print(String(decoding: GPXWriter.track(track, name: "waygate simulate"), as: UTF8.self)) }
        console.flush()
    }
}
