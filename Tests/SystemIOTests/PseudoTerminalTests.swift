import Foundation
import SystemIO
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite("PseudoTerminal")
struct PseudoTerminalTests {
    @Test("bytes written to the primary side are read through the symlink")
    func bytesFlowThroughLink() throws {
        let dir = try TemporaryDirectory(prefix: "pty")
        defer { dir.remove() }
        let pty = try PseudoTerminal(link: dir.file("gps"))
        defer { pty.close() }
        #expect(pty.devicePath.hasPrefix("/dev/pts/"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("gps")) == pty.devicePath)
        try pty.writeAll(Array("$GPTXT,hello*00\r\n".utf8))
        let port = try SerialPort(path: dir.file("gps"), baudRate: 9600)
        defer { port.close() }
        #expect(try port.read(maxBytes: 100, timeoutMilliseconds: 2000) == .data(Array("$GPTXT,hello*00\r\n".utf8)))
    }

    @Test("a new pair with the same link replaces the symlink, and close removes only its own link")
    func linkIsReplacedAndRemoved() throws {
        let dir = try TemporaryDirectory(prefix: "pty")
        defer { dir.remove() }
        let first = try PseudoTerminal(link: dir.file("gps"))
        let second = try PseudoTerminal(link: dir.file("gps"))
        #expect(first.devicePath != second.devicePath)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("gps")) == second.devicePath)
        first.close()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("gps")) == second.devicePath)
        second.close()
        #expect(!FileManager.default.fileExists(atPath: dir.file("gps")))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir.file("gps"))) == nil)
    }

    @Test("writing never blocks when no reader drains the pty")
    func writeDoesNotBlock() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let chunk = [UInt8](repeating: 0x41, count: 4096)
        var total = 0
        for _ in 0..<256 {
            let n = try pty.write(chunk)
            total += n
            if n == 0 { break }
        }
        #expect(total > 0)
        #expect(total < 256 * 4096)
    }
}
