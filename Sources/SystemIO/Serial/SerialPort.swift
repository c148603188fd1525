#if canImport(Glibc)
import Glibc
#endif

/// A serial device read through plain termios: works on USB-serial adapters and on
/// pseudo-terminals alike (libserialport 0.1.1 refuses ptys, TOOLCHAIN.md §3).
///
/// Opened `O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC`, set raw (`cfmakeraw`, 8N1, CLOCAL,
/// CREAD) at the given speed; reads poll with a timeout. Use from one thread only.
public final class SerialPort: SerialConnection {
    /// The line speeds Waygate can set, in bits per second (the standard NMEA/GNSS rates).
    public static let supportedBaudRates = [4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600]

    /// The path the port was opened with.
    public let path: String
    /// Always `"termios"`.
    public let driver = "termios"
    /// The current line speed, bits per second.
    public private(set) var baudRate: Int
    private var descriptor: FileDescriptor?
    /// The buffer each read fills, kept across reads (a read returns a copy of what arrived: a
    /// few hundred bytes, not a fresh zeroed `maxBytes`).
    private var scratch: [UInt8] = []

    /// Opens `path` raw at `baudRate` bits per second.
    public init(path: String, baudRate: Int = 9600) throws(SystemError) {
        self.path = path
        self.baudRate = baudRate
        let fd = try FileDescriptor.open(path, flags: O_RDWR | O_NOCTTY | O_NONBLOCK)
        descriptor = fd
        try configure(fd, baud: baudRate, flush: false)
    }

    deinit { close() }

    /// The underlying descriptor, while open.
    public var fileDescriptor: FileDescriptor? { descriptor }

    /// Re-clocks the port (raw 8N1) and drops input received at the old speed.
    public func setBaudRate(_ baud: Int) throws(SystemError) {
        guard let fd = descriptor else { throw SystemError(code: EBADF, operation: "set baud on closed \(path)") }
        try configure(fd, baud: baud, flush: true)
        baudRate = baud
    }

    /// Polls up to `timeoutMilliseconds`, then reads at most `maxBytes`: data, timeout, or hang-up
    /// (POLLHUP/POLLERR/POLLNVAL, a 0-byte read, or EIO as a pty reports when its master closes).
    public func read(maxBytes: Int = 4096, timeoutMilliseconds: Int32) throws(SystemError) -> SerialReadResult {
        guard let fd = descriptor else { throw SystemError(code: EBADF, operation: "read closed \(path)") }
        let revents = try fd.poll(events: Int16(POLLIN), timeoutMilliseconds: timeoutMilliseconds)
        if revents == 0 { return .timeout }
        if revents & Int16(POLLIN) == 0 { return .hangup }  // HUP/ERR/NVAL without data
        if scratch.count != maxBytes { scratch = [UInt8](repeating: 0, count: maxBytes) }
        do {
            let count = try fd.read(into: &scratch)
            return count == 0 ? .hangup : .data(Array(scratch[..<count]))
        } catch where error.code == EAGAIN {
            return .timeout
        } catch where error.code == EIO || error.code == ENXIO || error.code == ENODEV {
            return .hangup
        }
    }

    /// Writes all of `bytes`, waiting for the tty to drain when it is full.
    public func write(_ bytes: [UInt8]) throws(SystemError) {
        guard let fd = descriptor else { throw SystemError(code: EBADF, operation: "write closed \(path)") }
        try fd.writeAll(bytes)
    }

    /// Closes the descriptor; harmless when already closed.
    public func close() {
        descriptor?.close()
        descriptor = nil
    }

    private func configure(_ fd: FileDescriptor, baud: Int, flush: Bool) throws(SystemError) {
        guard let speed = Self.speed(for: baud) else {
            throw SystemError(code: EINVAL, operation: "set baud \(baud) on \(path) (supported: \(Self.supportedBaudRates.map(String.init).joined(separator: ", ")))")
        }
        var t = termios()
        _ = try retryingInterrupts("tcgetattr \(path)") { tcgetattr(fd.rawValue, &t) }
        cfmakeraw(&t)
        t.c_cflag |= tcflag_t(CLOCAL | CREAD)
        t.c_cflag &= ~(tcflag_t(CSTOPB | PARENB) | tcflag_t(CRTSCTS))
        withUnsafeMutableBytes(of: &t.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        _ = try retryingInterrupts("cfsetispeed \(path)") { cfsetispeed(&t, speed) }
        _ = try retryingInterrupts("cfsetospeed \(path)") { cfsetospeed(&t, speed) }
        _ = try retryingInterrupts("tcsetattr \(path)") { tcsetattr(fd.rawValue, TCSANOW, &t) }
        if flush { _ = tcflush(fd.rawValue, TCIFLUSH) }  // bytes received at the old speed are garbage
    }

    /// The termios speed constant for `baud`, or nil if unsupported.
    static func speed(for baud: Int) -> speed_t? {
        switch baud {
        case 4800: speed_t(B4800)
        case 9600: speed_t(B9600)
        case 19200: speed_t(B19200)
        case 38400: speed_t(B38400)
        case 57600: speed_t(B57600)
        case 115200: speed_t(B115200)
        case 230400: speed_t(B230400)
        case 460800: speed_t(B460800)
        case 921600: speed_t(B921600)
        default: nil
        }
    }
}
