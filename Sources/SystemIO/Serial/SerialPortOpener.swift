#if canImport(Glibc)
import Glibc
#endif

/// Which library reads a serial device.
public enum SerialDriver: String, Sendable, CaseIterable {
    /// libserialport for real serial hardware, termios for everything else (ptys, rfcomm).
    case automatic
    /// Plain termios (`SerialPort`).
    case termios
    /// libserialport (`LibSerialPort`); refuses pseudo-terminals.
    case libserialport
}

/// Opens a serial device with the right driver: libserialport where the kernel shows a real
/// serial device behind the tty (`/sys/class/tty/NAME/device` exists: USB adapters, UARTs),
/// plain termios for pseudo-terminals and anything libserialport refuses.
public enum SerialPortOpener {
    /// Opens `path` at `baudRate` with `driver`.
    public static func open(_ path: String, baudRate: Int, driver: SerialDriver = .automatic) throws(SystemError) -> any SerialConnection {
        switch driver {
        case .termios:
            return try SerialPort(path: path, baudRate: baudRate)
        case .libserialport:
            return try LibSerialPort(path: path, baudRate: baudRate)
        case .automatic:
            guard isHardwareSerialPort(path) else { return try SerialPort(path: path, baudRate: baudRate) }
            do {
                return try LibSerialPort(path: path, baudRate: baudRate)
            } catch where error.code == EINVAL || error.code == ENOTTY {
                // libserialport refused the device (unknown to it, or no modem lines): termios still works.
                return try SerialPort(path: path, baudRate: baudRate)
            }
        }
    }

    /// Whether `path` (after resolving symlinks) is a tty backed by a kernel device, i.e. real
    /// serial hardware rather than a pseudo-terminal.
    public static func isHardwareSerialPort(_ path: String) -> Bool {
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        let device = String(decoding: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)), as: UTF8.self)
        guard device.hasPrefix("/dev/"), !device.hasPrefix("/dev/pts/") else { return false }
        let name = device.dropFirst("/dev/".count)
        guard !name.contains("/") else { return false }
        return access("/sys/class/tty/\(name)/device", F_OK) == 0
    }
}
