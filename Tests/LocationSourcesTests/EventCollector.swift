import Foundation
import Positioning
import SystemIO
import TestSupport

/// Iterates a source's stream on behalf of a test: every event is kept, `handle` may act on
/// it (close a pty, restart gpsd) and says when the test has seen enough. A deadline bounds the
/// wait so a broken source fails the test instead of hanging it; it is not a timing assertion.
final class EventCollector: Sendable {
    private let seen = Locked<[SourceEvent]>([])

    /// All events so far.
    var events: [SourceEvent] { seen.withLock { $0 } }

    /// Consumes `stream` (a source's batches), handing `handle` one event at a time, until it
    /// returns true or `deadline` seconds pass, then stops iterating (which stops the source).
    func run(_ stream: AsyncStream<[SourceEvent]>, deadline: Double = 30,
             _ handle: @escaping @Sendable (SourceEvent, [SourceEvent]) -> Bool) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in stream.flattened() {
                    let all = self.seen.withLock { s in
                        s.append(event)
                        return s
                    }
                    if handle(event, all) { return }
                }
            }
            group.addTask { try? await Task.sleep(for: .seconds(deadline)) }
            await group.next()
            group.cancelAll()
        }
    }
}

extension [SourceEvent] {
    /// The fixes, in order.
    var fixes: [Fix] { compactMap { if case .fix(let f) = $0 { f } else { nil } } }
    /// The device states, in order.
    var deviceStates: [DeviceState] { compactMap { if case .device(let s, _, _) = $0 { s } else { nil } } }
    /// The raw sentences, in order.
    var sentences: [String] { compactMap { if case .sentence(let s) = $0 { s.string } else { nil } } }
}

extension SourceEvent {
    /// The device state, if this is a device event.
    var deviceState: DeviceState? { if case .device(let s, _, _) = self { s } else { nil } }
    /// Whether this is a fix.
    var isFix: Bool { if case .fix = self { true } else { false } }
}
