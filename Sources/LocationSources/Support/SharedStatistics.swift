import SystemIO

/// A source's statistics, written by its reader and read by `status` from any task.
final class SharedStatistics: Sendable {
    private let state = Locked(SourceStatistics())

    /// A copy of the current counters.
    var value: SourceStatistics { state.withLock { $0 } }

    /// Changes the counters under the lock.
    func update(_ change: (inout SourceStatistics) -> Void) {
        state.withLock { change(&$0) }
    }
}
