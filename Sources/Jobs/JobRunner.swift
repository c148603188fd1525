import Synchronization

/// Runs independent jobs, on several threads when the caller supplies a way to: the pure layers
/// (the importer, the hierarchy builder) start no threads themselves, so the runtime layer passes
/// one built on its thread pool, and the default runs the jobs one after the other.
public struct JobRunner: Sendable {
    /// How many jobs run at once.
    public let workers: Int
    private let runAll: @Sendable (_ count: Int, _ job: @Sendable (Int) -> Void) -> Void

    /// A runner doing `count` jobs with `runAll`, which must call `job(i)` exactly once for every
    /// `i` in `0..<count`, at most `workers` at a time, and return when all are done.
    public init(workers: Int, runAll: @escaping @Sendable (_ count: Int, _ job: @Sendable (Int) -> Void) -> Void) {
        self.workers = max(1, workers)
        self.runAll = runAll
    }

    /// Jobs one after the other on the calling thread.
    public static let serial = JobRunner(workers: 1) { count, job in
        for i in 0..<count { job(i) }
    }

    /// `transform(i)` for every `i` in `0..<count`, in index order whatever order the jobs ran in.
    public func map<T: Sendable>(_ count: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        let results = Mutex<[T?]>(Array(repeating: nil, count: count))
        runAll(count) { i in
            let value = transform(i)
            results.withLock { $0[i] = value }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
