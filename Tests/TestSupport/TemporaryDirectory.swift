import Foundation

/// A fresh directory under `$WAYGATE_TEST_DIR` (default `/tmp/waygate-test`) removed on `remove()`.
/// Tests put sockets, ptys and pid files here so `.ci/run` can clean up after a crash.
public struct TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL
    /// Its path.
    public var path: String { url.path }

    /// Creates the directory.
    public init(prefix: String = "t") throws {
        let base = ProcessInfo.processInfo.environment["WAYGATE_TEST_DIR"] ?? "/tmp/waygate-test"
        let name = "\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))"
        url = URL(fileURLWithPath: base).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `path` + "/" + `name`.
    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
