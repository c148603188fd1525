#if canImport(Glibc)
import Glibc
#endif

/// Resolves the user and group names of `--socket-group`, `--allow-uid` and `--allow-gid`
/// (a number is taken as an id as it is).
public enum AccountLookup {
    /// The gid of group `name` (or the number `name` spells); throws ENOENT naming it when unknown.
    public static func groupID(_ name: String) throws(SystemError) -> UInt32 {
        if let id = UInt32(name) { return id }
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let rc = getgrnam_r(name, &entry, &buffer, buffer.count, &result)
        guard rc == 0, result != nil else { throw SystemError(code: rc == 0 ? ENOENT : rc, operation: "look up group \"\(name)\"") }
        return entry.gr_gid
    }

    /// The uid of user `name` (or the number `name` spells); throws ENOENT naming it when unknown.
    public static func userID(_ name: String) throws(SystemError) -> UInt32 {
        if let id = UInt32(name) { return id }
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let rc = getpwnam_r(name, &entry, &buffer, buffer.count, &result)
        guard rc == 0, result != nil else { throw SystemError(code: rc == 0 ? ENOENT : rc, operation: "look up user \"\(name)\"") }
        return entry.pw_uid
    }
}
