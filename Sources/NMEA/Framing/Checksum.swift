/// The NMEA 0183 checksum: the XOR of every byte between `$`/`!` and `*`.
public enum NMEAChecksum {
    /// The checksum of `body` (the bytes between the start character and `*`).
    @inlinable
    public static func of(_ body: some Sequence<UInt8>) -> UInt8 {
        var sum: UInt8 = 0
        for byte in body { sum ^= byte }
        return sum
    }

    /// The value of one ASCII hex digit (either case), or nil.
    @inlinable
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// Two upper-case hex digits for `sum`, as NMEA writes them.
    public static func hex(_ sum: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(sum >> 4)], digits[Int(sum & 0x0F)]], as: UTF8.self)
    }
}
