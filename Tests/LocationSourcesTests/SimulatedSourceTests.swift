import Foundation
import Geodesy
import LocationSources
import Positioning
import RouteFormats
import RouteModel
import Simulation
import Testing
import TestSupport
import Timekeeping

@Suite("SimulatedSource")
struct SimulatedSourceTests {
    static func route() throws -> Route {
        let url = Fixtures.url("helsinki-esplanadi.geojson", target: "WaygateCLITests")
        return try RouteFile.readRoute(Array(try Data(contentsOf: url)))
    }

    /// Reads events until `count` fixes have arrived, advancing `clock` by `step` seconds before
    /// waiting for each fix after the first.
    static func fixes(_ count: Int, from iterator: inout FlattenedStream<SourceEvent>.Iterator, clock: ManualTimeSource,
                      step: Double = 1, events: inout [SourceEvent]) async -> [Fix] {
        var fixes: [Fix] = []
        while fixes.count < count {
            guard let event = await iterator.next() else { break }
            events.append(event)
            if case .fix(let fix) = event {
                fixes.append(fix)
                if fixes.count < count { clock.advance(by: step) }
            }
        }
        return fixes
    }

    @Test("reports connected, then per fix its NMEA cycle, the simulated fix and the sky, one second apart")
    func paced() async throws {
        let clock = ManualTimeSource()
        let source = try SimulatedSource(route: Self.route(), timeSource: clock)
        var iterator = source.events().flattened().makeAsyncIterator()
        var events: [SourceEvent] = []
        let fixes = await Self.fixes(5, from: &iterator, clock: clock, events: &events)
        #expect(events.first == .device(.connected, driver: "simulator", baud: nil))
        #expect(fixes.map { $0.time!.seconds(since: clock.now()) } == [-4, -3, -2, -1, 0])
        #expect(fixes.allSatisfy { $0.isSimulated && $0.hasPosition && ($0.satellitesUsed ?? 0) >= 4 })
        let sentences = events.compactMap { if case .sentence(let s) = $0 { String(s.string.prefix(6)) } else { nil } }
        #expect(Array(sentences.prefix(5)) == ["$GPRMC", "$GPVTG", "$GPGGA", "$GPGSA", "$GPGSV"])
        #expect(events.filter { if case .sky = $0 { true } else { false } }.count == 4)  // the fifth follows its fix
        #expect(source.statistics.fixes == 5)
    }

    @Test("a consumer that stalls 100 s gets one fix, the current one, not a burst of 100")
    func boundedCatchUp() async throws {
        let clock = ManualTimeSource()
        let start = clock.now()
        let source = try SimulatedSource(route: Self.route(), timeSource: clock)
        var iterator = source.events().flattened().makeAsyncIterator()
        var events: [SourceEvent] = []
        _ = await Self.fixes(1, from: &iterator, clock: clock, events: &events)
        clock.advance(by: 100)
        let late = await Self.fixes(2, from: &iterator, clock: clock, events: &events)
        #expect(late.map { $0.time!.seconds(since: start) } == [100, 101])
        // The vehicle kept driving while nobody listened: it is parked at the end by now.
        #expect(source.isFinished)
        #expect(late[1].speed == 0)
    }

    @Test("maximumCatchUp 3: after a 10 s stall the newest three fixes, equal to the batch drive's; the seven before skipped")
    func catchUpThree() async throws {
        let clock = ManualTimeSource()
        let start = clock.now()
        let route = try Self.route()
        let source = try SimulatedSource(route: route, timeSource: clock, maximumCatchUp: 3)
        #expect(source.maximumCatchUp == 3)
        var iterator = source.events().flattened().makeAsyncIterator()
        var events: [SourceEvent] = []
        _ = await Self.fixes(1, from: &iterator, clock: clock, events: &events)
        clock.advance(by: 10)
        let late = await Self.fixes(3, from: &iterator, clock: clock, step: 0, events: &events)
        #expect(late.map { $0.time!.seconds(since: start) } == [8, 9, 10])
        var batch = SimulatedDrive(simulator: try RouteSimulator(route: route, startTime: start))
        for _ in 0..<8 { batch.skip() }
        let expected = (0..<3).flatMap { _ in batch.next() }.compactMap { if case .fix(let f) = $0 { f } else { nil } }
        #expect(late == expected)
        #expect(source.statistics.fixes == 4)
    }

    @Test("paced fixes equal the batch drive's at multipliers 0.5, 1 and 10")
    func multipliers() async throws {
        let route = try Self.route()
        let start = Timestamp(secondsSince1970: 1_800_000_000)
        var batch = SimulatedDrive(simulator: try RouteSimulator(route: route, startTime: start))
        let expected = (0..<8).flatMap { _ in batch.next() }.compactMap { if case .fix(let f) = $0 { f } else { nil } }
        for multiplier in [0.5, 1, 10] {
            // The base clock steps a millisecond past each deadline: 1.8e9 s + 0.1 s is not exact in binary.
            let base = ManualTimeSource(start: start)
            let clock = AcceleratedTimeSource(base: base, multiplier: multiplier)
            let source = try SimulatedSource(route: route, timeSource: clock)
            var iterator = source.events().flattened().makeAsyncIterator()
            var events: [SourceEvent] = []
            let fixes = await Self.fixes(8, from: &iterator, clock: base, step: 1 / multiplier + 1e-3, events: &events)
            #expect(fixes == expected, "multiplier \(multiplier)")
        }
    }

    @Test("a reroute mid-drive continues from the current position at the current speed")
    func reroute() async throws {
        let clock = ManualTimeSource()
        let route = try Self.route()
        let source = try SimulatedSource(route: route, timeSource: clock)
        var iterator = source.events().flattened().makeAsyncIterator()
        var events: [SourceEvent] = []
        let before = await Self.fixes(12, from: &iterator, clock: clock, events: &events)
        // New route: from where the vehicle is, back to the start of the old one.
        let here = try #require(before.last?.coordinate)
        let back = Route(distance: 600, duration: 60, geometry: [here, route.geometry[0]], legs: [])
        try source.reroute(to: back)
        clock.advance(by: 1)
        let after = await Self.fixes(2, from: &iterator, clock: clock, events: &events)
        let speed = try #require(before.last?.speed)
        #expect(speed > 5)
        #expect(abs((after[0].speed ?? 0) - speed) <= 4.0)
        let moved = try #require(after[0].coordinate).distance(to: here)
        #expect(moved <= speed + 4)
        // Heading back west now.
        #expect(Bearing.difference(after[1].course ?? 0, 262) < 30)
    }
}
