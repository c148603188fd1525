import Foundation

/// Runs the built `waygate` executable to completion, as a user would from a shell.
public enum WaygateRunner {
    /// What a finished run printed and returned.
    public struct Result: Sendable {
        /// Exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var stdout: String
        /// Everything written to standard error.
        public var stderr: String
        /// Standard output split into lines (without the trailing empty one).
        public var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// Runs `waygate ARGS` with `stdin` (a file path) and waits up to `timeout` seconds.
    public static func run(_ arguments: [String], stdin: String? = nil, timeout: Double = 120) throws -> Result {
        let dir = try TemporaryDirectory(prefix: "run")
        defer { dir.remove() }
        let out = dir.file("stdout"), err = dir.file("stderr")
        let child = try ChildProcess(Fixtures.waygateExecutable.path, arguments, stdout: out, stderr: err, stdin: stdin)
        let status = child.wait(timeout: timeout) ?? child.stop() ?? -1
        return Result(
            status: status, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}
