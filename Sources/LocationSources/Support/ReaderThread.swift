import Foundation
import Positioning

/// Runs a blocking reader on its own thread (never on the 2-wide cooperative pool, where a
/// blocking poll would starve every task, TOOLCHAIN.md §6) and wires it to a stream: the
/// stream's termination sets the stop flag, and the stream finishes when the reader returns.
enum ReaderThread {
    /// The event batches of `body`, which must return soon after `stop.isSet` becomes true.
    static func stream(name: String, statistics: SharedStatistics,
                       _ body: @escaping @Sendable (SourceEmitter, StopFlag) -> Void) -> AsyncStream<[SourceEvent]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [SourceEvent].self, bufferingPolicy: .bufferingNewest(SourceEmitter.capacity))
        let stop = StopFlag()
        continuation.onTermination = { _ in stop.set() }
        let emitter = SourceEmitter(continuation: continuation, statistics: statistics)
        let thread = Thread {
            body(emitter, stop)
            continuation.finish()
        }
        thread.name = name
        thread.start()
        return stream
    }

    /// Sleeps `seconds` of `now`'s time in slices of at most 50 ms, returning early (false)
    /// when a stop is asked for.
    static func pause(_ seconds: Double, stop: StopFlag, now: () -> Double) -> Bool {
        let deadline = now() + seconds
        while !stop.isSet {
            let left = deadline - now()
            if left <= 0 { return true }
            usleep(UInt32(min(left, 0.05) * 1_000_000))
        }
        return false
    }
}
