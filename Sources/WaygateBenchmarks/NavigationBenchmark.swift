import Foundation
import JSON
import Navigation
import Positioning
import RouteModel
import Servers
import Simulation
import Timekeeping
import WireProtocol

/// Per-fix cost of guidance over a long simulated drive on a Milan route (seeded noise σ 5 m):
/// RouteFollower alone, NavigationSession (follower + reroute policy + camera), and the session
/// plus wire encoding of its events (EventPayload → Event line, as the EventServer publishes);
/// median and p99 per fix, and guided vehicles one core sustains at 1 Hz.
enum NavigationBenchmark {
    /// Timed passes over the drive (after one warm-up pass).
    static let passes = 5

    static func run() throws {
        let (route, _) = try SimulationBenchmark.milanRoute()
        var simulator = try RouteSimulator(route: route, options: SimulationBenchmark.noisyOptions(seed: 7),
                                           startTime: SimulationBenchmark.startTime)
        var fixes: [Fix] = []
        var parked = 0
        while parked < 3 {
            fixes.append(simulator.next())
            if simulator.isFinished { parked += 1 }
        }
        print(String(format: "navigation drive: %.1f km, %d legs, %d steps, %d fixes at 1 Hz with noise σ 5 m (seed 7); %d timed passes",
                     route.distance / 1000, route.legs.count, route.legs.reduce(0) { $0 + $1.steps.count }, fixes.count, passes))
        print(String(format: "timer overhead (clock_gettime pair): %.0f ns", timerOverhead() * 1e9))

        let followerSamples = try measure(fixes) { () throws -> (Fix) throws -> Int in
            var follower = try RouteFollower(route: route, routeID: "bench")
            return { fix in follower.update(with: fix).count }
        }
        report("RouteFollower.update", followerSamples)

        var counts = EventCounts()
        let sessionSamples = try measure(fixes) { () throws -> (Fix) throws -> Int in
            var session = NavigationSession()
            _ = try session.start(route: route, routeID: "bench")
            counts = EventCounts()
            return { fix in
                let events = session.update(with: fix)
                counts.add(events)
                return events.count
            }
        }
        report("NavigationSession.update (follower + reroute policy + camera)", sessionSamples)
        print("events per pass: \(counts)")

        var bytes = 0
        let encodedSamples = try measure(fixes) { () throws -> (Fix) throws -> Int in
            var session = NavigationSession()
            _ = try session.start(route: route, routeID: "bench")
            var json = JSONWriter(capacity: 4096)  // one reused buffer, as the event server does
            var seq: UInt64 = 0
            bytes = 0
            return { fix in
                let time = WireTime(fix.time ?? SimulationBenchmark.startTime)
                var lines = 0
                for event in session.update(with: fix) {
                    guard let payload = EventPayload(event) else { continue }
                    seq += 1
                    json.reset()
                    Event(seq: seq, time: time, payload: payload).writeLine(to: &json)
                    bytes += json.count
                    lines += 1
                }
                return lines
            }
        }
        report("session + event encoding (EventPayload → JSON line)", encodedSamples)
        print(String(format: "wire bytes per pass: %d (%.0f per fix)", bytes, Double(bytes) / Double(fixes.count)))
    }

    /// Per-fix timings of `passes` runs over `fixes`; `makeRun` builds a fresh state and returns
    /// the per-fix step (its result, the number of events, is summed so nothing is optimised away).
    static func measure(_ fixes: [Fix], _ makeRun: () throws -> (Fix) throws -> Int) throws -> [Double] {
        var samples: [Double] = []
        samples.reserveCapacity(fixes.count * passes)
        var events = 0
        for pass in 0...passes {
            let step = try makeRun()
            for fix in fixes {
                let start = Stopwatch.now()
                events += try step(fix)
                let elapsed = Stopwatch.now() - start
                if pass > 0 { samples.append(elapsed) }
            }
        }
        precondition(events > 0)
        return samples
    }

    /// Prints median, p99, mean and the vehicles at 1 Hz one core sustains (1 s / mean cost).
    static func report(_ name: String, _ samples: [Double]) {
        let mean = samples.reduce(0, +) / Double(max(1, samples.count))
        print(name + String(format: ": median %.2f µs, p99 %.2f µs, mean %.2f µs, max %.0f µs per fix → %.0f guided vehicles per core at 1 Hz",
                            SimulationBenchmark.percentile(samples, 0.5) * 1e6, SimulationBenchmark.percentile(samples, 0.99) * 1e6,
                            mean * 1e6, (samples.max() ?? 0) * 1e6, 1 / mean))
    }

    /// Median cost of an empty pair of `Stopwatch.now()` calls, seconds.
    static func timerOverhead() -> Double {
        var samples: [Double] = []
        for _ in 0..<10_000 {
            let start = Stopwatch.now()
            samples.append(Stopwatch.now() - start)
        }
        return SimulationBenchmark.percentile(samples, 0.5)
    }

    /// How many events of each kind a session produced.
    struct EventCounts: CustomStringConvertible {
        var counts: [String: Int] = [:]

        mutating func add(_ events: [NavigationEvent]) {
            for event in events {
                let name: String
                switch event {
                case .progress: name = "progress"
                case .banner: name = "banner"
                case .voice: name = "voice"
                case .offRouteDetected: name = "off_route"
                case .reroute: name = "reroute"
                case .arrived: name = "arrival"
                case .session: name = "session"
                case .camera: name = "camera"
                }
                counts[name, default: 0] += 1
            }
        }

        var description: String {
            counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
    }
}
