import Positioning
import SystemIO

/// Counts each batch of events into a source's shared statistics, then hands it on as one
/// element: to a stream (`LocationSource.events()`), or straight to a sink on the reader's
/// thread (`LocationSource.run(_:)`, which reads nothing more until the sink returns).
///
/// A stream keeps the newest `capacity` batches when its consumer falls behind; when a batch
/// pushed out that way holds the DEVICE event that is the source's current state, that event
/// is yielded again behind the newer batches, so the consumer always learns the state the
/// device is in (older, superseded DEVICE events and stream samples — fixes, sky views,
/// sentences — are dropped and counted).
struct SourceEmitter: Sendable {
    /// Batches the stream holds for a consumer that falls behind.
    static let capacity = 4_096

    /// Where batches go.
    enum Output: Sendable {
        /// Yielded into a stream.
        case stream(AsyncStream<[SourceEvent]>.Continuation)
        /// Handed to a sink on the emitting thread.
        case sink(@Sendable ([SourceEvent]) -> Void)
    }

    let output: Output
    let statistics: SharedStatistics
    /// The last DEVICE event yielded: the source's current state.
    private let currentState = Locked<SourceEvent?>(nil)

    /// An emitter handing batches to `output`, counting into `statistics`.
    init(_ output: Output, statistics: SharedStatistics) {
        self.output = output
        self.statistics = statistics
    }

    /// Records `events` and hands them on, in order, as one batch.
    func emit(_ events: [SourceEvent]) {
        guard !events.isEmpty else { return }
        statistics.update { s in for e in events { s.record(e) } }
        switch output {
        case .sink(let sink):
            sink(events)
        case .stream(let continuation):
            if let state = events.last(where: { if case .device = $0 { true } else { false } }) {
                currentState.withLock { $0 = state }
            }
            yieldKeepingState(events, into: continuation)
        }
    }

    /// Records and yields one event, a batch of its own.
    func emit(_ event: SourceEvent) { emit([event]) }

    private func yieldKeepingState(_ events: [SourceEvent], into continuation: AsyncStream<[SourceEvent]>.Continuation) {
        var next: [SourceEvent]? = events
        // Each round pushes out at most one older batch; a full buffer of batches holding the
        // current state ends the loop by dropping the oldest after that many tries.
        var rounds = 0
        while let batch = next, rounds < Self.capacity {
            rounds += 1
            next = nil
            guard case .dropped(let old) = continuation.yield(batch) else { continue }
            let state = currentState.withLock { $0 }
            let kept = old.filter { if case .device = $0 { $0 == state } else { false } }
            if !kept.isEmpty { next = [kept[kept.count - 1]] }
            let lost = old.count - (kept.isEmpty ? 0 : 1)
            if lost > 0 { statistics.update { $0.droppedEvents += lost } }
        }
    }
}
