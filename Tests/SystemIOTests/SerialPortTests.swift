import Foundation
import SystemIO
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite("SerialPort (termios)")
struct SerialPortTests {
    @Test("reads what the other end of a real pty writes, and times out when it is quiet")
    func readsAndTimesOut() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let port = try SerialPort(path: pty.devicePath, baudRate: 4800)
        defer { port.close() }
        #expect(port.driver == "termios")
        #expect(try port.read(maxBytes: 64, timeoutMilliseconds: 50) == .timeout)
        try pty.writeAll([0x24, 0x47, 0x0D, 0x0A])
        #expect(try port.read(maxBytes: 64, timeoutMilliseconds: 2000) == .data([0x24, 0x47, 0x0D, 0x0A]))
    }

    @Test("changes speed among the NMEA rates and rejects an unsupported one naming it")
    func baudRates() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let port = try SerialPort(path: pty.devicePath)
        defer { port.close() }
        for baud in [4800, 9600, 19200, 38400, 57600, 115200] {
            try port.setBaudRate(baud)
            #expect(port.baudRate == baud)
        }
        let error = #expect(throws: SystemError.self) { try port.setBaudRate(12345) }
        #expect(error?.code == EINVAL)
        #expect(error?.description.contains("12345") == true)
        #expect(port.baudRate == 115200)
    }

    @Test("reports a hang-up when the writer side closes")
    func hangupWhenWriterCloses() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.devicePath)
        defer { port.close() }
        pty.close()
        #expect(try port.read(maxBytes: 64, timeoutMilliseconds: 2000) == .hangup)
    }

    @Test("opening a missing device names it in the error")
    func missingDevice() {
        let error = #expect(throws: SystemError.self) { try SerialPort(path: "/dev/waygate-no-such-tty") }
        #expect(error?.code == ENOENT)
        #expect(error?.description.contains("/dev/waygate-no-such-tty") == true)
    }

    @Test("the opener picks termios for a pty and does not take it for hardware")
    func openerChoosesTermiosForPty() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        #expect(!SerialPortOpener.isHardwareSerialPort(pty.devicePath))
        let port = try SerialPortOpener.open(pty.devicePath, baudRate: 9600)
        defer { port.close() }
        #expect(port.driver == "termios")
    }

    @Test("libserialport itself refuses a pty, as TOOLCHAIN.md §3 says")
    func libserialportRefusesPty() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let error = #expect(throws: SystemError.self) { try LibSerialPort(path: pty.devicePath) }
        #expect(error?.code == EINVAL)
    }
}
