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
/// report that carries that latitude read by a client — gpsd 3.22 (started by the bench on the
/// pty, TPV on its TCP socket) and `waygate serve --serial` (LOCATION on its Unix socket).
///
/// Needs a release `waygate` (`.build/release/waygate`, or `WAYGATE_BIN`) and `gpsd` on PATH or
/// in /usr/sbin (`GPSD_BIN`). `LATENCY_CYCLES` sets the cycle count (default 300 = 30 s each).
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

        print("latency: \(cycles) GGA+RMC cycles at 10 Hz into a pty, write → report read by a client (ms)")
        // Two rounds each, interleaved, so a busy spell of this shared machine hits both.
        for round in 1...2 {
            let port = UInt16(20_000 + Int(getpid() % 20_000) + round)
            let gpsdResult = try measure(cycles: cycles, name: "gpsd") { device in
                let process = try launch(gpsd, ["-N", "-n", "-b", "-S", String(port), "-F", dir + "/gpsd-\(round).ctl", device])
                let client = try connectRetrying { try SocketConnection.connect(host: "127.0.0.1", port: port) }
                try client.sendAll(Array("?WATCH={\"enable\":true,\"json\":true};\n".utf8))
                return (process, client)
            }
            report("gpsd TPV (TCP)", gpsdResult)
            let socket = dir + "/waygate-\(round).sock"
            let waygateResult = try measure(cycles: cycles, name: "waygate") { device in
                let process = try launch(waygate, ["serve", "--serial", device + ":9600", "--socket", socket])
                let client = try connectRetrying { try SocketConnection.connect(unixPath: socket) }
                try client.sendAll(Array("{\"cmd\":\"subscribe\",\"channels\":[\"location\"]}\n".utf8))
                return (process, client)
            }
            report("waygate LOCATION (Unix)", waygateResult)
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

    /// Writes `cycles` cycles into a new pty read by the server `start` launches, and times each.
    static func measure(cycles: Int, name: String,
                        start: (String) throws -> (Process, SocketConnection)) throws -> Result {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let (process, client) = try start(pty.devicePath)
        defer {
            process.terminate()
            process.waitUntilExit()
            client.close()
        }
        let arrivals = Locked([Int: Double]())
        let reader = Thread {
            var framer = LineFramer(limit: 1 << 20)
            while let bytes = try? client.read(upTo: 1 << 16), !bytes.isEmpty {
                let now = Stopwatch.now()
                for case .line(let line) in framer.push(bytes) {
                    guard let value = try? JSONParser.parse(line, source: name), let latitude = value["lat"]?.doubleValue else { continue }
                    let index = Int(((latitude - baseLatitude) / latitudeStep).rounded())
                    arrivals.withLock { if $0[index] == nil { $0[index] = now } }
                }
            }
        }
        reader.start()
        // Warm up until the server reports (gpsd learns the cycle, Waygate opens the port).
        var warmup = -1
        var sent = [Int: Double]()
        let warmupDeadline = Stopwatch.now() + 20
        while Stopwatch.now() < warmupDeadline, arrivals.withLock({ $0.isEmpty }) {
            try write(cycle: warmup, to: pty)
            warmup -= 1
            usleep(100_000)
        }
        guard !arrivals.withLock({ $0.isEmpty }) else { throw BenchError("\(name) reported nothing within 20 s") }
        usleep(200_000)
        let cpuBefore = try cpuNanoseconds(of: process, name)
        let startTime = Stopwatch.now()
        for cycle in 0..<cycles {
            let due = startTime + Double(cycle) * 0.1
            let wait = due - Stopwatch.now()
            if wait > 0 { usleep(UInt32(wait * 1e6)) }
            sent[cycle] = try write(cycle: cycle, to: pty)
        }
        usleep(500_000)
        // Threads that exit meanwhile (idle Dispatch workers) take their time with them.
        let cpuAfter = try cpuNanoseconds(of: process, name)
        let cpu = cpuAfter > cpuBefore ? cpuAfter - cpuBefore : 0
        let received = arrivals.withLock { $0 }
        var latencies: [Double] = []
        for cycle in 0..<cycles {
            if let arrival = received[cycle], let written = sent[cycle] { latencies.append(arrival - written) }
        }
        return Result(latencies: latencies, missing: cycles - latencies.count, cpuPerCycle: Double(cpu) / 1e9 / Double(cycles))
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
