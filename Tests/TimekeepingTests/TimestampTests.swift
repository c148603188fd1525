import Testing
import Timekeeping

@Suite("Timestamp and time sources")
struct TimestampTests {
    @Test("ISO 8601 with milliseconds round-trips")
    func iso() throws {
        let t = try #require(Timestamp(year: 2026, month: 11, day: 29, hour: 17, minute: 55, second: 42.123))
        #expect(t.iso8601 == "2026-11-29T17:55:42.123Z")
        #expect(Timestamp(iso8601: "2026-11-29T17:55:42.123Z") == t)
        #expect(Timestamp(iso8601: "2026-11-29T19:55:42.123+02:00") == t)
        #expect(Timestamp(iso8601: "1970-01-01T00:00:00Z")?.secondsSince1970 == 0)
        #expect(Timestamp(iso8601: "garbage") == nil)
        // An offset no zone has is refused (+99:99 was read as 4 days and 4 hours).
        #expect(Timestamp(iso8601: "2026-12-07T05:00:00+99:99") == nil)
        #expect(Timestamp(iso8601: "2026-12-07T05:00:00+05:60") == nil)
        #expect(Timestamp(iso8601: "2026-11-29T04:55:42.123-13:00") == t)
        #expect(Timestamp(secondsSince1970: 0.9996).iso8601 == "1970-01-01T00:00:01.000Z")
        #expect(Timestamp(secondsSince1970: -0.5).iso8601 == "1969-12-31T23:59:59.500Z")
    }

    @Test("manual clock wakes sleepers only when advanced past their deadline")
    func manual() async throws {
        let clock = ManualTimeSource(start: Timestamp(secondsSince1970: 100))
        let task = Task { try await clock.sleep(until: Timestamp(secondsSince1970: 105)); return clock.now() }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: 3)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 3)
        #expect(try await task.value == Timestamp(secondsSince1970: 106))
    }

    @Test("a cancelled sleeper leaves the manual clock at once, throwing, before its deadline")
    func manualCancellation() async throws {
        let clock = ManualTimeSource(start: Timestamp(secondsSince1970: 100))
        let task = Task { try await clock.sleep(until: Timestamp(secondsSince1970: 105)) }
        while clock.sleeperCount == 0 { await Task.yield() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
        #expect(clock.now() == Timestamp(secondsSince1970: 100))
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: Timestamp(secondsSince1970: 105))
        }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("accelerated clock runs N times faster than its base")
    func accelerated() {
        let base = ManualTimeSource(start: Timestamp(secondsSince1970: 0))
        let fast = AcceleratedTimeSource(base: base, multiplier: 10, start: Timestamp(secondsSince1970: 1000))
        base.advance(by: 2)
        #expect(fast.now() == Timestamp(secondsSince1970: 1020))
    }
}
