import Foundation
import SystemIO
import Synchronization

/// Writes NMEA lines into a pseudo-terminal from its own thread, one line every `interval`
/// seconds (looping over the log when `loop` is set), as a receiver would; `stop()` ends it.
final class NMEAFeeder: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)

    /// Starts writing `lines` (each sent with CR LF) into `pty`.
    init(_ pty: PseudoTerminal, lines: [String], interval: Double = 0.01, loop: Bool = true) {
        let thread = Thread { [stopped, done] in
            defer { done.store(true, ordering: .releasing) }
            repeat {
                for line in lines {
                    if stopped.load(ordering: .acquiring) { return }
                    _ = try? pty.write(Array((line + "\r\n").utf8))
                    usleep(UInt32(interval * 1_000_000))
                }
            } while loop
        }
        thread.start()
    }

    /// Stops writing and waits (up to 2 s) for the thread to finish.
    func stop() {
        stopped.store(true, ordering: .releasing)
        for _ in 0..<200 where !done.load(ordering: .acquiring) { usleep(10_000) }
    }

    deinit { stopped.store(true, ordering: .releasing) }
}

/// The sentence lines of an NMEA trace (comment and blank lines dropped).
func traceLines(_ name: String) throws -> [String] {
    let text = try String(contentsOf: TestSupportTrace.url(name), encoding: .utf8)
    return text.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix("$") || $0.hasPrefix("!") }
}
