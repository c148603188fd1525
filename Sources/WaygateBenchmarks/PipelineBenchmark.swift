import JSON
import Foundation
import Gateway
import LocationSources
import Positioning
import Servers
import SystemIO
import Timekeeping
import WireProtocol

/// Per-fix cost of the whole ingestion path: NMEA bytes → ReplaySource (as fast as possible) →
/// Gateway → EventServer → LOCATION line read by a real socket client.
enum PipelineBenchmark {
    static func run() throws {
        let corpus = try Corpus.nmea(copies: 40)
        let dir = NSTemporaryDirectory() + "waygate-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socketPath = dir + "/bench.sock"
        let source = try ReplaySource(bytes: corpus, id: SourceID("replay:bench"), pace: .asFastAsPossible, timeSource: SystemTimeSource())
        let bus = EventBus()
        let gateway = Gateway(sources: [source], timeSource: SystemTimeSource(), bus: bus)
        let server = try EventServer(
            listener: try UnixSocketListener(path: socketPath),
            configuration: .init(version: "bench", maxQueuedEvents: 10_000_000), handler: GatewayCommandHandler(gateway: gateway))
        let fanout = WireFanout()
        fanout.add(server)
        let subscription = fanout.attach(to: bus, capacity: 10_000_000)
        defer { subscription.cancel(); server.stop() }

        let client = try SocketConnection.connect(unixPath: socketPath)
        defer { client.descriptor.close() }
        try client.sendAll(try WireCoding.line(Request(id: .integer(1), command: .subscribe([.location]))))
        var framer = LineFramer(limit: LineFramer.serverLineLimit)
        /// Reads lines until `locations` LOCATION lines (or, with 0, one REPLY) arrived.
        func read(locations: Int) throws -> Int {
            var count = 0
            while true {
                let bytes = try client.read(upTo: 1 << 20)
                if bytes.isEmpty { return count }
                for case .line(let line) in framer.push(bytes) {
                    let text = String(decoding: line, as: UTF8.self)
                    if locations == 0, text.contains("\"REPLY\"") { return 0 }
                    if text.contains("\"LOCATION\"") { count += 1 }
                    if locations > 0, count >= locations { return count }
                }
            }
        }
        _ = try read(locations: 0)
        let start = Stopwatch.now()
        let run = Task { await gateway.run() }
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            await run.value
            semaphore.signal()
        }
        semaphore.wait()
        let expected = source.statistics.fixes
        let received = try read(locations: expected)
        let elapsed = Stopwatch.now() - start
        print(String(format: "pipeline bytes → LOCATION on a socket: %d fixes in %.3f s = %.1f µs per fix (%.0f fixes/s), %d received",
                     expected, elapsed, elapsed / Double(max(1, expected)) * 1e6, Double(expected) / elapsed, received))
    }
}
