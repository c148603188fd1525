/// A model of an 8N1 serial line, for recording what a receiver at one speed hears from a
/// transmitter at another: the byte streams baud hunting has to tell apart.
///
/// The transmitter sends each byte as a start bit (0), eight data bits LSB first and a stop
/// bit (1), back to back. The receiver waits for a falling edge, samples the middle of each
/// of its own bit times, and keeps a byte only when its stop bit reads 1 (a framing error
/// is dropped, as the Linux tty layer does by default).
enum UARTLine {
    /// What a UART at `receivedAt` bits/s reads from `bytes` sent at `sentAt` bits/s.
    static func receive(_ bytes: [UInt8], sentAt: Int, receivedAt: Int) -> [UInt8] {
        var bits: [UInt8] = [1]  // idle line before the first start bit
        for byte in bytes {
            bits.append(0)
            for i in 0..<8 { bits.append((byte >> UInt8(i)) & 1) }
            bits.append(1)
        }
        let sentBit = 1.0 / Double(sentAt)
        let readBit = 1.0 / Double(receivedAt)
        func level(at time: Double) -> UInt8 {
            let i = Int(time / sentBit)
            return i < bits.count ? bits[i] : 1
        }
        var received: [UInt8] = []
        var i = 1
        while i < bits.count {
            guard bits[i] == 0, bits[i - 1] == 1 else {
                i += 1
                continue
            }
            let start = Double(i) * sentBit
            var byte: UInt8 = 0
            for k in 0..<8 where level(at: start + (Double(k) + 1.5) * readBit) == 1 { byte |= 1 << UInt8(k) }
            let stopTime = start + 9.5 * readBit
            if level(at: stopTime) == 1 { received.append(byte) }
            i = max(i + 1, Int(stopTime / sentBit) + 1)
        }
        return received
    }
}
