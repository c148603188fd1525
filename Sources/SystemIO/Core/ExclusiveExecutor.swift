import Foundation
import Synchronization

/// A serial executor for an actor that a thread can also enter synchronously with `run(_:)`.
///
/// An actor with this executor runs its jobs (calls from tasks, replies, timers) one at a time
/// as usual, on a Dispatch worker; besides, a thread that must not hand its work to another
/// thread — a device's reader, so a fix leaves the process without a thread wake-up — enters the
/// executor's exclusive region with `run`, waiting while a job runs, and calls the actor there
/// with `assumeIsolated` (`checkIsolated()` tells the runtime the region is held). Jobs and
/// `run` regions exclude each other; jobs keep their order.
///
/// A region must be short (the actor's jobs wait for it) and must not wait for an actor job.
public final class ExclusiveExecutor: SerialExecutor, @unchecked Sendable {  // `region` and `owner` guard the rest.
    private struct Pending {
        var jobs: [UnownedJob] = []
        var draining = false
    }

    /// Held while a job or a `run` body runs.
    private let region = NSLock()
    /// The thread holding `region` (`pthread_self()`), 0 when none.
    private let owner = Atomic<UInt>(0)
    private let pending = Locked(Pending())

    /// An executor with no jobs.
    public init() {}

    /// Queues `job`; a Dispatch worker runs the queue when none does yet.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let start = pending.withLock { p -> Bool in
            p.jobs.append(job)
            defer { p.draining = true }
            return !p.draining
        }
        if start { DispatchQueue.global().async { self.drain() } }
    }

    /// Runs `body` on the calling thread inside the exclusive region (entered at once when the
    /// thread holds it already).
    public func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let me = UInt(pthread_self())
        if owner.load(ordering: .relaxed) == me { return try body() }
        region.lock()
        owner.store(me, ordering: .relaxed)
        defer {
            owner.store(0, ordering: .relaxed)
            region.unlock()
        }
        return try body()
    }

    /// Stops the process unless the calling thread is inside the exclusive region (the runtime
    /// asks this for `assumeIsolated` outside the actor's own jobs).
    public func checkIsolated() {
        precondition(owner.load(ordering: .relaxed) == UInt(pthread_self()), "not inside the actor's exclusive region")
    }

    /// Runs the queued jobs in order, each inside the region, until none is left: takes the
    /// whole queue at a time, so a job costs one lock of `pending`'s per batch, not per job.
    private func drain() {
        while true {
            let jobs = pending.withLock { p -> [UnownedJob] in
                if p.jobs.isEmpty { p.draining = false }
                defer { p.jobs = [] }
                return p.jobs
            }
            if jobs.isEmpty { return }
            for job in jobs { run { job.runSynchronously(on: asUnownedSerialExecutor()) } }
        }
    }
}
