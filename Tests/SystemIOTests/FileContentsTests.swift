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

    @Test("readFileOrPipe: a regular file and a FIFO with a writer are read; a device, a directory and a sparse file over the limit are refused unread")
    func fileOrPipe() throws {
        let dir = try TemporaryDirectory(prefix: "filecontents")
        defer { dir.remove() }
        let text = Data(repeating: 0x41, count: 100)
        try text.write(to: URL(fileURLWithPath: dir.file("a")))
        #expect(try FileContents.readFileOrPipe(dir.file("a"), maximumBytes: 100) == [UInt8](text))
        #expect(mkfifo(dir.file("fifo"), 0o600) == 0)
        let writer = try ChildProcess("/bin/sh", ["-c", #"cat "$0" > "$1""#, dir.file("a"), dir.file("fifo")])
        defer { writer.stop() }
        #expect(try FileContents.readFileOrPipe(dir.file("fifo"), maximumBytes: 100) == [UInt8](text))
        #expect(throws: FileReadError(.device)) { try FileContents.readFileOrPipe("/dev/zero", maximumBytes: 100) }
        #expect(FileReadError(.device).description == "is a device, not a file")
        #expect(throws: FileReadError(.isDirectory)) { try FileContents.readFileOrPipe(dir.path, maximumBytes: 100) }
        // 3 GB of holes: refused from its size alone (reading it would take seconds and 3 GB).
        #expect(truncate(dir.file("a"), 3 << 30) == 0)
        #expect(throws: FileReadError(.tooLarge(size: 3 << 30, limit: 100))) { try FileContents.readFileOrPipe(dir.file("a"), maximumBytes: 100) }
    }

    @Test("openFileOrReadPipe: a regular file of any size is opened unread, a FIFO with a writer read whole; a device and a directory are refused")
    func openFileOrReadPipe() throws {
        let dir = try TemporaryDirectory(prefix: "filecontents")
        defer { dir.remove() }
        let text = Data(repeating: 0x41, count: 100)
        try text.write(to: URL(fileURLWithPath: dir.file("a")))
        #expect(mkfifo(dir.file("fifo"), 0o600) == 0)
        let writer = try ChildProcess("/bin/sh", ["-c", #"cat "$0" > "$1""#, dir.file("a"), dir.file("fifo")])
        defer { writer.stop() }
        guard case .pipe(let bytes) = try FileContents.openFileOrReadPipe(dir.file("fifo"), maximumPipeBytes: 100) else {
            Issue.record("a FIFO is not a regular file")
            return
        }
        #expect(bytes == [UInt8](text))
        #expect(truncate(dir.file("a"), 3 << 30) == 0)  // no limit for a regular file: nothing is read yet
        guard case .file(let file) = try FileContents.openFileOrReadPipe(dir.file("a"), maximumPipeBytes: 100) else {
            Issue.record("a regular file is not a pipe")
            return
        }
        #expect(file.byteCount == 3 << 30)
        #expect(try file.read(at: 3 << 30 - 2, count: 2) == [0, 0])
        #expect(throws: FileReadError(.device)) { try FileContents.openFileOrReadPipe("/dev/zero", maximumPipeBytes: 100) }
        #expect(throws: FileReadError(.isDirectory)) { try FileContents.openFileOrReadPipe(dir.path, maximumPipeBytes: 100) }
    }

    @Test("readFileOrPipe: a FIFO nobody writes to does not hold the reading task once it is cancelled")
    func fifoWithoutWriterIsCancellable() async throws {
        let dir = try TemporaryDirectory(prefix: "filecontents")
        defer { dir.remove() }
        #expect(mkfifo(dir.file("fifo"), 0o600) == 0)
        let path = dir.file("fifo")
        let reading = Task { try FileContents.readFileOrPipe(path, maximumBytes: 100) }
        reading.cancel()
        await #expect(throws: FileReadError(.cancelled)) { try await reading.value }
    }

    @Test("a /proc file that reports size 0 is still cut at the limit")
    func procFile() throws {
        #expect(throws: FileReadError.self) { try FileContents.read("/proc/self/status", maximumBytes: 16) }
        #expect(try FileContents.read("/proc/self/status", maximumBytes: 1 << 20).count > 16)
    }
}
