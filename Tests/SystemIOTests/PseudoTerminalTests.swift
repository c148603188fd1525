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

    @Test("a regular file, a directory or a link elsewhere at the link's path is refused and left as it was")
    func existingPathIsRefused() throws {
        let dir = try TemporaryDirectory(prefix: "pty")
        defer { dir.remove() }
        let file = dir.file("precious.txt")
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createDirectory(atPath: dir.file("folder"), withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: URL(fileURLWithPath: dir.file("folder/x")))
        try FileManager.default.createSymbolicLink(atPath: dir.file("elsewhere"), withDestinationPath: file)
        for path in [file, dir.file("folder"), dir.file("elsewhere")] {
            #expect(throws: SystemError(code: EEXIST, operation: "symlink \(path) (the path exists and is not a link to a pseudo-terminal)")) {
                _ = try PseudoTerminal(link: path)
            }
        }
        #expect(FileManager.default.contents(atPath: file) == Data("precious\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("folder")) == ["x"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("elsewhere")) == file)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["elsewhere", "folder", "precious.txt"])
    }

    @Test("a stale link into /dev/pts/, left by a killed process, is replaced")
    func staleLinkIsReplaced() throws {
        let dir = try TemporaryDirectory(prefix: "pty")
        defer { dir.remove() }
        try FileManager.default.createSymbolicLink(atPath: dir.file("gps"), withDestinationPath: "/dev/pts/999999")
        let pty = try PseudoTerminal(link: dir.file("gps"))
        defer { pty.close() }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("gps")) == pty.devicePath)
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
