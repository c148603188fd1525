import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 11 items 3 and 6: whole-file reads check type and size before reading.
@Suite("FileContents")
struct FileContentsTests {
    @Test("a regular file under the limit is read; one over it, a directory, a FIFO and a missing path are refused")
    func refusals() throws {
        let dir = try TemporaryDirectory(prefix: "filecontents")
        defer { dir.remove() }
        try Data(repeating: 0x41, count: 100).write(to: URL(fileURLWithPath: dir.file("a")))
        #expect(try FileContents.read(dir.file("a"), maximumBytes: 100).count == 100)
        #expect(throws: FileReadError(.tooLarge(size: 100, limit: 99))) { try FileContents.read(dir.file("a"), maximumBytes: 99) }
        #expect(FileReadError(.tooLarge(size: 100, limit: 99)).description == "is 100 bytes, over the limit of 99")
        #expect(throws: FileReadError(.isDirectory)) { try FileContents.read(dir.path, maximumBytes: 99) }
        #expect(throws: FileReadError(.noSuchFile)) { try FileContents.read(dir.file("none"), maximumBytes: 99) }
        #expect(mkfifo(dir.file("fifo"), 0o600) == 0)
        #expect(throws: FileReadError(.notRegularFile)) { try FileContents.read(dir.file("fifo"), maximumBytes: 99) }
    }

    @Test("a /proc file that reports size 0 is still cut at the limit")
    func procFile() throws {
        #expect(throws: FileReadError.self) { try FileContents.read("/proc/self/status", maximumBytes: 16) }
        #expect(try FileContents.read("/proc/self/status", maximumBytes: 1 << 20).count > 16)
    }
}
