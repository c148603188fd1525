import Foundation
import TestSupport

/// Debian's `chromium --headless` on one URL with the DevTools protocol on a port of its own
/// choosing (`--remote-debugging-port=0`, read back from `DevToolsActivePort`), and a
/// `DevToolsClient` attached to the page. `stop()` closes the client and kills the browser;
/// the process is also killed when this value goes away, so a failing test leaves none behind.
final class HeadlessChromium {
    static let executable = "/usr/bin/chromium"
    /// Whether Chromium is installed (the browser tests are skipped otherwise).
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    let process: ChildProcess
    let devtools: DevToolsClient

    enum Failure: Error { case noDevToolsPort(String) }

    /// Starts Chromium on `url` with a fresh profile in `directory` and a `width`×`height` window.
    init(url: String, directory: TemporaryDirectory, width: Int = 1200, height: Int = 800, timeout: Double = 60) throws {
        let profile = directory.file("profile")
        process = try ChildProcess(
            Self.executable,
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--mute-audio",
             "--user-data-dir=\(profile)", "--window-size=\(width),\(height)", "--remote-debugging-port=0", url],
            stdout: directory.file("chromium.out"), stderr: directory.file("chromium.err"))
        let deadline = Date(timeIntervalSinceNow: timeout)
        var port: UInt16?
        while port == nil && Date() < deadline && process.isRunning {
            port = (try? String(contentsOfFile: profile + "/DevToolsActivePort", encoding: .utf8))
                .flatMap { $0.split(separator: "\n").first }.flatMap { UInt16($0) }
            if port == nil { usleep(50_000) }
        }
        guard let port else {
            process.stop()
            let errors = (try? String(contentsOfFile: directory.file("chromium.err"), encoding: .utf8)) ?? ""
            throw Failure.noDevToolsPort(String(errors.suffix(2000)))
        }
        do {
            devtools = try DevToolsClient(port: port, timeout: timeout)
        } catch {
            process.stop()
            throw error
        }
    }

    /// Closes the DevTools connection and stops the browser.
    func stop() {
        devtools.close()
        process.stop()
    }
}
