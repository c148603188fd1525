import Foundation

/// Waygate's own threads, named so that `top -H`, `perf` and `/proc/PID/task/*/comm` tell them
/// apart. Linux keeps at most 15 bytes of a thread's name and refuses a longer one outright
/// (`pthread_setname_np` fails with `ERANGE`, and the thread keeps its creator's name), so the
/// name is cut to fit, on a character boundary.
public enum NamedThread {
    /// The most bytes of a name Linux keeps.
    public static let maximumNameBytes = 15

    /// Runs `body` on a new detached thread called `name` (cut to `maximumNameBytes`).
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let shortName = fitted(name)
        Thread {
            Thread.current.name = shortName  // on the thread itself: Foundation then names the OS thread
            body()
        }.start()
    }

    /// `name` cut to the longest prefix of whole characters that fits in `maximumNameBytes`.
    public static func fitted(_ name: String) -> String {
        var result = ""
        var bytes = 0
        for character in name {
            bytes += character.utf8.count
            if bytes > maximumNameBytes { break }
            result.append(character)
        }
        return result
    }
}
