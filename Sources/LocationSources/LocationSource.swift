public import Positioning

/// Something that produces location events: a serial receiver, a gpsd, a replayed log or the
/// simulator.
///
/// `events()` returns a non-throwing `AsyncStream` of batches, each what one read produced, in
/// order: every sentence, fix and sky view decoded from one read of a device, the reports of one
/// read from gpsd, one pacing cycle of a replay (at most `ReplaySource.maximumBatch` events),
/// one tick of the simulator. A consumer thus takes one hand-off per read, not one per
/// sentence. A batch is never empty. A source never fails its stream: trouble with the device
/// is reported in-band as `.device(.lost …)` / `.device(.reconnecting …)`, and live sources
/// keep retrying until the consumer cancels (stops iterating). Only a finite source
/// (`ReplaySource`) ends its stream by itself, at the end of its log. Each call to `events()`
/// starts an independent reading session; call it once per source.
public protocol LocationSource: Sendable {
    /// The wire name of the source, e.g. `serial:/dev/ttyACM0`.
    var id: SourceID { get }
    /// Starts reading and returns the events as they happen, one read's batch per element.
    func events() -> AsyncStream<[SourceEvent]>
    /// Counters and the current device state, for the `status` command.
    var statistics: SourceStatistics { get }
}
