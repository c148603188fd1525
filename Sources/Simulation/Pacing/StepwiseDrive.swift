public import Geodesy
public import Timekeeping

/// A simulated drive that reports its fixes one at a time on a fixed time grid (fix `k` at its
/// start time + `k × fixInterval`), whatever the time: what a `PacedDrive` paces in real time.
///
/// `RouteSimulator` reports bare fixes; `SimulatedDrive` (LocationSources) reports each fix's NMEA
/// cycle, fix and sky, and skips without encoding.
public protocol StepwiseDrive: Sendable {
    /// What reporting one fix gives (a `Fix`, or a receiver's events for it).
    associatedtype Report: Sendable

    /// When the next fix is due, simulated time.
    var nextFixTime: Timestamp { get }

    /// Seconds of simulated time between fixes (> 0).
    var fixInterval: Seconds { get }

    /// Reports the next fix, advancing the drive by one interval.
    mutating func next() -> Report

    /// Advances the drive by one interval without reporting: position, speed and noise move on
    /// exactly as if the fix had been reported, but nothing is built for it.
    mutating func skip()
}
