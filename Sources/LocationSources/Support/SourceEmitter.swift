import Positioning
import SystemIO

/// Counts each event into a source's shared statistics, then hands it to the stream.
///
/// The stream keeps the newest events when its consumer falls behind; when the DEVICE event
/// pushed out that way is the source's current state, it is yielded again behind the newer
/// events, so the consumer always learns the state the device is in (older, superseded DEVICE
/// events and stream samples — fixes, sky views, sentences — are dropped and counted).
struct SourceEmitter: Sendable {
    let continuation: AsyncStream<SourceEvent>.Continuation
    let statistics: SharedStatistics
    /// The last DEVICE event yielded: the source's current state.
    private let currentState = Locked<SourceEvent?>(nil)

    /// An emitter yielding into `continuation`, counting into `statistics`.
    init(continuation: AsyncStream<SourceEvent>.Continuation, statistics: SharedStatistics) {
        self.continuation = continuation
        self.statistics = statistics
    }

    /// Records and yields `events` in order.
    func emit(_ events: [SourceEvent]) {
        guard !events.isEmpty else { return }
        statistics.update { s in for e in events { s.record(e) } }
        for e in events { yieldKeepingState(e) }
    }

    /// Records and yields one event.
    func emit(_ event: SourceEvent) { emit([event]) }

    private func yieldKeepingState(_ event: SourceEvent) {
        var next: SourceEvent? = event
        // Each round pushes out at most one older event; a full buffer of DEVICE events (4,096
        // unconsumed state changes) ends the loop by dropping the oldest after that many tries.
        var rounds = 0
        if case .device = event { currentState.withLock { $0 = event } }
        while let e = next, rounds < 4_096 {
            rounds += 1
            next = nil
            if case .dropped(let old) = continuation.yield(e) {
                if case .device = old, currentState.withLock({ $0 == old }) { next = old } else { statistics.update { $0.droppedEvents += 1 } }
            }
        }
    }
}
