import Foundation
import SystemIO
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Writes NMEA lines into a pseudo-terminal from its own thread, one line every `interval`
/// seconds (looping over the log when `loop` is set), as a receiver would; `stop()` ends it.
public final class NMEAFeeder: Sendable {
    private final class Flags: Sendable {
        let stopped = Atomic<Bool>(false)
        let done = Atomic<Bool>(false)
    }
    private let flags = Flags()

    /// Starts writing `lines` (each sent with CR LF) into `pty`.
    public init(_ pty: PseudoTerminal, lines: [String], interval: Double = 0.01, loop: Bool = true) {
        let flags = self.flags
        let thread = Thread {
            defer { flags.done.store(true, ordering: .releasing) }
            repeat {
                for line in lines {
                    if flags.stopped.load(ordering: .acquiring) { return }
                    _ = try? pty.write(Array((line + "\r\n").utf8))
                    usleep(UInt32(interval * 1_000_000))
                }
            } while loop
        }
        thread.start()
    }

    /// Stops writing and waits (up to 2 s) for the thread to finish.
    public func stop() {
        flags.stopped.store(true, ordering: .releasing)
        for _ in 0..<200 where !flags.done.load(ordering: .acquiring) { usleep(10_000) }
    }

    deinit { flags.stopped.store(true, ordering: .releasing) }
}

/// The sentence lines of `traces/nmea/<name>` (comment and blank lines dropped).
public func traceLines(_ name: String) throws -> [String] {
    let text = try String(contentsOf: Fixtures.trace("nmea/\(name)"), encoding: .utf8)
    return text.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix("$") || $0.hasPrefix("!") }
}

/// `body` (a sentence between `$` and `*`) framed as an NMEA sentence: `$`, the body, `*`, its
/// checksum in two hex digits and CR LF.
public func nmeaSentence(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
    let hex = String(sum, radix: 16, uppercase: true)
    return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\r\n"
}
