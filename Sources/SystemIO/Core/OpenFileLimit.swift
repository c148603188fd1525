#if canImport(Glibc)
import Glibc
#endif

/// The most descriptors this process may have open: the soft `RLIMIT_NOFILE` (`ulimit -n`;
/// systemd gives services 1,024 unless the unit sets `LimitNOFILE=`). A new descriptor must be
/// numbered below it: past it `accept`, `open`, `socket` and `pipe` fail with EMFILE.
public enum OpenFileLimit {
    /// The soft limit now; `Int.max` when there is none (`RLIM_INFINITY`, all ones) or it cannot be read.
    public static var current: Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return Int.max }
        return Int(clamping: limit.rlim_cur)
    }
}
