import Dispatch
import Foundation
public import Jobs

extension JobRunner {
    /// Jobs spread over every core (Dispatch's concurrent perform), for imports in the runtime layer.
    public static var threads: JobRunner {
        JobRunner(workers: ProcessInfo.processInfo.activeProcessorCount) { count, job in
            DispatchQueue.concurrentPerform(iterations: count) { job($0) }
        }
    }
}
