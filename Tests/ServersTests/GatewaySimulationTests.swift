import Foundation
import Gateway
import Geodesy
import LocationSources
import Navigation
import Positioning
import RouteFormats
import RouteModel
import Servers
import Simulation
import WireProtocol
import SystemIO
import Testing
import TestSupport
import Timekeeping

/// The gateway's simulation driver on a manual clock: the simulator drives the active route, its
/// fixes go through guidance, the multiplier paces them, and `never` stops them.
@Suite("Gateway simulation modes")
struct GatewaySimulationTests {
    /// Collects what the gateway publishes (`events` guarded by its lock).
    final class Collector: Sendable {
        let events = Locked<[GatewayEvent]>([])

        var simulatedFixes: [Fix] {
            events.withLock { $0.compactMap { if case .source(.fix(let f), .simulator, _) = $0 { f } else { nil } } }
        }

        /// `STATE DRIVER` of each DEVICE event of source `simulator`.
        var simulatorDevices: [String] {
            events.withLock {
                $0.compactMap { if case .source(.device(let s, let d, _), .simulator, _) = $0 { "\(s.rawValue) \(d ?? "")" } else { nil } }
            }
        }

        var progressCount: Int {
            events.withLock { $0.filter { if case .navigation(.progress, _) = $0 { true } else { false } }.count }
        }
    }

    static func route() throws -> Route {
        try RouteFile.readRoute(Array(try Data(contentsOf: Fixtures.url("helsinki-esplanadi.geojson", target: "WaygateCLITests"))))
    }

    /// Advances `clock` in 0.25 s steps for `seconds`, letting the simulation loop run between steps.
    static func run(_ clock: ManualTimeSource, for seconds: Double) async {
        for _ in 0..<Int(seconds / 0.25) {
            while clock.sleeperCount == 0 { await Task.yield() }
            clock.advance(by: 0.25)
            await Task.yield()
        }
        while clock.sleeperCount == 0 { await Task.yield() }
    }

    /// A gateway whose bus hands every event, as published, to `collector`.
    static func gateway(sources: [any LocationSource], timeSource: any TimeSource, collector: Collector) -> Gateway {
        let bus = EventBus()
        bus.subscribe("test", delivery: .inline) { events in collector.events.withLock { $0 += events } }
        return Gateway(sources: sources, timeSource: timeSource, bus: bus)
    }

    @Test("always: simulated fixes 1 s apart along the route drive guidance; ×4 gives 4 per second; never stops them")
    func alwaysThenNever() async throws {
        let clock = ManualTimeSource()
        let collector = Collector()
        let gateway = Self.gateway(sources: [], timeSource: clock, collector: collector)
        _ = try await gateway.startGuidance(try Self.route())
        let state = try await gateway.setSimulation(mode: .always, speedMultiplier: nil)
        #expect(state.mode == .always)
        #expect(state.isSimulating)
        #expect(state.speedMultiplier == 1)
        await Self.run(clock, for: 5)
        let first = collector.simulatedFixes
        #expect(first.count == 6)
        #expect(first.filter(\.isSimulated).count == first.count)
        let gaps = zip(first, first.dropFirst()).compactMap { a, b in b.time.flatMap { t in a.time.map { t.seconds(since: $0) } } }
        #expect(gaps == [1, 1, 1, 1, 1])
        #expect(collector.progressCount >= 6)
        #expect(collector.simulatorDevices.first == "connected simulation:always")

        _ = try await gateway.setSimulation(mode: nil, speedMultiplier: 4)
        await Self.run(clock, for: 2)
        #expect(collector.simulatedFixes.count - first.count == 8)

        let stopped = try await gateway.setSimulation(mode: .never, speedMultiplier: nil)
        #expect(!stopped.isSimulating)
        #expect(collector.simulatorDevices.last == "lost simulation:never")
        let count = collector.simulatedFixes.count
        clock.advance(by: 5)
        for _ in 0..<100 { await Task.yield() }
        #expect(collector.simulatedFixes.count == count)
        let status = await gateway.status().simulation
        #expect(status.mode == .never)
        #expect(status.speedMultiplier == 4)
    }

    /// A source whose events the test pushes, each a batch of its own.
    final class PushSource: LocationSource {
        let id: SourceID
        let stream: AsyncStream<[SourceEvent]>
        let continuation: AsyncStream<[SourceEvent]>.Continuation
        init(id: String = "push") {
            self.id = SourceID(id)
            (stream, continuation) = AsyncStream.makeStream()
        }
        func events() -> AsyncStream<[SourceEvent]> { stream }
        /// Pushes `event` as a batch of its own.
        func push(_ event: SourceEvent) { continuation.yield([event]) }
        var statistics: SourceStatistics { SourceStatistics() }
    }

    /// Fixes the gateway published for source `push`.
    static func realFixes(_ collector: Collector) -> [Fix] {
        collector.events.withLock { $0.compactMap { if case .source(.fix(let f), let s, _) = $0, s.rawValue == "push" { f } else { nil } } }
    }

    @Test("on_poor_gps: takes over 2.5 s after the last good fix, hands back on a 50 m fix held at the simulated position")
    func onPoorGPSTakeoverAndHandBack() async throws {
        let clock = ManualTimeSource()
        let collector = Collector()
        let source = PushSource()
        let route = try Self.route()
        let gateway = Self.gateway(sources: [source], timeSource: clock, collector: collector)
        let running = Task { await gateway.run() }
        defer { running.cancel(); source.continuation.finish() }
        _ = try await gateway.startGuidance(route)
        _ = try await gateway.setSimulation(mode: .onPoorGPS, speedMultiplier: nil)
        let start = try #require(route.geometry.first)
        var good = Fix(time: clock.now(), mode: .threeD, coordinate: start)
        good.horizontalAccuracy = 5
        source.push(.fix(good))
        while Self.realFixes(collector).isEmpty { await Task.yield() }
        await Self.run(clock, for: 2.25)
        #expect(collector.simulatorDevices == ["lost simulation:on_poor_gps"])
        await Self.run(clock, for: 3)
        #expect(collector.simulatorDevices == ["lost simulation:on_poor_gps", "connected simulation:on_poor_gps"])
        let simulated = collector.simulatedFixes
        #expect(simulated.count == 3)
        let last = try #require(simulated.last?.coordinate)
        #expect(last.distance(to: start) > 1)

        var behind = Fix(time: clock.now(), mode: .threeD, coordinate: start)
        behind.horizontalAccuracy = 50
        source.push(.fix(behind))
        while Self.realFixes(collector).count < 2 { await Task.yield() }
        #expect(collector.simulatorDevices.last == "lost simulation:on_poor_gps")
        let held = try #require(Self.realFixes(collector).last?.coordinate)
        #expect(held.distance(to: last) < 1)
        #expect(await gateway.simulationState.isSimulating == false)
        // Leave nothing suspended on the manual clock (make test-asan found the loop left
        // sleeping forever, a leak): with `never`, the loop ends when it wakes.
        _ = try await gateway.setSimulation(mode: .never, speedMultiplier: nil)
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: 0.25)
    }

    @Test("a fix an hour older than the last one is a clock jump: one clockJump event naming the source, wire DEVICE says so")
    func clockJump() async throws {
        let clock = ManualTimeSource()
        let collector = Collector()
        let source = PushSource()
        let gateway = Self.gateway(sources: [source], timeSource: clock, collector: collector)
        let running = Task { await gateway.run() }
        defer { running.cancel(); source.continuation.finish() }
        let here = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let t0 = Timestamp(secondsSince1970: 1_800_003_600)
        for (i, t) in [t0, t0.adding(1), t0.adding(-3_600), t0.adding(-3_599)].enumerated() {
            source.push(.fix(Fix(time: t, mode: .threeD, coordinate: here)))
            while Self.realFixes(collector).count <= i { await Task.yield() }
        }
        let jumps = collector.events.withLock { $0.compactMap { if case .clockJump(let s, let p, let t) = $0 { (s, p, t) } else { nil } } }
        #expect(jumps.count == 1)
        #expect(jumps.first?.0 == SourceID("push"))
        #expect(jumps.first?.1 == t0.adding(1))
        #expect(jumps.first?.2 == t0.adding(-3_600))
        let wire = try #require(GatewayEvent.clockJump(source: SourceID("push"), previous: t0.adding(1), time: t0.adding(-3_600)).wire)
        guard case .device(let device) = wire.payload else { Issue.record("not a DEVICE"); return }
        #expect(device.source == "push")
        #expect(device.state == .connected)
        #expect(device.message == "fix time went back 3601 s, from 2027-01-15T09:00:01.000Z to 2027-01-15T08:00:00.000Z: navigation goes on from the new time")
    }

    @Test("two receivers whose clocks are an hour apart are no clock jump; one of them going back is, once")
    func clockJumpPerSource() async throws {
        let clock = ManualTimeSource()
        let collector = Collector()
        let ahead = PushSource(id: "ahead"), behind = PushSource(id: "behind")
        let gateway = Self.gateway(sources: [ahead, behind], timeSource: clock, collector: collector)
        let running = Task { await gateway.run() }
        defer { running.cancel(); ahead.continuation.finish(); behind.continuation.finish() }
        let here = Coordinate(latitude: 60.1699, longitude: 24.9384)
        let t0 = Timestamp(secondsSince1970: 1_800_003_600)
        func fixes() -> Int { collector.events.withLock { $0.filter { if case .source(.fix, _, _) = $0 { true } else { false } }.count } }
        let sent: [(PushSource, Timestamp)] = [(ahead, t0), (behind, t0.adding(-3_600)), (ahead, t0.adding(1)), (behind, t0.adding(-3_599)),
                                               (ahead, t0.adding(2)), (behind, t0.adding(-3_598)), (ahead, t0.adding(-7_200))]
        for (i, (source, t)) in sent.enumerated() {
            source.push(.fix(Fix(time: t, mode: .threeD, coordinate: here)))
            while fixes() <= i { await Task.yield() }
        }
        let jumps = collector.events.withLock { $0.compactMap { if case .clockJump(let s, let p, let t) = $0 { (s, p, t) } else { nil } } }
        #expect(jumps.count == 1)
        #expect(jumps.first?.0 == SourceID("ahead"))
        #expect(jumps.first?.1 == t0.adding(2))
        #expect(jumps.first?.2 == t0.adding(-7_200))
    }

    @Test("a speed multiplier that is not positive is refused, naming the value")
    func badMultiplier() async throws {
        let gateway = Gateway(sources: [], timeSource: ManualTimeSource(), bus: EventBus())
        do {
            _ = try await gateway.setSimulation(mode: nil, speedMultiplier: 0)
            Issue.record("accepted 0")
        } catch {
            #expect(error == .badSpeedMultiplier(0))
        }
        #expect(GatewayError.badSpeedMultiplier(-1).description == "speed_multiplier: expected a number > 0, got -1.0")
    }
}
