import CWaygateSys
#if canImport(Glibc)
import Glibc
#endif

/// A regular file mapped read-only and shared (`PROT_READ`, `MAP_SHARED`): every process mapping
/// the same file shares its pages in the page cache, and only the pages read are loaded. Unmapped
/// when the last reference goes away. The file must not be rewritten in place while mapped
/// (replace it with a rename, as the map cache does): reading a page cut off by truncation raises
/// SIGBUS, which ends the process with one line naming the file (`waygate_watch_mapping`) rather
/// than a bare "Bus error".
public final class MappedFile: @unchecked Sendable {
    /// The mapped bytes.
    public let bytes: UnsafeRawBufferPointer

    /// Maps the regular file at `path`.
    /// - Throws: `FileReadError` when it is missing, unreadable, not a regular file, empty, or cannot be mapped.
    public init(path: String) throws(FileReadError) {
        let fd: FileDescriptor
        do { fd = try FileDescriptor.open(path, flags: O_RDONLY | O_NONBLOCK) } catch { throw FileReadError(FileContents.reason(for: error)) }
        defer { fd.close() }
        var info = stat()
        guard fstat(fd.rawValue, &info) == 0 else { throw FileReadError(.system(SystemError(code: errno, operation: "fstat"))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileReadError(info.st_mode & S_IFMT == S_IFDIR ? .isDirectory : .notRegularFile) }
        let size = Int(info.st_size)
        guard size > 0 else { throw FileReadError(.system(SystemError(code: EINVAL, operation: "mmap of an empty file"))) }
        guard let base = mmap(nil, size, PROT_READ, MAP_SHARED, fd.rawValue, 0), base != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw FileReadError(.system(SystemError(code: errno, operation: "mmap")))
        }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
        _ = waygate_watch_mapping(base, size, path)
    }

    /// Drops the mapped pages from this process's resident memory (`madvise(MADV_DONTNEED)`): they
    /// stay in the page cache, shared, and are read back from it (or the file) when touched again.
    public func releaseResidentPages() {
        if let base = bytes.baseAddress { _ = madvise(UnsafeMutableRawPointer(mutating: base), bytes.count, MADV_DONTNEED) }
    }

    deinit {
        guard let base = bytes.baseAddress else { return }
        waygate_unwatch_mapping(base)
        munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
    }
}
