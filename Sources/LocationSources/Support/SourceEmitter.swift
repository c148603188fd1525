import Positioning

/// Counts each event into a source's shared statistics, then hands it to the stream.
struct SourceEmitter: Sendable {
    let continuation: AsyncStream<SourceEvent>.Continuation
    let statistics: SharedStatistics

    /// Records and yields `events` in order.
    func emit(_ events: [SourceEvent]) {
        guard !events.isEmpty else { return }
        statistics.update { s in for e in events { s.record(e) } }
        for e in events { continuation.yield(e) }
    }

    /// Records and yields one event.
    func emit(_ event: SourceEvent) { emit([event]) }
}
