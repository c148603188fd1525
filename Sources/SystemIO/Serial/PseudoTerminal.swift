
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair with an optional stable symlink to its device side: a virtual
/// serial port for tests and for `waygate simulate --pty LINK`.
///
/// Waygate writes NMEA into `primary` (the master side); a reader opens `devicePath` or
/// `link` like any tty. The pair keeps its own device-side descriptor open, set raw, so bytes
/// written before a reader attaches are buffered instead of being refused. `close()` ends the
/// pair: readers see a hang-up (POLLHUP / EIO), like an unplugged receiver. A new pair created
/// with the same link replaces the symlink atomically, like a receiver plugged back in. Only a
/// symlink into `/dev/pts/` (a pair's own link, perhaps left by a killed process) is ever
/// replaced: anything else at the link's path is refused and left as it is.
public final class PseudoTerminal: Sendable {
    /// The master side: write what a receiver would send, read what a client writes to it.
    public let primary: FileDescriptor
    /// The device side's own path, e.g. `/dev/pts/7`.
    public let devicePath: String
    /// The symlink pointing at `devicePath`, if one was requested.
    public let link: String?
    private let secondary: FileDescriptor
    private let isClosed = Locked(false)

    /// Opens a new pair (raw, non-blocking master) and, if `link` is given, points that
    /// symlink at the device side, replacing a symlink into `/dev/pts/` that was there.
    /// - Throws: `SystemError` EEXIST when `link` exists and is not such a symlink (a file, a
    ///   directory, a device, a link elsewhere), which is left untouched.
    public init(link: String? = nil) throws(SystemError) {
        if let link { try Self.checkReplaceable(link) }
        var master: Int32 = -1
        var slave: Int32 = -1
        _ = try retryingInterrupts("openpty") { openpty(&master, &slave, nil, nil, nil) }
        primary = FileDescriptor(rawValue: master)
        secondary = FileDescriptor(rawValue: slave)
        self.link = link
        var name = [CChar](repeating: 0, count: 128)
        let rc = ttyname_r(slave, &name, name.count)
        guard rc == 0 else {
            Glibc.close(master)
            Glibc.close(slave)
            throw SystemError(code: rc, operation: "ttyname_r of new pty")
        }
        devicePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(SystemError) {
            for fd in [master, slave] { _ = try retryingInterrupts("fcntl FD_CLOEXEC") { fcntl(fd, F_SETFD, FD_CLOEXEC) } }
            try primary.setNonBlocking(true)
            var t = termios()
            _ = try retryingInterrupts("tcgetattr \(devicePath)") { tcgetattr(slave, &t) }
            cfmakeraw(&t)
            _ = try retryingInterrupts("tcsetattr \(devicePath)") { tcsetattr(slave, TCSANOW, &t) }
            if let link { try Self.replaceSymlink(link, pointingAt: devicePath) }
        } catch {
            Glibc.close(master)
            Glibc.close(slave)
            throw error
        }
    }

    deinit { close() }

    /// Writes as much of `bytes` as the pty buffer takes now (it never blocks); returns the count.
    @discardableResult
    public func write(_ bytes: some Collection<UInt8>) throws(SystemError) -> Int {
        do {
            return try primary.write(bytes)
        } catch where error.code == EAGAIN {
            return 0
        }
    }

    /// Writes all of `bytes`, waiting while the reader drains the buffer.
    public func writeAll(_ bytes: some Collection<UInt8>) throws(SystemError) {
        try primary.writeAll(bytes)
    }

    /// Closes both sides (readers see a hang-up) and removes the symlink if it still points here.
    public func close() {
        let wasClosed = isClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        primary.close()
        secondary.close()
        if let link, Self.symlinkTarget(link) == devicePath { unlink(link) }
    }

    /// Where `path` points, if it is a symlink.
    static func symlinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Throws EEXIST unless `link` is missing or a symlink into `/dev/pts/`.
    static func checkReplaceable(_ link: String) throws(SystemError) {
        var info = stat()
        guard lstat(link, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFLNK, symlinkTarget(link)?.hasPrefix("/dev/pts/") == true else {
            throw SystemError(code: EEXIST, operation: "symlink \(link) (the path exists and is not a link to a pseudo-terminal)")
        }
    }

    /// Creates `link` → `target` under a temporary name, then renames it over `link`, so a
    /// reader never sees the link missing.
    static func replaceSymlink(_ link: String, pointingAt target: String) throws(SystemError) {
        let temporary = "\(link).\(getpid()).tmp"
        unlink(temporary)
        _ = try retryingInterrupts("symlink \(temporary)") { symlink(target, temporary) }
        do throws(SystemError) {
            _ = try retryingInterrupts("rename \(temporary) to \(link)") { rename(temporary, link) }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
