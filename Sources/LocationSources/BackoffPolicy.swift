/// How long to wait before each reconnection attempt: `initial` seconds, multiplied by
/// `factor` after every failure, capped at `maximum`; a success resets it.
///
/// A value type with no clock: the caller sleeps for what `nextDelay()` returns.
public struct BackoffPolicy: Sendable, Hashable {
    /// The first delay, seconds.
    public var initial: Double
    /// The growth per failed attempt (≥ 1).
    public var factor: Double
    /// The longest delay, seconds.
    public var maximum: Double
    /// Failed attempts since the last reset.
    public private(set) var attempts = 0

    /// A policy; the default waits 0.5 s, 1 s, 2 s, 4 s, then 8 s forever.
    public init(initial: Double = 0.5, factor: Double = 2, maximum: Double = 8) {
        self.initial = max(0, initial)
        self.factor = max(1, factor)
        self.maximum = max(self.initial, maximum)
    }

    /// The delay before the next attempt, seconds; counts the attempt.
    public mutating func nextDelay() -> Double {
        var delay = initial
        for _ in 0..<min(attempts, 64) {
            delay *= factor
            if delay >= maximum { break }
        }
        attempts += 1
        return min(delay, maximum)
    }

    /// Starts over after a successful connection.
    public mutating func reset() { attempts = 0 }
}
