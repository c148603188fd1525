#if canImport(Glibc)
import Glibc
#endif
public import Timekeeping

/// The wall clock: the only place Waygate reads real time (CLOCK_REALTIME for "now";
/// sleeping uses Swift's ContinuousClock so clock steps do not stretch waits).
public struct SystemTimeSource: TimeSource {
    /// The system clock.
    public init() {}

    public func now() -> Timestamp {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Timestamp(secondsSince1970: Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)
    }

    public func sleep(until deadline: Timestamp) async throws {
        let seconds = deadline.seconds(since: now())
        guard seconds > 0 else { return }
        // Capped at ~31 years: nanoseconds past 292 years overflow Int64 (a deadline in year 9999).
        try await Task.sleep(for: .nanoseconds(Int64(min(seconds, 1e9) * 1e9)))
    }
}
