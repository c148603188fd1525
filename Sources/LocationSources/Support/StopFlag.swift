import Synchronization

/// A one-way "please stop" signal shared between a stream's termination handler and the
/// thread that feeds it (Foundation's Thread is not Sendable, so the thread itself cannot be
/// captured, TOOLCHAIN.md §7).
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Asks the reader to stop.
    func set() { value.store(true, ordering: .releasing) }

    /// Whether a stop was asked for.
    var isSet: Bool { value.load(ordering: .acquiring) }
}
