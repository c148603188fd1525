import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` and a cleared signal mask, so SIGTERM reaches it
/// even when spawned from async test code (Foundation.Process children inherit a blocked mask,
/// TOOLCHAIN.md §7). Its pid is written to `pidDirectory` so `.ci/run` can reap leftovers.
public final class ChildProcess: @unchecked Sendable {  // pid is immutable; `exitStatus` is guarded by `lock`.
    /// The child's process id.
    public let pid: pid_t
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`; stdout and stderr go to the given files (or /dev/null).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                stdout: String? = nil, stderr: String? = nil, stdin: String? = nil) throws {
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        var child: pid_t = 0
        let rc = executable.contains("/")
            ? posix_spawn(&child, executable, &actions, &attr, argv, env)
            : posix_spawnp(&child, executable, &actions, &attr, argv, env)
        guard rc == 0 else {
            throw NSError(domain: "ChildProcess", code: Int(rc), userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable): \(String(cString: strerror(rc)))"])
        }
        pid = child
        let dir = ProcessInfo.processInfo.environment["WAYGATE_TEST_DIR"] ?? "/tmp/waygate-test"
        try? FileManager.default.createDirectory(atPath: dir + "/pids", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: "\(dir)/pids/\(child)", contents: Data(executable.utf8))
    }

    /// Whether the child is still running (reaps it if it has exited).
    public var isRunning: Bool { reap(options: WNOHANG) == nil }

    /// The exit code once the child has exited (nil while running); a signal death is 128 + signal.
    public var exitCode: Int32? { reap(options: WNOHANG) }

    private func reap(options: Int32) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        let r = waitpid(pid, &status, options)
        guard r == pid else { return nil }
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exitStatus = code
        let dir = ProcessInfo.processInfo.environment["WAYGATE_TEST_DIR"] ?? "/tmp/waygate-test"
        try? FileManager.default.removeItem(atPath: "\(dir)/pids/\(pid)")
        return code
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) { if isRunning { kill(pid, signal) } }

    /// Waits (polling, up to `timeout` seconds) for the child to exit; its exit code, or nil.
    @discardableResult
    public func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let code = exitCode { return code }
            usleep(10_000)
        }
        return exitCode
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; returns the exit code.
    @discardableResult
    public func stop(grace: Double = 3) -> Int32? {
        send(SIGTERM)
        if let code = wait(timeout: grace) { return code }
        kill(pid, SIGKILL)
        return wait(timeout: 5)
    }

    deinit { if exitStatus == nil { kill(pid, SIGKILL); _ = reap(options: 0) } }
}
