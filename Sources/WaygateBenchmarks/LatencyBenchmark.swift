import Foundation
import Geodesy
import JSON
import NMEA
import Positioning
import SystemIO
import Timekeeping
import WireProtocol

/// Receiver-to-client latency, side by side with gpsd in one run: GGA+RMC cycles written into a
/// pseudo-terminal at 10 Hz, each with its own latitude, and the time from the write to the
/// report that carries that latitude read by a client — gpsd 3.22 (started by the bench on its
/// pty, TPV on its TCP socket) and `waygate serve --serial` (LOCATION on its Unix socket).
///
/// Both daemons run at once, each on its own pty, and their cycles are interleaved: cycle n goes
/// to one at n × 100 ms and to the other 50 ms later, which one first alternating from cycle to
/// cycle, so a busy spell of this shared machine falls on both alike and the two tails can be
/// compared; a cycle is over in well under a millisecond, so the daemons never work at once.
///
/// Needs a release `waygate` (`.build/release/waygate`, or `WAYGATE_BIN`) and `gpsd` on PATH or
/// in /usr/sbin (`GPSD_BIN`). `LATENCY_CYCLES` sets the cycle count per round (default 300 =
/// 30 s); two rounds, each with freshly started daemons.
enum LatencyBenchmark {
    /// Latitude of cycle 0 and the step between cycles: 1e-5° is 0.0006′, which both NMEA
    /// (ddmm.mmmmm) and both outputs carry exactly.
    static let baseLatitude = 45.4, latitudeStep = 0.00001

    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let cycles = Int(environment["LATENCY_CYCLES"] ?? "") ?? 300
        let waygate = environment["WAYGATE_BIN"] ?? ".build/release/waygate"
        let gpsd = environment["GPSD_BIN"] ?? (FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd") ? "/usr/sbin/gpsd" : "gpsd")
        guard FileManager.default.isExecutableFile(atPath: waygate) else {
            throw BenchError("no waygate binary at \(waygate) (swift build -c release --product waygate, or set WAYGATE_BIN)")
        }
        let dir = NSTemporaryDirectory() + "waygate-latency-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        print("latency: \(cycles) GGA+RMC cycles at 10 Hz into a pty per daemon, both interleaved, write → report read by a client (ms)")
        for round in 1...2 {
            let port = UInt16(20_000 + Int(getpid() % 20_000) + round)
            let socket = dir + "/waygate-\(round).sock"
            let gpsdTarget = try Target(name: "gpsd") { device in
                let process = try launch(gpsd, ["-N", "-n", "-b", "-S", String(port), "-F", dir + "/gpsd-\(round).ctl", device])
                let client = try connectRetrying { try SocketConnection.connect(host: "127.0.0.1", port: port) }
                try client.sendAll(Array("?WATCH={\"enable\":true,\"json\":true};\n".utf8))
                return (process, client)
            }
            let waygateTarget = try Target(name: "waygate") { device in
                let process = try launch(waygate, ["serve", "--serial", device + ":9600", "--socket", socket])
                let client = try connectRetrying { try SocketConnection.connect(unixPath: socket) }
                try client.sendAll(Array("{\"cmd\":\"subscribe\",\"channels\":[\"location\"]}\n".utf8))
                return (process, client)
            }
            let results = try measure(cycles: cycles, [gpsdTarget, waygateTarget])
            gpsdTarget.stop()
            waygateTarget.stop()
            print("  round \(round)")
            report("gpsd TPV (TCP)", results[0])
            report("waygate LOCATION (Unix)", results[1])
            let median = BenchSupport.percentile(results[1].latencies, 0.5) / BenchSupport.percentile(results[0].latencies, 0.5)
            let p99 = BenchSupport.percentile(results[1].latencies, 0.99) / BenchSupport.percentile(results[0].latencies, 0.99)
            print(String(format: "  Waygate / gpsd: median %.2f, p99 %.2f", median, p99))
        }
    }

    /// Latencies (seconds) of the cycles that were reported, and how many were not.
    struct Result {
        var latencies: [Double]
        var missing: Int
        /// The server's CPU time per cycle in seconds (its live threads, from the first measured
        /// write to half a second after the last).
        var cpuPerCycle: Double
    }

    /// One daemon under measurement: its pty, its process, and a client whose reader thread
    /// notes when each cycle's report arrives.
    final class Target: @unchecked Sendable {
        let name: String
        let pty: PseudoTerminal
        let process: Process
        let client: SocketConnection
        /// Arrival time of each cycle's first report, by cycle number.
        let arrivals = Locked([Int: Double]())
        /// Write time of each cycle, by cycle number (the writing thread's only).
        var sent: [Int: Double] = [:]

        /// Opens a pty and starts the daemon `start` launches on it with its client.
        init(name: String, start: (String) throws -> (Process, SocketConnection)) throws {
            self.name = name
            pty = try PseudoTerminal()
            (process, client) = try start(pty.devicePath)
            let (client, arrivals) = (client, arrivals)
            Thread {
                var framer = LineFramer(limit: 1 << 20)
                while let bytes = try? client.read(upTo: 1 << 16), !bytes.isEmpty {
                    let now = Stopwatch.now()
                    for case .line(let line) in framer.push(bytes) {
                        guard let value = try? JSONParser.parse(line, source: name), let latitude = value["lat"]?.doubleValue else { continue }
                        let index = Int(((latitude - baseLatitude) / latitudeStep).rounded())
                        arrivals.withLock { if $0[index] == nil { $0[index] = now } }
                    }
                }
            }.start()
        }

        /// Warms the daemon up until it reports (gpsd learns the cycle, Waygate opens the port).
        func warmUp() throws {
            var cycle = -1
            let deadline = Stopwatch.now() + 20
            while Stopwatch.now() < deadline, arrivals.withLock({ $0.isEmpty }) {
                try write(cycle: cycle, to: pty)
                cycle -= 1
                usleep(100_000)
            }
            guard !arrivals.withLock({ $0.isEmpty }) else { throw BenchError("\(name) reported nothing within 20 s") }
        }

        /// Stops the daemon and closes the client and the pty.
        func stop() {
            process.terminate()
            process.waitUntilExit()
            client.close()
            pty.close()
        }
    }

    /// Writes `cycles` cycles into each target's pty, the targets' cycles interleaved (see the
    /// type's summary), and times each.
    static func measure(cycles: Int, _ targets: [Target]) throws -> [Result] {
        for target in targets { try target.warmUp() }
        usleep(200_000)
        let cpuBefore = try targets.map { try cpuNanoseconds(of: $0.process, $0.name) }
        let startTime = Stopwatch.now()
        let spacing = 0.1 / Double(targets.count)
        for cycle in 0..<cycles {
            for slot in 0..<targets.count {
                let target = targets[(slot + cycle) % targets.count]
                let wait = startTime + Double(cycle) * 0.1 + Double(slot) * spacing - Stopwatch.now()
                if wait > 0 { usleep(UInt32(wait * 1e6)) }
                target.sent[cycle] = try write(cycle: cycle, to: target.pty)
            }
        }
        usleep(500_000)
        // Threads that exit meanwhile (idle Dispatch workers) take their time with them.
        let cpuAfter = try targets.map { try cpuNanoseconds(of: $0.process, $0.name) }
        return try targets.indices.map { i in
            let cpu = cpuAfter[i] > cpuBefore[i] ? cpuAfter[i] - cpuBefore[i] : 0
            let received = targets[i].arrivals.withLock { $0 }
            var latencies: [Double] = []
            for cycle in 0..<cycles {
                if let arrival = received[cycle], let written = targets[i].sent[cycle] { latencies.append(arrival - written) }
            }
            guard !latencies.isEmpty else { throw BenchError("\(targets[i].name) reported none of the \(cycles) cycles") }
            return Result(latencies: latencies, missing: cycles - latencies.count, cpuPerCycle: Double(cpu) / 1e9 / Double(cycles))
        }
    }

    static func cpuNanoseconds(of process: Process, _ name: String) throws -> UInt64 {
        guard let nanoseconds = ProcessUsage.cpuNanoseconds(ofProcess: process.processIdentifier) else {
            throw BenchError("\(name): /proc/\(process.processIdentifier)/task/*/schedstat unreadable")
        }
        return nanoseconds
    }

    /// Writes cycle `cycle`'s GGA and RMC in one write, as a receiver sends them back to back;
    /// returns the monotonic time just before the write.
    @discardableResult
    static func write(cycle: Int, to pty: PseudoTerminal) throws -> Double {
        var fix = Fix(time: Timestamp(secondsSince1970: 1_795_000_000 + Double(cycle) * 0.1), mode: .threeD,
                      coordinate: Coordinate(latitude: baseLatitude + Double(cycle) * latitudeStep, longitude: 9.19))
        fix.status = 1
        fix.satellitesUsed = 9
        fix.hdop = 0.9
        fix.altitudeMSL = 120
        fix.geoidSeparation = 47
        fix.speed = 10
        fix.course = 90
        let encoder = NMEAEncoder()
        let bytes = Array((encoder.gga(fix) + "\r\n" + encoder.rmc(fix) + "\r\n").utf8)
        let now = Stopwatch.now()
        try pty.writeAll(bytes)
        return now
    }

    static func report(_ label: String, _ result: Result) {
        let ms = result.latencies.map { $0 * 1000 }
        print(String(format: "  %-24@ median %.3f  p90 %.3f  p99 %.3f  max %.3f  (%d reported, %d missing), CPU %.1f µs per cycle",
                     label as NSString, BenchSupport.percentile(ms, 0.5), BenchSupport.percentile(ms, 0.9),
                     BenchSupport.percentile(ms, 0.99), ms.max() ?? 0, ms.count, result.missing, result.cpuPerCycle * 1e6))
    }

    static func launch(_ path: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path.contains("/") ? path : "/usr/bin/env")
        process.arguments = path.contains("/") ? arguments : [path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func connectRetrying(_ connect: () throws -> SocketConnection) throws -> SocketConnection {
        let deadline = Stopwatch.now() + 20
        while true {
            do { return try connect() } catch {
                if Stopwatch.now() > deadline { throw error }
                usleep(50_000)
            }
        }
    }
}
