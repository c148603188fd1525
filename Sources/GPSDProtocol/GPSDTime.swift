import Timekeeping

/// gpsd's time format: ISO 8601 UTC with milliseconds (`2017-01-10T00:09:41.000Z`).
enum GPSDTime {
    static func string(_ t: Timestamp) -> String { t.iso8601(fractionDigits: 3) }
    static func parse(_ s: String) -> Timestamp? { Timestamp(iso8601: s) }

    /// Appends `string(t)` in quotes, as gpsd writes it (nothing in it needs escaping), without
    /// making the `String`.
    static func appendQuoted(_ t: Timestamp, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        t.appendISO8601(fractionDigits: 3, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
