#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files that must stay small (routes, traces, map caches) with their size and
/// type checked before a byte is read: a directory, a FIFO or device, or a file over the
/// limit is refused without reading it, so a 1 GB file never fills memory.
public enum FileContents {
    /// The bytes of the regular file at `path`, at most `maximumBytes` of them.
    /// - Throws: `FileReadError` saying why (missing, permission denied, a directory, not a
    ///   regular file, too large); its message never quotes the file's content.
    public static func read(_ path: String, maximumBytes: Int) throws(FileReadError) -> [UInt8] {
        try read(path, maximumBytes: maximumBytes, pipes: false)
    }

    /// The bytes of the regular file, FIFO or pipe at `path` (a log, or `<(cat log)`), at most
    /// `maximumBytes` of them. A regular file's size is checked before a byte is read. A FIFO
    /// is opened without waiting for a writer and read until its writer closes it; while it
    /// waits for bytes it wakes every 200 ms to see whether the current task was cancelled.
    /// - Throws: `FileReadError` saying why (missing, permission denied, a directory, a
    ///   device, a socket, too large, or `.cancelled` when the current task was cancelled).
    public static func readFileOrPipe(_ path: String, maximumBytes: Int) throws(FileReadError) -> [UInt8] {
        try read(path, maximumBytes: maximumBytes, pipes: true)
    }

    /// What `openFileOrReadPipe` found at a path.
    public enum FileOrPipe: Sendable {
        /// A regular file, open to be read in pieces as needed, whatever its size.
        case file(RandomAccessFile)
        /// The bytes of a FIFO or pipe, read until its writer closed it.
        case pipe([UInt8])
    }

    /// The regular file at `path` opened for reading in pieces (nothing read yet, any size), or
    /// the bytes of the FIFO or pipe at `path` read as `readFileOrPipe` reads them, at most
    /// `maximumPipeBytes` of them. The path is opened once, so a FIFO's writer sees one reader.
    /// - Throws: `FileReadError` as `readFileOrPipe` does.
    public static func openFileOrReadPipe(_ path: String, maximumPipeBytes: Int) throws(FileReadError) -> FileOrPipe {
        let (fd, info) = try open(path, pipes: true)
        if info.st_mode & S_IFMT == S_IFREG { return .file(RandomAccessFile(fd: fd, byteCount: Int(info.st_size))) }
        defer { fd.close() }
        return .pipe(try readAll(fd, size: Int(info.st_size), maximumBytes: maximumPipeBytes, pipes: true))
    }

    /// `read` (`pipes` false: regular files only) and `readFileOrPipe` (`pipes` true).
    private static func read(_ path: String, maximumBytes: Int, pipes: Bool) throws(FileReadError) -> [UInt8] {
        let (fd, info) = try open(path, pipes: pipes)
        defer { fd.close() }
        return try readAll(fd, size: Int(info.st_size), maximumBytes: maximumBytes, pipes: pipes)
    }

    /// Opens `path` without waiting and checks its type: a regular file, or also a FIFO or pipe
    /// when `pipes`; the caller closes the descriptor.
    static func open(_ path: String, pipes: Bool) throws(FileReadError) -> (fd: FileDescriptor, info: stat) {
        let fd: FileDescriptor
        do {
            // O_NONBLOCK: opening a FIFO must not wait for a writer (nor a device for carrier).
            fd = try FileDescriptor.open(path, flags: O_RDONLY | O_NONBLOCK)
        } catch {
            throw FileReadError(reason(for: error))
        }
        var info = stat()
        guard fstat(fd.rawValue, &info) == 0 else {
            let code = errno
            fd.close()
            throw FileReadError(.system(SystemError(code: code, operation: "fstat")))
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || (pipes && type == S_IFIFO) else {
            fd.close()
            if type == S_IFDIR { throw FileReadError(.isDirectory) }
            if pipes, type == S_IFCHR || type == S_IFBLK { throw FileReadError(.device) }
            throw FileReadError(.notRegularFile)
        }
        return (fd, info)
    }

    /// Reads `fd` (of `size` bytes by `fstat`) to its end, at most `maximumBytes`; `pipes`: it
    /// may be a FIFO, waited for in polls that see a cancelled task.
    private static func readAll(_ fd: FileDescriptor, size: Int, maximumBytes: Int, pipes: Bool) throws(FileReadError) -> [UInt8] {
        if size > maximumBytes { throw FileReadError(.tooLarge(size: size, limit: maximumBytes)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        // Files under /proc report size 0, and a file may grow while read: stop past the limit.
        while true {
            if pipes, Task.isCancelled { throw FileReadError(.cancelled) }
            let chunk: [UInt8]
            do throws(SystemError) {
                // A regular file is always ready; a FIFO is not until a writer has written or left.
                if pipes, try fd.poll(events: Int16(POLLIN), timeoutMilliseconds: 200) == 0 { continue }
                chunk = try fd.read(upTo: min(1 << 20, maximumBytes + 1 - bytes.count))
            } catch where error.code == EAGAIN {
                continue
            } catch {
                throw FileReadError(reason(for: error))
            }
            if chunk.isEmpty { return bytes }
            bytes += chunk
            if bytes.count > maximumBytes { throw FileReadError(.tooLarge(size: bytes.count, limit: maximumBytes)) }
        }
    }

    /// Opens `path` to be read as a stream (a log, a FIFO, a device); the caller closes it.
    /// - Throws: `FileReadError` when it is missing, unreadable or a directory.
    public static func openForReading(_ path: String) throws(FileReadError) -> FileDescriptor {
        let fd: FileDescriptor
        do { fd = try FileDescriptor.open(path, flags: O_RDONLY) } catch { throw FileReadError(reason(for: error)) }
        var info = stat()
        if fstat(fd.rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            fd.close()
            throw FileReadError(.isDirectory)
        }
        return fd
    }

    static func reason(for error: SystemError) -> FileReadError.Reason {
        switch error.code {
        case ENOENT, ENOTDIR: .noSuchFile
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .isDirectory
        default: .system(error)
        }
    }
}

/// Why `FileContents.read` refused a file. The message is one line without the path (the
/// caller names the file, e.g. `cannot read route x.json: is a directory`) and never quotes
/// the file's content.
public struct FileReadError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The kinds of refusal.
    public enum Reason: Equatable, Sendable {
        /// Nothing at the path (ENOENT, ENOTDIR).
        case noSuchFile
        /// The file exists but may not be read (EACCES, EPERM).
        case permissionDenied
        /// The path is a directory.
        case isDirectory
        /// A FIFO, socket or device: only regular files are read whole.
        case notRegularFile
        /// A character or block device (`/dev/zero`, a disk): never read as a file.
        case device
        /// The current task was cancelled while the file was read.
        case cancelled
        /// The file holds `size` bytes (at least), more than `limit`.
        case tooLarge(size: Int, limit: Int)
        /// Another system error.
        case system(SystemError)
    }

    /// Why the file was refused.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .noSuchFile: "no such file"
        case .permissionDenied: "permission denied"
        case .isDirectory: "is a directory"
        case .notRegularFile: "not a regular file"
        case .device: "is a device, not a file"
        case .cancelled: "cancelled"
        case .tooLarge(let size, let limit): "is \(size) bytes, over the limit of \(limit)"
        case .system(let error): error.message
        }
    }
}
