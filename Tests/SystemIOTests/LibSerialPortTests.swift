import Foundation
import SystemIO
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// libserialport refuses pseudo-terminals, so its driver is tested in a child copy of this
/// test binary that runs with the PtyShim LD_PRELOAD library and reaches the pty through the
/// `/dev/../../..` path trick (TOOLCHAIN.md §3). The child part is enabled only by the
/// environment variable the parent sets. The child also runs LocationSourcesTests'
/// `childSourceThroughLibserialport`, the whole serial source on this driver.
@Suite("LibSerialPort")
struct LibSerialPortTests {
    static let childVariable = "WAYGATE_LIBSERIALPORT_CHILD_DIR"

    @Test("libserialport reads NMEA from a pty and reports its hang-up (child process with PtyShim)",
          .enabled(if: ProcessInfo.processInfo.environment[LibSerialPortTests.childVariable] == nil))
    func libserialportInChildProcess() throws {
        let dir = try TemporaryDirectory(prefix: "lsp")
        defer { dir.remove() }
        let executable = try #require(Self.testExecutable(), "cannot locate the test binary in /proc/self/exe")
        let shim = try #require(Self.ptyShimLibrary(), "libPtyShim.so not built (swift build --product PtyShim)")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = shim
        environment[Self.childVariable] = dir.path
        let child = try ChildProcess(executable, ["--testing-library", "swift-testing", "--filter", "childReadsThroughLibserialport", "--filter", "childSourceThroughLibserialport"],
                                     environment: environment, stdout: dir.file("out.txt"), stderr: dir.file("err.txt"))
        defer { child.stop() }
        let code = child.wait(timeout: 60)
        let output = ["out.txt", "err.txt"].map { (try? String(contentsOfFile: dir.file($0), encoding: .utf8)) ?? "" }.joined()
        #expect(code == 0, "child output:\n\(output.suffix(2000))")
        #expect(output.contains("(child) LibSerialPort via the path trick") && !output.contains("✘"))
        #expect(FileManager.default.fileExists(atPath: dir.file("child-ok")))
        // The same child also runs SerialNMEASource on this driver (LocationSourcesTests).
        #expect(FileManager.default.fileExists(atPath: dir.file("source-child-ok")))
    }

    @Test("(child) LibSerialPort via the path trick: driver, data, hang-up",
          .enabled(if: ProcessInfo.processInfo.environment[LibSerialPortTests.childVariable] != nil))
    func childReadsThroughLibserialport() throws {
        let dir = try #require(ProcessInfo.processInfo.environment[Self.childVariable])
        let pty = try PseudoTerminal(link: dir + "/ttyB")
        let trick = "/dev/../../.." + dir + "/ttyB"
        let port = try SerialPortOpener.open(trick, baudRate: 4800, driver: .libserialport)
        defer { port.close() }
        #expect(port.driver == "libserialport")
        try port.setBaudRate(9600)
        #expect(port.baudRate == 9600)
        let sentence = Array("$GPGGA,030719.000,3747.0873,S,17518.8938,E,1,08,1.1,59.9,M,23.7,M,,0000*7D\r\n".utf8)
        try pty.writeAll(sentence)
        var received: [UInt8] = []
        for _ in 0..<50 where received.count < sentence.count {
            if case .data(let bytes) = try port.read(maxBytes: 256, timeoutMilliseconds: 100) { received += bytes }
        }
        #expect(received == sentence)
        pty.close()
        var result = SerialReadResult.timeout
        for _ in 0..<20 where result == .timeout { result = try port.read(maxBytes: 256, timeoutMilliseconds: 100) }
        #expect(result == .hangup)
        _ = FileManager.default.createFile(atPath: dir + "/child-ok", contents: Data())
    }

    @Test("a device libserialport does not know is refused with EINVAL naming the path")
    func unknownDeviceIsRefused() {
        let error = #expect(throws: SystemError.self) { try LibSerialPort(path: "/tmp/waygate-not-a-port") }
        #expect(error?.code == EINVAL)
        #expect(error?.description.contains("/tmp/waygate-not-a-port") == true)
    }

    /// The running test binary.
    static func testExecutable() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    }

    /// `libPtyShim.so` next to the test binary (the build folder).
    static func ptyShimLibrary() -> String? {
        guard let exe = testExecutable() else { return nil }
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("libPtyShim.so").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }
}
