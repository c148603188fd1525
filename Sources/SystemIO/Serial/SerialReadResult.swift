/// What one bounded wait for serial input produced.
public enum SerialReadResult: Sendable, Equatable {
    /// Bytes arrived (never empty).
    case data([UInt8])
    /// Nothing arrived within the timeout; the device is still there.
    case timeout
    /// The device went away: POLLHUP/POLLERR, `read()` returned 0 or EIO (unplug, pty writer closed).
    case hangup
}
