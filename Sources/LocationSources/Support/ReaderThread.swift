import Foundation
import Positioning
import SystemIO

/// Runs a blocking reader on its own thread (never on the 2-wide cooperative pool, where a
/// blocking poll would starve every task, TOOLCHAIN.md §6) and wires it to a stream or a sink:
/// the stream's termination (the task's cancellation) sets the stop flag, and the stream
/// finishes (the task returns) when the reader returns. The thread asks for gpsd's priority
/// (`ThreadPriority.receiverReader`) and runs on at its own where the process may not raise it.
enum ReaderThread {
    /// The event batches of `body`, which must return soon after `stop.isSet` becomes true.
    static func stream(name: String, statistics: SharedStatistics,
                       _ body: @escaping @Sendable (SourceEmitter, StopFlag) -> Void) -> AsyncStream<[SourceEvent]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [SourceEvent].self, bufferingPolicy: .bufferingNewest(SourceEmitter.capacity))
        let stop = StopFlag()
        continuation.onTermination = { _ in stop.set() }
        let emitter = SourceEmitter(.stream(continuation), statistics: statistics)
        NamedThread.start(name) {
            ThreadPriority.setNice(ThreadPriority.receiverReader)
            body(emitter, stop)
            continuation.finish()
        }
        return stream
    }

    /// Runs `body` until the calling task is cancelled, its batches handed to `sink` on the
    /// reader's thread; returns when `body` has.
    static func run(name: String, statistics: SharedStatistics, sink: @escaping @Sendable ([SourceEvent]) -> Void,
                    _ body: @escaping @Sendable (SourceEmitter, StopFlag) -> Void) async {
        let stop = StopFlag()
        let emitter = SourceEmitter(.sink(sink), statistics: statistics)
        await withTaskCancellationHandler {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                NamedThread.start(name) {
                    ThreadPriority.setNice(ThreadPriority.receiverReader)
                    body(emitter, stop)
                    done.resume()
                }
            }
        } onCancel: {
            stop.set()
        }
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
