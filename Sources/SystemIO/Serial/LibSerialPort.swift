internal import CSerialPort

#if canImport(Glibc)
import Glibc
#endif

/// A serial device opened through libserialport 0.1.1: the driver for real serial hardware
/// (USB-serial adapters, on-board UARTs).
///
/// libserialport cannot see a hang-up (its reads return 0 after an unplug, like a timeout,
/// TOOLCHAIN.md §3), so reads poll the port's own descriptor and report POLLHUP/POLLERR as
/// `.hangup`, then read with `sp_nonblocking_read`. It refuses pseudo-terminals; use
/// `SerialPort` for those. Use from one thread only.
public final class LibSerialPort: SerialConnection {
    /// The path the port was opened with.
    public let path: String
    /// Always `"libserialport"`.
    public let driver = "libserialport"
    /// The current line speed, bits per second.
    public private(set) var baudRate: Int
    private var port: OpaquePointer?
    private let descriptor: FileDescriptor
    /// The buffer each read fills, kept across reads (a read returns a copy of what arrived).
    private var scratch: [UInt8] = []

    /// Opens `path` read-write at `baudRate`, 8N1, no flow control.
    public init(path: String, baudRate: Int = 9600) throws(SystemError) {
        self.path = path
        self.baudRate = baudRate
        var p: OpaquePointer?
        try Self.check(sp_get_port_by_name(path, &p), "sp_get_port_by_name \(path)")
        guard let opened = p else { throw SystemError(code: ENODEV, operation: "sp_get_port_by_name \(path)") }
        do throws(SystemError) {
            try Self.check(sp_open(opened, SP_MODE_READ_WRITE), "sp_open \(path)")
        } catch {
            sp_free_port(opened)
            throw error
        }
        port = opened
        var fd: Int32 = -1
        _ = sp_get_port_handle(opened, &fd)
        descriptor = FileDescriptor(rawValue: fd)
        do throws(SystemError) {
            try Self.check(sp_set_bits(opened, 8), "sp_set_bits \(path)")
            try Self.check(sp_set_parity(opened, SP_PARITY_NONE), "sp_set_parity \(path)")
            try Self.check(sp_set_stopbits(opened, 1), "sp_set_stopbits \(path)")
            try Self.check(sp_set_flowcontrol(opened, SP_FLOWCONTROL_NONE), "sp_set_flowcontrol \(path)")
            try setBaudRate(baudRate)
        } catch {
            close()  // deinit would too; closing here keeps the order obvious
            throw error
        }
    }

    deinit { close() }

    /// Sets the speed with `sp_set_baudrate` and flushes input received at the old one.
    public func setBaudRate(_ baud: Int) throws(SystemError) {
        guard let port else { throw SystemError(code: EBADF, operation: "set baud on closed \(path)") }
        try Self.check(sp_set_baudrate(port, Int32(clamping: baud)), "sp_set_baudrate \(baud) \(path)")
        _ = sp_flush(port, SP_BUF_INPUT)
        baudRate = baud
    }

    /// Polls the port descriptor (to see hang-ups), then `sp_nonblocking_read`.
    public func read(maxBytes: Int = 4096, timeoutMilliseconds: Int32) throws(SystemError) -> SerialReadResult {
        guard let port else { throw SystemError(code: EBADF, operation: "read closed \(path)") }
        let revents = try descriptor.poll(events: Int16(POLLIN), timeoutMilliseconds: timeoutMilliseconds)
        if revents == 0 { return .timeout }
        if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hangup }
        if scratch.count != maxBytes { scratch = [UInt8](repeating: 0, count: maxBytes) }
        let r = scratch.withUnsafeMutableBytes { sp_nonblocking_read(port, $0.baseAddress, maxBytes) }
        if r.rawValue < 0 {
            let error = Self.error(r, "sp_nonblocking_read \(path)")
            if error.code == EIO || error.code == ENXIO || error.code == ENODEV { return .hangup }
            throw error
        }
        // poll said readable, so 0 bytes means end of file: the device is gone.
        if r.rawValue == 0 { return .hangup }
        return .data(Array(scratch[..<Int(r.rawValue)]))
    }

    /// `sp_blocking_write` with a 1 s timeout.
    public func write(_ bytes: [UInt8]) throws(SystemError) {
        guard let port else { throw SystemError(code: EBADF, operation: "write closed \(path)") }
        let r = bytes.withUnsafeBytes { sp_blocking_write(port, $0.baseAddress, $0.count, 1000) }
        if r.rawValue < 0 { throw Self.error(r, "sp_blocking_write \(path)") }
    }

    /// `sp_close` and `sp_free_port`; harmless when already closed.
    public func close() {
        guard let port else { return }
        _ = sp_close(port)
        sp_free_port(port)
        self.port = nil
    }

    /// Throws unless `result` is SP_OK (or a non-negative count).
    static func check(_ result: sp_return, _ operation: @autoclosure () -> String) throws(SystemError) {
        if result.rawValue < 0 { throw error(result, operation()) }
    }

    /// The SystemError for a failed libserialport call: the OS errno after SP_ERR_FAIL,
    /// otherwise EINVAL/ENOMEM/ENOTSUP with libserialport's reason in the operation text.
    static func error(_ result: sp_return, _ operation: String) -> SystemError {
        switch result {
        case SP_ERR_FAIL:
            return SystemError(code: sp_last_error_code(), operation: operation)
        case SP_ERR_MEM:
            return SystemError(code: ENOMEM, operation: operation)
        case SP_ERR_SUPP:
            return SystemError(code: ENOTSUP, operation: "\(operation) (not supported by libserialport)")
        default:
            return SystemError(code: EINVAL, operation: "\(operation) (libserialport: not a serial port it recognises)")
        }
    }
}
