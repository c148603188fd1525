/// A serial port the system knows about, with its USB identity where it has one: what
/// `waygate devices` lists.
public struct SerialPortInfo: Sendable, Hashable, Codable {
    /// How a port is attached.
    public enum Transport: String, Sendable, Hashable, Codable {
        /// An on-board UART or other native port.
        case native
        /// A USB-serial adapter or USB CDC-ACM device.
        case usb
        /// A Bluetooth serial link.
        case bluetooth
        /// libserialport could not tell.
        case unknown
    }

    /// Device path, e.g. `/dev/ttyUSB0`.
    public var name: String
    /// Human-readable description from libserialport, e.g. `u-blox GNSS receiver`.
    public var description: String?
    /// How the port is attached.
    public var transport: Transport
    /// USB vendor id, e.g. 0x1546 for u-blox.
    public var usbVendorID: Int?
    /// USB product id.
    public var usbProductID: Int?
    /// USB manufacturer string.
    public var manufacturer: String?
    /// USB product string.
    public var product: String?
    /// USB serial number string.
    public var serialNumber: String?

    /// A port description.
    public init(name: String, description: String? = nil, transport: Transport = .unknown, usbVendorID: Int? = nil,
                usbProductID: Int? = nil, manufacturer: String? = nil, product: String? = nil, serialNumber: String? = nil) {
        self.name = name
        self.description = description
        self.transport = transport
        self.usbVendorID = usbVendorID
        self.usbProductID = usbProductID
        self.manufacturer = manufacturer
        self.product = product
        self.serialNumber = serialNumber
    }

    /// `VID:PID` in lower-case hex (`1546:01a8`), or nil for a non-USB port.
    public var usbID: String? {
        guard let usbVendorID, let usbProductID else { return nil }
        return hex4(usbVendorID) + ":" + hex4(usbProductID)
    }

    private func hex4(_ v: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
