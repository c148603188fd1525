/// An open serial device that can be read with a timeout and re-clocked: the termios
/// `SerialPort` or the libserialport-backed `LibSerialPort`.
///
/// Implementations are single-owner classes: use one from one thread only (they hold a raw
/// descriptor or a libserialport handle that must not be shared).
public protocol SerialConnection: AnyObject {
    /// The path the device was opened with.
    var path: String { get }
    /// Which driver reads it: `"termios"` or `"libserialport"`.
    var driver: String { get }
    /// The current line speed in bits per second.
    var baudRate: Int { get }
    /// Changes the line speed (8N1, raw); throws for a rate the platform does not support.
    func setBaudRate(_ baud: Int) throws(SystemError)
    /// Waits up to `timeoutMilliseconds` for input and returns it, or `.timeout`, or `.hangup`.
    func read(maxBytes: Int, timeoutMilliseconds: Int32) throws(SystemError) -> SerialReadResult
    /// Writes all of `bytes` (used for receiver configuration and tests).
    func write(_ bytes: [UInt8]) throws(SystemError)
    /// Closes the device; further calls fail with EBADF. Calling it twice is harmless.
    func close()
}
