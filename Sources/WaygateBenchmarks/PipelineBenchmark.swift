import Foundation
import Gateway
import Geodesy
import JSON
import LocationSources
import Positioning
import RouteModel
import Servers
import Simulation
import SystemIO
import Timekeeping
import WireProtocol

/// Per-fix cost of the whole ingestion path, bytes to lines read by a real Unix-socket client,
/// two ways:
/// - `free drive`: the 16 bundled logs ×40 → ReplaySource (as fast as possible) → Gateway (no
///   map) → WireFanout → EventServer → LOCATION lines;
/// - `guided`: the NMEA a receiver would send on the Milan benchmark tour (RMC, VTG, GGA, GSA,
///   GSVs per fix; noise σ 5 m, seed 7) → ReplaySource → Gateway with the Milan map and guidance
///   on the tour → LOCATION + MATCH + PROGRESS lines (what issue 10's figure names).
/// `PIPELINE_ROUNDS` sets how many guided runs (default 2). The clock runs from the gateway's start to the replay's last line read (its DEVICE `lost`,
/// published after every fix's lines).
enum PipelineBenchmark {
    static func run() throws {
        let corpus = try Corpus.nmea(copies: 40)
        let free = try measure(bytes: corpus, configuration: Gateway.Configuration(), guidance: nil, channels: [.location])
        report("free drive, bytes → LOCATION", free)

        let map = try MapStore(environment: ProcessInfo.processInfo.environment).load(SimulationBenchmark.mapPath)
        // Planned as the gateway plans it (the map's planner), so that the gateway's own `route`
        // and `start` give the same route, with its edges for the horizon.
        let (route, _, tour) = try SimulationBenchmark.milanTour(router: MapRouter(planner: map.planner))
        let drive = try tourNMEA(route)
        let configuration = Gateway.Configuration(map: map.graph, hierarchies: map.hierarchies, planner: map.planner)
        let rounds = Int(ProcessInfo.processInfo.environment["PIPELINE_ROUNDS"] ?? "") ?? 2
        for _ in 0..<max(1, rounds) {
            let guided = try measure(bytes: drive, configuration: configuration, guidance: (tour, route), channels: [.location, .match, .progress])
            report("guided (Milan tour, map + route), bytes → LOCATION + MATCH + PROGRESS", guided)
        }
        try reportDecodeFloor(drive)
    }

    /// What decoding the guided drive's NMEA alone costs per fix, in this process and in gpsd
    /// 3.22's own decoder (`gpsdecode -j`, CPU) on the same bytes: the floor under the guided
    /// figure, whose every fix needs its sentences decoded first.
    static func reportDecodeFloor(_ bytes: [UInt8]) throws {
        let (decode, gpsdJSON, sentences, fixes, _) = NMEABenchmark.decodeTimes(bytes)
        let perFix = { (seconds: Double) in seconds / Double(max(1, fixes)) * 1e6 }
        var line = String(format: "pipeline guided drive's NMEA alone (%d fixes, %.1f sentences per fix): decode %.1f µs per fix, decode + gpsd JSON %.1f µs",
                          fixes, Double(sentences) / Double(max(1, fixes)), perFix(decode), perFix(gpsdJSON))
        let path = NSTemporaryDirectory() + "waygate-bench-guided-\(getpid()).nmea"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        if let gpsd = try? NMEABenchmark.gpsdecodeTime(input: path) {
            line += String(format: "; gpsdecode -j (gpsd 3.22) CPU %.1f µs per fix", perFix(gpsd.cpuSeconds))
        }
        print(line)
    }

    /// What one run saw.
    struct Result {
        var fixes: Int
        var seconds: Double
        /// CPU time of the whole process (gateway, outlets and the reading client), seconds.
        var cpu: Double
        var lines: [String: Int]
        var bytes: Int
    }

    static func report(_ label: String, _ result: Result) {
        let counts = result.lines.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(String(format: "pipeline %@: %d fixes in %.3f s = %.1f µs per fix (%.0f fixes/s), CPU %.1f µs per fix; lines read: %@; %.0f bytes per fix",
                     label, result.fixes, result.seconds, result.seconds / Double(max(1, result.fixes)) * 1e6,
                     Double(result.fixes) / result.seconds, result.cpu / Double(max(1, result.fixes)) * 1e6, counts, Double(result.bytes) / Double(max(1, result.fixes))))
    }

    /// The tour driven at 1 Hz with noise (seed 7), each fix's NMEA cycle as a receiver sends it.
    static func tourNMEA(_ route: Route) throws -> [UInt8] {
        var drive = SimulatedDrive(simulator: try RouteSimulator(route: route, options: SimulationBenchmark.noisyOptions(seed: 7),
                                                                 startTime: SimulationBenchmark.startTime))
        var bytes: [UInt8] = []
        while !drive.isFinished {
            for case .sentence(let sentence) in drive.next() { bytes += Array((sentence.string + "\r\n").utf8) }
        }
        return bytes
    }

    /// Replays `bytes` as fast as possible into a gateway with `configuration` (guiding, when
    /// `guidance` is given, on the route the gateway plans through its waypoints, as the `route`
    /// and `start` commands do; it must be `guidance.route`), one client subscribed to
    /// `channels`; times the gateway's start to the replay's last line read.
    static func measure(
        bytes: [UInt8], configuration: Gateway.Configuration, guidance: (waypoints: [Coordinate], route: Route)?, channels: [Channel]
    ) throws -> Result {
        let dir = NSTemporaryDirectory() + "waygate-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socketPath = dir + "/bench.sock"
        let source = try ReplaySource(bytes: bytes, id: SourceID("replay:bench"), pace: .asFastAsPossible, timeSource: SystemTimeSource())
        let bus = EventBus()
        let gateway = Gateway(sources: [source], timeSource: SystemTimeSource(), configuration: configuration, bus: bus)
        let server = try EventServer(
            listener: try UnixSocketListener(path: socketPath),
            configuration: .init(version: "bench", maxQueuedEvents: 100_000), handler: GatewayCommandHandler(gateway: gateway))
        let fanout = WireFanout()
        fanout.add(server)
        let subscription = fanout.attach(to: bus, capacity: 10_000_000)
        defer { subscription.cancel(); server.stop() }

        let client = try SocketConnection.connect(unixPath: socketPath)
        defer { client.descriptor.close() }
        // DEVICE and SESSION too: the replay's end and guidance's start are read from them.
        try client.sendAll(try WireCoding.line(Request(id: .integer(1), command: .subscribe(channels + [.device, .session]))))
        var tally = LineTally()
        // One buffer for all reads: a fresh megabyte per read, zeroed and then trimmed, cost the
        // client more than counting the lines did (docs/benchmarks.md, session 16).
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        /// Reads lines until one of class `name` (containing `marker` too, when given) has come.
        func read(until name: String, containing marker: String? = nil) throws {
            while true {
                let count = try client.descriptor.read(into: &buffer)
                if count == 0 { throw BenchError("the event server closed the connection") }
                if tally.push(buffer[..<count], until: Array(name.utf8), containing: marker.map { Array($0.utf8) }) { return }
            }
        }
        try read(until: "REPLY")
        if let guidance {
            let started = DispatchSemaphore(value: 0)
            let same = Locked(false)
            Task {
                let planned = try? await gateway.planRoutes(guidance.waypoints, options: RouteOptions(), alternatives: false)
                same.withLock { $0 = planned?.first == guidance.route }
                _ = try? await gateway.startGuidance(index: 0)
                started.signal()
            }
            started.wait()
            guard same.withLock({ $0 }) else { throw BenchError("the gateway planned another route than the one driven") }
            try read(until: "SESSION")
        }
        tally = LineTally()
        alarm(300)  // a run that never sees its last line ends the bench rather than hanging it
        defer { alarm(0) }
        let start = Stopwatch.now(), startCPU = BenchSupport.cpuTime()
        let finished = DispatchSemaphore(value: 0)
        Task {
            await gateway.run()
            finished.signal()
        }
        try read(until: "DEVICE", containing: "\"lost\"")
        let seconds = Stopwatch.now() - start, cpu = BenchSupport.cpuTime() - startCPU
        finished.wait()
        return Result(fixes: source.statistics.fixes, seconds: seconds, cpu: cpu, lines: tally.counts, bytes: tally.bytes)
    }
}

/// The bench client's reading: counts lines by `class` straight on the received bytes (no
/// String, no parse), so the client costs the 2-core machine as little as it can.
struct LineTally {
    /// Lines seen per class.
    private(set) var classes: [(name: [UInt8], count: Int)] = []
    /// Bytes received.
    private(set) var bytes = 0
    /// The unfinished line at the end of the last chunk.
    private var carry: [UInt8] = []
    private static let classKey = Array("\"class\":\"".utf8)

    var counts: [String: Int] {
        Dictionary(classes.map { (String(decoding: $0.name, as: UTF8.self), $0.count) }, uniquingKeysWith: +)
    }

    /// Counts the lines `chunk` completes; true when one of class `stop` (holding `marker`) was among them.
    mutating func push(_ chunk: ArraySlice<UInt8>, until stop: [UInt8], containing marker: [UInt8]?) -> Bool {
        bytes += chunk.count
        let data = carry.isEmpty ? chunk : ArraySlice(carry + chunk)
        var found = false
        var consumed = 0
        data.withUnsafeBytes { raw in
            let base = raw.baseAddress!
            while consumed < raw.count, let newline = memchr(base + consumed, 0x0A, raw.count - consumed) {
                let line = UnsafeRawBufferPointer(start: base + consumed, count: base.distance(to: newline) - consumed)
                consumed += line.count + 1
                guard let name = Self.className(line) else { continue }
                if let index = classes.firstIndex(where: { $0.name.elementsEqual(name) }) {
                    classes[index].count += 1
                } else {
                    classes.append((Array(name), 1))
                }
                if !found, name.elementsEqual(stop), marker.map({ Self.find($0, in: line) != nil }) ?? true { found = true }
            }
        }
        carry = Array(data.dropFirst(consumed))
        return found
    }

    private static func className(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let key = find(classKey, in: line) else { return nil }
        let rest = UnsafeRawBufferPointer(rebasing: line[(key + classKey.count)...])
        guard let end = rest.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return UnsafeRawBufferPointer(rebasing: rest[..<end])
    }

    private static func find(_ needle: [UInt8], in line: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, line.count >= needle.count else { return nil }
        var at = 0
        while at + needle.count <= line.count {
            guard let hit = memchr(line.baseAddress! + at, Int32(first), line.count - needle.count + 1 - at) else { return nil }
            at = line.baseAddress!.distance(to: hit)
            if line[at..<(at + needle.count)].elementsEqual(needle) { return at }
            at += 1
        }
        return nil
    }
}
