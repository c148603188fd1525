#if canImport(Glibc)
import Glibc
#endif
import SystemIO

/// A self-pipe that lets any thread wake the event server's `poll` loop.
struct WakePipe {
    /// The end the I/O thread polls for POLLIN.
    let readEnd: FileDescriptor
    /// The end other threads write a byte to.
    let writeEnd: FileDescriptor

    /// A non-blocking, close-on-exec pipe.
    init() throws(SystemError) {
        var fds: [Int32] = [-1, -1]
        _ = try retryingInterrupts("pipe for the event server wake-up") { pipe(&fds) }
        readEnd = FileDescriptor(rawValue: fds[0])
        writeEnd = FileDescriptor(rawValue: fds[1])
        for fd in [readEnd, writeEnd] {
            try fd.setNonBlocking(true)
            _ = fcntl(fd.rawValue, F_SETFD, FD_CLOEXEC)
        }
    }

    /// Makes the read end readable (a full pipe already is, so EAGAIN is ignored).
    func wake() { _ = try? writeEnd.write([1]) }

    /// Empties the pipe.
    func drain() {
        while let bytes = try? readEnd.read(upTo: 256), !bytes.isEmpty {}
    }

    /// Closes both ends.
    func close() {
        readEnd.close()
        writeEnd.close()
    }
}
