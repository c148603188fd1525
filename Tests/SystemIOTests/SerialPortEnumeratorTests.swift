import Foundation
import SystemIO
import Testing

@Suite("SerialPortEnumerator")
struct SerialPortEnumeratorTests {
    @Test("lists the machine's serial ports by device path, each one real hardware")
    func listsPorts() throws {
        let ports = try SerialPortEnumerator.ports()
        for port in ports {
            #expect(port.name.hasPrefix("/dev/"))
            #expect(SerialPortOpener.isHardwareSerialPort(port.name))
            if port.transport != .usb { #expect(port.usbID == nil) }
        }
        #expect(ports.map(\.name) == ports.map(\.name).sorted())
    }

    @Test("a USB identity prints as lower-case VID:PID")
    func usbID() {
        let ublox = SerialPortInfo(name: "/dev/ttyACM0", transport: .usb, usbVendorID: 0x1546, usbProductID: 0x01A8,
                                   manufacturer: "u-blox AG - www.u-blox.com", product: "u-blox GNSS receiver")
        #expect(ublox.usbID == "1546:01a8")
        #expect(SerialPortInfo(name: "/dev/ttyS0", transport: .native).usbID == nil)
    }

    @Test("asking for a path libserialport does not know throws")
    func unknownPath() {
        #expect(throws: SystemError.self) { try SerialPortEnumerator.port(at: "/dev/waygate-absent") }
    }
}
