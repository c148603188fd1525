internal import CSerialPort

#if canImport(Glibc)
import Glibc
#endif

/// Lists serial ports and their USB identity through libserialport (`sp_list_ports`).
public enum SerialPortEnumerator {
    /// Every serial port libserialport finds, sorted by name.
    public static func ports() throws(SystemError) -> [SerialPortInfo] {
        var list: UnsafeMutablePointer<OpaquePointer?>?
        try LibSerialPort.check(sp_list_ports(&list), "sp_list_ports")
        guard let list else { return [] }
        defer { sp_free_port_list(list) }
        var result: [SerialPortInfo] = []
        var i = 0
        while let port = list[i] {
            result.append(info(port))
            i += 1
        }
        return result.sorted { $0.name < $1.name }
    }

    /// The description of the one port at `path`; throws if libserialport does not know it.
    public static func port(at path: String) throws(SystemError) -> SerialPortInfo {
        var p: OpaquePointer?
        try LibSerialPort.check(sp_get_port_by_name(path, &p), "sp_get_port_by_name \(path)")
        guard let port = p else { throw SystemError(code: ENODEV, operation: "sp_get_port_by_name \(path)") }
        defer { sp_free_port(port) }
        return info(port)
    }

    private static func info(_ port: OpaquePointer) -> SerialPortInfo {
        var info = SerialPortInfo(name: string(sp_get_port_name(port)) ?? "?", description: string(sp_get_port_description(port)))
        switch sp_get_port_transport(port) {
        case SP_TRANSPORT_NATIVE: info.transport = .native
        case SP_TRANSPORT_USB: info.transport = .usb
        case SP_TRANSPORT_BLUETOOTH: info.transport = .bluetooth
        default: info.transport = .unknown
        }
        if info.transport == .usb {
            var vid: Int32 = 0
            var pid: Int32 = 0
            if sp_get_port_usb_vid_pid(port, &vid, &pid) == SP_OK {
                info.usbVendorID = Int(vid)
                info.usbProductID = Int(pid)
            }
            info.manufacturer = string(sp_get_port_usb_manufacturer(port))
            info.product = string(sp_get_port_usb_product(port))
            info.serialNumber = string(sp_get_port_usb_serial(port))
        }
        return info
    }

    /// A Swift string from a C string owned by libserialport (not freed here), nil if NULL or empty.
    private static func string(_ c: UnsafeMutablePointer<CChar>?) -> String? {
        guard let c else { return nil }
        let s = String(decoding: UnsafeRawBufferPointer(start: c, count: strlen(c)), as: UTF8.self)
        return s.isEmpty ? nil : s
    }
}
