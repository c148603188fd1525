import Synchronization

/// A source of "now" and of waiting, injected wherever time matters so that tests and
/// simulations can run faster than real time. Only `SystemTimeSource` (in SystemIO) reads the
/// wall clock.
public protocol TimeSource: Sendable {
    /// The current instant.
    func now() -> Timestamp
    /// Suspends until `deadline` (returns at once if it has passed); throws on cancellation.
    func sleep(until deadline: Timestamp) async throws
}

extension TimeSource {
    /// Suspends for `seconds` of this source's time.
    public func sleep(for seconds: Double) async throws {
        try await sleep(until: now().adding(seconds))
    }
}

/// A clock that moves only when told to (`advance(by:)`), for tests: sleepers wake when the
/// clock passes their deadline, or at once (throwing) when their task is cancelled.
public final class ManualTimeSource: TimeSource {
    private struct State {
        var now: Timestamp
        var sleepers: [(id: Int, deadline: Timestamp, continuation: CheckedContinuation<Void, Never>)] = []
        var nextSleeper = 0
    }
    private let state: Mutex<State>

    /// A manual clock showing `start`.
    public init(start: Timestamp = Timestamp(secondsSince1970: 1_800_000_000)) {
        state = Mutex(State(now: start))
    }

    public func now() -> Timestamp { state.withLock { $0.now } }

    public func sleep(until deadline: Timestamp) async throws {
        let id = state.withLock { s in
            defer { s.nextSleeper += 1 }
            return s.nextSleeper
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Checked under the lock: a cancellation before the sleeper is listed finds nothing
                // to wake, so the sleeper must not wait.
                let resumeNow = state.withLock { s -> Bool in
                    if deadline <= s.now || Task.isCancelled { return true }
                    s.sleepers.append((id, deadline, continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { s -> CheckedContinuation<Void, Never>? in
                guard let index = s.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return s.sleepers.remove(at: index).continuation
            }
            cancelled?.resume()
        }
        try Task.checkCancellation()
    }

    /// Moves the clock forward by `seconds` and wakes every sleeper whose deadline has passed.
    public func advance(by seconds: Double) {
        let due = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.now = s.now.adding(seconds)
            let now = s.now
            let ready = s.sleepers.filter { $0.deadline <= now }.map(\.continuation)
            s.sleepers.removeAll { $0.deadline <= now }
            return ready
        }
        for c in due { c.resume() }
    }

    /// How many tasks are waiting in `sleep(until:)`.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }
}

/// Time running `multiplier` times faster than another source, starting at `start`:
/// replays and simulations at ×N use it, so fix times advance N seconds per real second.
public struct AcceleratedTimeSource: TimeSource {
    /// The multipliers a clock accepts: from a thousandth of real time (one simulated second
    /// per 17 real minutes) to 100,000 times real time (a day in under a second). Outside it
    /// time either stands still or overflows every deadline; command-line options and socket
    /// requests are checked against it.
    public static let multiplierRange: ClosedRange<Double> = 0.001...100_000

    /// Why a multiplier was refused: one line naming the value and the range.
    public struct InvalidMultiplier: Error, CustomStringConvertible, Equatable, Sendable {
        /// The refused value.
        public let multiplier: Double
        /// An error refusing `multiplier`.
        public init(multiplier: Double) { self.multiplier = multiplier }
        public var description: String {
            "speed multiplier \(multiplier) is outside \(multiplierRange.lowerBound)…\(Int(multiplierRange.upperBound))"
        }
    }

    /// The source being sped up.
    public let base: any TimeSource
    /// How many seconds of this source pass per second of `base` (in `multiplierRange`).
    public let multiplier: Double
    private let baseStart: Timestamp
    private let start: Timestamp

    /// A clock that reads `start` now and then runs `multiplier` times as fast as `base`.
    /// - Throws: `InvalidMultiplier` when `multiplier` is not finite or outside `multiplierRange`.
    public init(base: any TimeSource, validating multiplier: Double, start: Timestamp? = nil) throws(InvalidMultiplier) {
        try Self.validate(multiplier)
        self.init(base: base, multiplier: multiplier, start: start)
    }

    /// A clock that reads `start` now and then runs `multiplier` times as fast as `base`;
    /// a multiplier outside `multiplierRange` is clamped into it (NaN is read as 1). For
    /// values from outside, prefer `init(base:validating:start:)`, which refuses them.
    public init(base: any TimeSource, multiplier: Double, start: Timestamp? = nil) {
        self.base = base
        self.multiplier = multiplier.isNaN ? 1 : min(max(multiplier, Self.multiplierRange.lowerBound), Self.multiplierRange.upperBound)
        baseStart = base.now()
        self.start = start ?? baseStart
    }

    /// Checks a multiplier from outside (an option, a request) against `multiplierRange`.
    /// - Throws: `InvalidMultiplier` when it is not finite or outside the range.
    public static func validate(_ multiplier: Double) throws(InvalidMultiplier) {
        guard multiplierRange.contains(multiplier) else { throw InvalidMultiplier(multiplier: multiplier) }
    }

    public func now() -> Timestamp {
        start.adding(base.now().seconds(since: baseStart) * multiplier)
    }

    public func sleep(until deadline: Timestamp) async throws {
        let baseDeadline = baseStart.adding(deadline.seconds(since: start) / multiplier)
        try await base.sleep(until: baseDeadline)
    }
}
