import Gateway
import LocationSources
import Positioning
import Simulation
import Testing
import TestSupport
import Timekeeping

/// The gateway's built-in simulator and `SimulatedSource` pace their drives by one rule
/// (`PacedDrive`): the same fixes fall due at the same clock times, and after a stall only the
/// newest is reported.
@Suite("Gateway simulation pacing")
struct GatewaySimulationPacingTests {
    typealias G = GatewaySimulationTests

    /// Advances `clock` by `seconds` at once and waits until the gateway's loop sleeps again.
    static func step(_ clock: ManualTimeSource, by seconds: Double) async {
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: seconds)
        await Task.yield()
        while clock.sleeperCount == 0 { await Task.yield() }
    }

    /// Sets mode `never` and lets the loop end (it does when it wakes): nothing is left on the clock.
    static func stop(_ gateway: Gateway, clock: ManualTimeSource) async throws {
        _ = try await gateway.setSimulation(mode: .never, speedMultiplier: nil)
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: 0.25)
    }

    /// The simulated fixes the gateway (mode `always` on the test route) publishes when its clock
    /// moves by `steps`, one after another.
    static func gatewayFixes(steps: [Double], clock: ManualTimeSource) async throws -> [Fix] {
        let collector = G.Collector()
        let gateway = G.gateway(sources: [], timeSource: clock, collector: collector)
        _ = try await gateway.startGuidance(try G.route())
        _ = try await gateway.setSimulation(mode: .always, speedMultiplier: nil)
        for seconds in steps { await step(clock, by: seconds) }
        let fixes = collector.simulatedFixes
        try await stop(gateway, clock: clock)
        return fixes
    }

    /// The fixes `SimulatedSource` reports on the test route when its clock moves by `steps`,
    /// one step after each fix.
    static func sourceFixes(steps: [Double], clock: ManualTimeSource) async throws -> [Fix] {
        let source = try SimulatedSource(route: try G.route(), timeSource: clock)
        var iterator = source.events().flattened().makeAsyncIterator()
        var fixes: [Fix] = []
        var remaining = steps[...]
        while let event = await iterator.next() {
            guard case .fix(let fix) = event else { continue }
            fixes.append(fix)
            guard let seconds = remaining.popFirst() else { break }
            clock.advance(by: seconds)
        }
        return fixes
    }

    static func seconds(_ fixes: [Fix], from start: Timestamp) -> [Double] { fixes.compactMap { $0.time?.seconds(since: start) } }

    @Test("always: after a stall of 10 fix intervals the gateway reports the newest fix, not a burst of 10")
    func stallReportsNewest() async throws {
        let clock = ManualTimeSource()
        let start = clock.now()
        let fixes = try await Self.gatewayFixes(steps: [0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 10, 0.25, 0.25, 0.25, 0.25], clock: clock)
        #expect(Self.seconds(fixes, from: start) == [0, 1, 2, 12, 13])
        // The vehicle kept driving meanwhile: fix 12 is where the batch drive is at 12 s.
        var batch = try RouteSimulator(route: try G.route(), startTime: start)
        for _ in 0..<12 { batch.skip() }
        #expect(fixes[3] == batch.next())
    }

    @Test("the gateway's always mode and SimulatedSource report the same fixes for the same clock steps, stall included")
    func gatewayAndSourceAgree() async throws {
        let steps: [Double] = [1, 1, 10, 1, 1]
        let gatewayClock = ManualTimeSource(), sourceClock = ManualTimeSource()
        let start = gatewayClock.now()
        #expect(sourceClock.now() == start)
        let fromGateway = try await Self.gatewayFixes(steps: steps, clock: gatewayClock)
        let fromSource = try await Self.sourceFixes(steps: steps, clock: sourceClock)
        #expect(Self.seconds(fromGateway, from: start) == [0, 1, 2, 12, 13, 14])
        #expect(Self.seconds(fromSource, from: start) == [0, 1, 2, 12, 13, 14])
        // The source's fixes also carry the sky's DOP and satellites; the drive is the same.
        #expect(fromGateway.map(\.coordinate) == fromSource.map(\.coordinate))
        #expect(fromGateway.map(\.speed) == fromSource.map(\.speed))
        #expect(fromGateway.map(\.course) == fromSource.map(\.course))
    }

    @Test("a speed-multiplier change mid-drive keeps the gateway's fixes on the one-second grid, none skipped")
    func multiplierChangeKeepsTheGrid() async throws {
        let clock = ManualTimeSource()
        let start = clock.now()
        let collector = G.Collector()
        let gateway = G.gateway(sources: [], timeSource: clock, collector: collector)
        _ = try await gateway.startGuidance(try G.route())
        _ = try await gateway.setSimulation(mode: .always, speedMultiplier: nil)
        await Self.step(clock, by: 0.25)
        await Self.step(clock, by: 0.25)  // t = 0.5: fix 0 only
        _ = try await gateway.setSimulation(mode: nil, speedMultiplier: 4)  // fix 1 is 0.125 s away
        await Self.step(clock, by: 0.125)
        await Self.step(clock, by: 0.25)
        await Self.step(clock, by: 0.25)  // t = 1.125: fixes 1, 2, 3
        #expect(Self.seconds(collector.simulatedFixes, from: start) == [0, 1, 2, 3])
        _ = try await gateway.setSimulation(mode: nil, speedMultiplier: 0.5)  // simulated 3.0: fix 4 is 2 s away
        for _ in 0..<7 { await Self.step(clock, by: 0.25) }
        #expect(collector.simulatedFixes.count == 4)
        await Self.step(clock, by: 0.25)  // t = 3.125: fix 4
        #expect(Self.seconds(collector.simulatedFixes, from: start) == [0, 1, 2, 3, 4])
        #expect(clock.now().seconds(since: start) == 3.125)
        try await Self.stop(gateway, clock: clock)
    }
}
