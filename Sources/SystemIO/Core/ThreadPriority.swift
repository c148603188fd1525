import CWaygateSys
import Glibc

/// The calling thread's nice value. Linux keeps one per thread, so a receiver's reader can run
/// ahead of the daemon's other threads (routing, map loading) without renicing them all.
public enum ThreadPriority {
    /// The nice value a receiver's reader thread asks for: gpsd's (`NICEVAL`, which gpsd 3.22 sets
    /// for its whole process when started as root), so a fix reaches clients as promptly.
    public static let receiverReader: Int32 = -10

    /// Sets the calling thread's nice value; false (the value unchanged) when the process may not
    /// lower it — neither root nor `CAP_SYS_NICE`, and `RLIMIT_NICE` (systemd's `LimitNICE=`)
    /// leaves no room.
    @discardableResult
    public static func setNice(_ value: Int32) -> Bool {
        waygate_set_thread_nice(value) == 0
    }

    /// The calling thread's nice value.
    public static var nice: Int32 { waygate_thread_nice() }
}
