import Timekeeping

/// gpsd's time format: ISO 8601 UTC with milliseconds (`2017-01-10T00:09:41.000Z`).
enum GPSDTime {
    static func string(_ t: Timestamp) -> String { t.iso8601(fractionDigits: 3) }
    static func parse(_ s: String) -> Timestamp? { Timestamp(iso8601: s) }

    /// Writes `string(t)` in quotes at `out` (room for `Timestamp.iso8601MaximumCount` + 2
    /// bytes), as gpsd writes it (nothing in it needs escaping), without making the `String`;
    /// returns how many bytes.
    static func writeQuoted(_ t: Timestamp, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        let end = 1 + t.writeISO8601(fractionDigits: 3, to: out + 1)
        out[end] = UInt8(ascii: "\"")
        return end + 1
    }
}
