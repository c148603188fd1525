import Foundation
import TestSupport

/// A real `dbus-daemon --session` of the test's own, listening on a socket in `dir`; stopped
/// by `stop()` (and, should the test crash, by `make clean-test-leftovers` through its pid file).
final class PrivateSessionBus {
    /// The bus address, `unix:path=…`.
    let address: String
    private let daemon: ChildProcess

    init(dir: TemporaryDirectory) throws {
        let socket = dir.file("bus")
        address = "unix:path=\(socket)"
        daemon = try ChildProcess("/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--print-address", "--address=\(address)"],
                                  stdout: dir.file("dbus.out"), stderr: dir.file("dbus.err"))
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            let printed = (try? String(contentsOfFile: dir.file("dbus.out"), encoding: .utf8)) ?? ""
            if FileManager.default.fileExists(atPath: socket), printed.contains("unix:") { return }
            guard daemon.isRunning else { break }
            usleep(20_000)
        }
        daemon.stop()
        let errors = (try? String(contentsOfFile: dir.file("dbus.err"), encoding: .utf8)) ?? ""
        throw NSError(domain: "PrivateSessionBus", code: 1, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon did not start: \(errors)"])
    }

    func stop() { daemon.stop() }
}
