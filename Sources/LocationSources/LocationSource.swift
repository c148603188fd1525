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
    /// Reads until the task is cancelled (or a finite source ends), handing each batch to
    /// `sink`; see the extension's default.
    func run(_ sink: @escaping @Sendable ([SourceEvent]) -> Void) async
    /// Counters and the current device state, for the `status` command.
    var statistics: SourceStatistics { get }
    /// Whether each batch holds what a receiver has just sent, that clients are waiting for (a
    /// serial receiver, gpsd, a replay at its recorded pace): the gateway then sends each fix's
    /// LOCATION before it matches and guides it. False (the default) for a source made to be
    /// fast, such as a replay as fast as possible, whose read's batch is handled in one turn.
    var isLive: Bool { get }
}

extension LocationSource {
    /// Not live: see the requirement.
    public var isLive: Bool { false }

    /// Reads as `events()` does until the task is cancelled (or a finite source ends), handing
    /// each batch to `sink` as soon as it is read. This default calls `sink` from the calling
    /// task; a source reading on a thread of its own (serial, gpsd) calls it on that thread, so
    /// the consumer handles a read without a thread hand-off — and the source reads nothing
    /// more until `sink` returns, so `sink` must be quick.
    public func run(_ sink: @escaping @Sendable ([SourceEvent]) -> Void) async {
        for await batch in events() { sink(batch) }
    }
}
