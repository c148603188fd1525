#if canImport(Glibc)
import Glibc
#endif
import SystemIO

/// A poll loop's listener after accept failed (EMFILE, ENFILE, …). The listener stays readable,
/// so rather than spin on it the loop stops polling it until a client leaves or `pause` has
/// passed, however busy the other clients keep the loop; the failure is logged once until an
/// accept works again. Used by the Unix-socket server and the gpsd-compatible port alike.
struct AcceptPause {
    /// How long the listener is left alone after accept failed, unless a client leaves sooner.
    static let pause = Duration.seconds(1)

    /// When polling the listener resumes; nil while it is polled.
    private var until: ContinuousClock.Instant?
    /// The error of the failure last logged; nil since an accept worked.
    private var failure: Int32?

    /// The listener's `pollfd` events: `POLLIN`, or none while paused.
    var listenerEvents: Int16 { until == nil ? Int16(POLLIN) : 0 }

    /// `poll`'s timeout in milliseconds: `otherwise` (−1: none), shortened to the end of a pause.
    func pollTimeout(otherwise: Int32) -> Int32 {
        guard let until else { return otherwise }
        let left = until - .now
        let pauseLeft = left > .zero
            ? Int32(clamping: left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1) : 0
        return otherwise < 0 ? pauseLeft : min(otherwise, pauseLeft)
    }

    /// After `poll`: a pause that has run its time ends.
    mutating func expire() {
        if let until, ContinuousClock.now >= until { self.until = nil }
    }

    /// A client left, so a descriptor is free: the listener is polled again.
    mutating func clientLeft() { until = nil }

    /// Records how accepting went (`error` nil: every waiting connection was taken); pauses the
    /// listener after a failure. True when the failure is new and should be logged.
    mutating func accepted(failing error: SystemError?) -> Bool {
        guard let error else {
            failure = nil
            return false
        }
        until = .now + Self.pause
        defer { failure = error.code }
        return error.code != failure
    }
}
