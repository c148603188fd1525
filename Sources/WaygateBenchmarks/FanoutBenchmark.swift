import Foundation
import SystemIO

/// What fan-out costs the server, side by side with gpsd in one run: GGA+RMC cycles written
/// into a pty at 10 Hz, 1, 100 and 1,000 clients subscribed (gpsd: `?WATCH` JSON on TCP;
/// Waygate: `subscribe location` on the Unix socket), and the server process's CPU time
/// (user + system from /proc) over a 10 s window, with the lines every client received.
///
/// Same binaries and environment as `latency`; `FANOUT_CLIENTS` (e.g. `1,100,1000`) and
/// `FANOUT_SECONDS` change the runs.
enum FanoutBenchmark {
    static func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let counts = (environment["FANOUT_CLIENTS"] ?? "1,100,1000").split(separator: ",").compactMap { Int($0) }
        let seconds = Double(environment["FANOUT_SECONDS"] ?? "") ?? 10
        let waygate = environment["WAYGATE_BIN"] ?? ".build/release/waygate"
        let gpsd = environment["GPSD_BIN"] ?? "/usr/sbin/gpsd"
        let dir = NSTemporaryDirectory() + "waygate-fanout-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        print(String(format: "fan-out: 10 Hz GGA+RMC into a pty, server CPU over %.0f s (%% of one core) and lines per client", seconds))
        for (run, clients) in counts.enumerated() {
            let port = UInt16(30_000 + Int(getpid() % 20_000) + run)
            let g = try measure(clients: clients, seconds: seconds) { device in
                let process = try LatencyBenchmark.launch(gpsd, ["-N", "-n", "-b", "-S", String(port), "-F", dir + "/gpsd-\(run).ctl", device])
                let connections = try (0..<clients).map { _ in
                    let c = try LatencyBenchmark.connectRetrying { try SocketConnection.connect(host: "127.0.0.1", port: port) }
                    try c.sendAll(Array("?WATCH={\"enable\":true,\"json\":true};\n".utf8))
                    return c
                }
                return (process, connections)
            }
            report("gpsd", clients, g, seconds)
            let socket = dir + "/waygate-\(run).sock"
            let w = try measure(clients: clients, seconds: seconds) { device in
                let process = try LatencyBenchmark.launch(waygate, ["serve", "--serial", device + ":9600", "--socket", socket])
                let connections = try (0..<clients).map { _ in
                    let c = try LatencyBenchmark.connectRetrying { try SocketConnection.connect(unixPath: socket) }
                    try c.sendAll(Array("{\"cmd\":\"subscribe\",\"channels\":[\"location\"]}\n".utf8))
                    return c
                }
                return (process, connections)
            }
            report("waygate", clients, w, seconds)
        }
    }

    /// Server CPU seconds over the window and the lines each client got in it.
    struct Result {
        var cpuSeconds: Double
        var linesPerClient: [Int]
    }

    static func measure(clients: Int, seconds: Double,
                        start: (String) throws -> (Process, [SocketConnection])) throws -> Result {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let (process, connections) = try start(pty.devicePath)
        defer {
            process.terminate()
            process.waitUntilExit()
            for c in connections { c.close() }
        }
        let counting = Locked(false)
        let counts = Locked([Int](repeating: 0, count: connections.count))
        let done = Locked(false)
        let reader = Thread {
            var fds = connections.map { pollfd(fd: $0.descriptor.rawValue, events: Int16(POLLIN), revents: 0) }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while !done.withLock({ $0 }) {
                guard poll(&fds, nfds_t(fds.count), 100) > 0 else { continue }
                let isCounting = counting.withLock { $0 }
                for i in fds.indices where fds[i].revents != 0 {
                    let n = buffer.withUnsafeMutableBytes { Glibc.read(fds[i].fd, $0.baseAddress, $0.count) }
                    if n <= 0 { fds[i].events = 0; continue }
                    if isCounting {
                        let lines = buffer[0..<n].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
                        counts.withLock { $0[i] += lines }
                    }
                }
            }
        }
        reader.start()
        defer { done.withLock { $0 = true } }
        // Two seconds of cycles to settle (gpsd learns the cycle, clients' first lines pass).
        var cycle = -100
        let cycleCount = Int(seconds * 10)
        for _ in 0..<20 {
            try LatencyBenchmark.write(cycle: cycle, to: pty)
            cycle += 1
            usleep(100_000)
        }
        counting.withLock { $0 = true }
        let before = try cpuSeconds(of: process.processIdentifier)
        let startTime = Stopwatch.now()
        for i in 0..<cycleCount {
            let wait = startTime + Double(i) * 0.1 - Stopwatch.now()
            if wait > 0 { usleep(UInt32(wait * 1e6)) }
            try LatencyBenchmark.write(cycle: i, to: pty)
        }
        usleep(100_000)
        let after = try cpuSeconds(of: process.processIdentifier)
        usleep(400_000)
        counting.withLock { $0 = false }
        return Result(cpuSeconds: after - before, linesPerClient: counts.withLock { $0 })
    }

    /// User + system CPU seconds of process `pid` so far.
    static func cpuSeconds(of pid: Int32) throws -> Double {
        guard let seconds = ProcessUsage.cpuSeconds(ofProcess: pid) else { throw BenchError("/proc/\(pid)/stat: unreadable CPU times") }
        return seconds
    }

    static func report(_ name: String, _ clients: Int, _ result: Result, _ seconds: Double) {
        let lines = result.linesPerClient
        // Served: got at least 90 % of one line per cycle (gpsd also sends SKY, so may get more).
        let served = lines.filter { Double($0) >= seconds * 10 * 0.9 }.count
        print(String(format: "  %-8@ %5d clients: CPU %5.1f %% of a core, %d clients served, lines per client min %d median %d max %d",
                     name as NSString, clients, result.cpuSeconds / seconds * 100, served,
                     lines.min() ?? 0, Int(BenchSupport.percentile(lines.map(Double.init), 0.5)), lines.max() ?? 0))
    }
}
