#if canImport(Glibc)
import Glibc
#endif

/// A regular file open for reading at any offset (`pread`), so a large file is read in the pieces
/// needed instead of whole; safe to read from several threads at once. Closed when the last
/// reference goes away.
public final class RandomAccessFile: @unchecked Sendable {
    private let fd: FileDescriptor
    /// The file's size in bytes when opened.
    public let byteCount: Int

    /// Opens the regular file at `path`.
    /// - Throws: `FileReadError` when it is missing, unreadable, a directory or not a regular file.
    public convenience init(path: String) throws(FileReadError) {
        let (fd, info) = try FileContents.open(path, pipes: false)
        self.init(fd: fd, byteCount: Int(info.st_size))
    }

    /// Takes over `fd`, a regular file of `byteCount` bytes.
    init(fd: FileDescriptor, byteCount: Int) {
        self.fd = fd
        self.byteCount = byteCount
    }

    deinit { fd.close() }

    /// The `count` bytes at `offset`.
    /// - Throws: `SystemError` when reading fails or the file ends before them (it shrank).
    public func read(at offset: Int, count: Int) throws(SystemError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = try retryingInterrupts("pread fd \(fd.rawValue)") {
                buffer.withUnsafeMutableBytes { pread(fd.rawValue, $0.baseAddress.map { $0 + done }, count - done, off_t(offset + done)) }
            }
            guard n > 0 else { throw SystemError(code: EIO, operation: "pread past the end of the file at byte \(offset + done)") }
            done += n
        }
        return buffer
    }
}
